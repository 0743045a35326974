#include <fmt/format.h>
#include <openssl/evp.h>

#include <charconv>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "bench/providers.h"
#include "cli/commands.h"
#include "core/clock.h"
#include "core/json.h"
#include "core/text.h"
#include "parse/speed_parser.h"
#include "store/database.h"

namespace speedlab::cli {

namespace {
struct ImportArgs {
    std::vector<std::string> files;
    std::string machine, label, format = "text";
    bool dry_run = false, verbose = false, separate = false, again = false;
};

std::string sha256_hex(const std::string& text) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(text.data(), text.size(), md, &len, EVP_sha256(), nullptr);
    return bench::to_hex(md, len);
}

// --machine NAME names every run; --machine 1=athlon,2=p3 names runs one by one
// (numbered as import lists them, from 1).
bool parse_machine_option(const std::string& option, std::map<size_t, std::string>& by_run,
                          std::string& for_all, std::string& error) {
    if (option.find('=') == std::string::npos) {
        for_all = option;
        return true;
    }
    size_t start = 0;
    while (start <= option.size()) {
        size_t end = option.find(',', start);
        if (end == std::string::npos) end = option.size();
        std::string pair = option.substr(start, end - start);
        auto eq = pair.find('=');
        size_t n = 0;
        auto [p, ec] =
            std::from_chars(pair.data(), pair.data() + (eq == std::string::npos ? 0 : eq), n);
        if (eq == std::string::npos || ec != std::errc{} || p != pair.data() + eq || n == 0 ||
            eq + 1 == pair.size()) {
            error = "expected N=NAME pairs (1=athlon,2=p3), found '" + pair + "'";
            return false;
        }
        by_run[n] = pair.substr(eq + 1);
        start = end + 1;
    }
    return true;
}

}  // namespace

Command add_import(CLI::App& app, Global& global) {
    auto a = std::make_shared<ImportArgs>();
    app.add_option("files", a->files, "text files with openssl speed output, or - for stdin")
        ->required();
    app.add_option("--machine", a->machine,
                   "name of the machine of every run, or N=NAME pairs for runs one by one "
                   "(1=athlon,2=p3)");
    app.add_option("--label", a->label, "label of the runs (several runs get -1, -2, ...)");
    app.add_flag("--dry-run", a->dry_run, "print what was found, store nothing");
    app.add_option("--format", a->format, "text or json")->check(CLI::IsMember({"text", "json"}));
    app.add_flag("-v,--verbose", a->verbose, "list the lines inside runs that were not used");
    app.add_flag("--again", a->again, "import a text that was imported before (same sha256)");
    app.add_flag("--separate", a->separate,
                 "one run per openssl speed invocation (by default neighbouring invocations of one "
                 "build on one "
                 "machine that share no figure are merged)");
    return [a, &global]() -> int {
        std::map<size_t, std::string> machine_names;
        std::string machine_for_all, error;
        if (!parse_machine_option(a->machine, machine_names, machine_for_all, error))
            return fail(Exit::usage, "--machine: " + error);
        std::vector<Run> all;
        std::vector<std::string> unused_report;
        for (const auto& path : a->files) {
            std::string error;
            auto text = read_input(path, parse::kMaxInputBytes, error);
            if (!text) return fail(Exit::bad_data, error);
            std::string name = path == "-" ? "<stdin>" : path;
            parse::ParsedText parsed;
            try {
                parsed = parse::parse_speed_text(*text, name, {.merge_invocations = !a->separate});
            } catch (const parse::InputError& e) {
                return fail(Exit::bad_data, e.what());
            }
            if (parsed.runs.empty() && parsed.ratio_table_line)
                return fail(Exit::bad_data,
                            fmt::format("{}:{}: found a ratio table (figures relative to another "
                                        "run), not openssl speed output; nothing imported",
                                        name, parsed.ratio_table_line));
            if (parsed.runs.empty())
                return fail(Exit::bad_data, name + ": no openssl speed output found");
            std::string sha = sha256_hex(*text);
            std::string stem = path == "-" ? "stdin" : std::filesystem::path(path).stem().string();
            size_t n = 0;
            for (auto& run : parsed.runs) {
                ++n;
                run.source_file =
                    path == "-" ? "<stdin>" : std::filesystem::path(path).filename().string();
                run.source_sha256 = sha;
                run.when = utc_now();
                std::string base = a->label.empty() ? stem : a->label;
                std::string mark = run.label;  // a row mark the text gave ("SW")
                run.label = parsed.runs.size() == 1 ? base : fmt::format("{}-{}", base, n);
                if (!mark.empty()) run.label += "-" + mark;
                if (auto named = machine_names.find(n); named != machine_names.end())
                    run.machine.label = named->second;
                else if (!machine_for_all.empty())
                    run.machine.label = machine_for_all;
                else if (run.machine.label.empty())
                    run.machine.label =
                        !run.machine.hostname.empty() ? run.machine.hostname : run.machine.cpu_name;
                all.push_back(std::move(run));
            }
            for (const auto& u : parsed.unused)
                unused_report.push_back(fmt::format("{}:{}: not used: {}", name, u.line, u.text));
        }
        if (a->verbose) {
            for (const auto& u : unused_report) fmt::print(stderr, "{}\n", u);
            for (const auto& r : all)
                for (const auto& n : r.notes)
                    fmt::print(stderr, "{}: {}: {}\n", r.source_file, r.label, terminal_safe(n));
        }
        if (!a->dry_run) {
            try {
                store::Database db(global.database_path());
                for (const auto& r : all) {
                    auto ids =
                        a->again ? std::vector<int64_t>{} : db.imported_from(r.source_sha256);
                    if (!ids.empty())
                        return fail(Exit::failure,
                                    fmt::format("{} was imported before (run {}; same sha256); "
                                                "nothing stored (--again imports it anyway)",
                                                r.source_file, ids.front()));
                }
                db.insert(all);
            } catch (const std::exception& e) {
                return fail(Exit::failure, std::string("nothing stored: ") + e.what());
            }
        }
        if (a->format == "json") {
            nlohmann::json j = nlohmann::json::array();
            for (const auto& r : all) j.push_back(to_json(r));
            return write_output(json_text(j), "") ? Exit::ok : Exit::failure;
        }
        for (const auto& r : all) {
            fmt::print("{} {:<28} {:>3} figures  {}{}{}\n",
                       a->dry_run ? "found " : fmt::format("run {:>3}", r.id), r.label,
                       r.measurements.size(), r.version.empty() ? "(no version line)" : r.version,
                       r.machine.cpu_name.empty() ? "" : " / " + r.machine.cpu_name,
                       r.complete ? "" : " (partial)");
        }
        if (!unused_report.empty() && !a->verbose)
            fmt::print(stderr, "{} line(s) inside runs were not used (--verbose lists them)\n",
                       unused_report.size());
        return Exit::ok;
    };
}

}  // namespace speedlab::cli
