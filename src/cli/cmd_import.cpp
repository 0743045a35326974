#include <fmt/format.h>
#include <openssl/evp.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string_view>
#include <unordered_set>

#include "bench/providers.h"
#include "cli/commands.h"
#include "core/clock.h"
#include "core/json.h"
#include "core/labelled_machines.h"
#include "core/text.h"
#include "parse/speed_parser.h"
#include "store/bundle.h"
#include "store/database.h"

namespace speedlab::cli {

namespace {
// Enough of a file to tell a JSON document from benchmark text.
constexpr size_t kSniffBytes = 64 << 10;

struct ImportArgs {
    std::vector<std::string> files;
    std::string machine, label, format = "text";
    bool dry_run = false, verbose = false, separate = false, again = false;
};

// What the files gave: runs read from benchmark text, runs that travelled in bundles.
struct Found {
    std::vector<Run> text_runs, bundle_runs;
    size_t unused_lines = 0;
    std::vector<std::string> diagnostics;  // "file:line: severity: message"
    std::map<size_t, std::string> machine_names;
    std::string machine_for_all;
    std::map<std::string, std::string> texts;  // sha256 -> the file that gave it first
    size_t most_runs = 0;                      // of one text: what --machine N=... may name
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
        if (!by_run.emplace(n, pair.substr(eq + 1)).second) {
            error = fmt::format("run {} is named twice", n);
            return false;
        }
        start = end + 1;
    }
    return true;
}

// Names and provenance of the runs read from one text.
void name_runs(std::deque<Run>& runs, const std::string& path, const std::string& sha,
               const ImportArgs& a, Found& found) {
    std::string stem = path == "-" ? "stdin" : std::filesystem::path(path).stem().string();
    size_t n = 0;
    LabelledMachines labelled;
    for (auto& run : runs) {
        ++n;
        run.source_file = path == "-" ? "<stdin>" : std::filesystem::path(path).filename().string();
        run.source_sha256 = sha;
        run.when = utc_now();
        std::string base = a.label.empty() ? stem : a.label;
        std::string mark = run.label;  // a row mark the text gave ("SW")
        run.label = runs.size() == 1 ? base : fmt::format("{}-{}", base, n);
        if (!mark.empty()) run.label += "-" + mark;
        if (auto named = found.machine_names.find(n); named != found.machine_names.end())
            run.machine = labelled.get(run.machine, named->second);
        else if (!found.machine_for_all.empty())
            run.machine = labelled.get(run.machine, found.machine_for_all);
        else if (run.machine->label.empty())
            run.machine =
                labelled.get(run.machine, !run.machine->hostname.empty() ? run.machine->hostname
                                                                         : run.machine->cpu_name);
    }
}

// A bundle is read as a stream, run by run; a text whole (the parser keeps it).
std::optional<int> read_file(const std::string& path, const ImportArgs& a, Found& found) {
    std::string error;
    std::ifstream file;
    std::istream* in = open_input(path, file, error);
    if (!in) return fail(Exit::bad_data, error);
    std::string name = path == "-" ? "<stdin>" : path;
    auto text = std::make_optional<std::string>();
    read_chunks(*in, kSniffBytes, *text);
    if (store::looks_like_json(*text)) {
        try {
            for (auto& run : store::read_bundle(*in, name, std::move(*text)))
                found.bundle_runs.push_back(std::move(run));
        } catch (const store::BundleError& e) {
            return fail(Exit::bad_data, std::string(e.what()) + "; nothing imported");
        }
        if (in->bad()) return fail(Exit::bad_data, name + ": cannot read: " + std::strerror(errno));
        return std::nullopt;
    }
    std::error_code ec;
    if (auto size = std::filesystem::file_size(path, ec); !ec && path != "-")
        text->reserve(std::min<uintmax_t>(size, parse::kMaxInputBytes) + 1);
    read_chunks(*in, parse::kMaxInputBytes, *text);
    if (in->bad()) return fail(Exit::bad_data, name + ": cannot read: " + std::strerror(errno));
    std::string sha = sha256_hex(*text);  // of its bytes, before the parser reads them as text
    if (auto [given, fresh] = found.texts.emplace(sha, name); !fresh) {
        fmt::print(stderr, "skipped {}: the same text as {} (same sha256)\n", terminal_safe(name),
                   terminal_safe(given->second));
        return std::nullopt;
    }
    // The parser keeps the text (its runs' raw texts are spans of it), and may
    // make plain text of it.
    auto kept = std::make_shared<std::string>(std::move(*text));
    parse::ParsedText parsed;
    try {
        parsed = parse::parse_speed_text(kept, name, {.merge_invocations = !a.separate});
    } catch (const parse::InputError& e) {
        return fail(Exit::bad_data, e.what());
    }
    if (parsed.runs.empty() && parsed.ratio_table_line)
        return fail(Exit::bad_data,
                    fmt::format("{}:{}: found a ratio table (figures relative to another "
                                "run), not openssl speed output; nothing imported",
                                name, parsed.ratio_table_line));
    if (parsed.runs.empty())
        return fail(Exit::bad_data,
                    parsed.closest_line
                        ? fmt::format("{}:{}: no openssl speed output found; closest: {}", name,
                                      parsed.closest_line, terminal_safe(parsed.closest_what))
                        : name + ":1: no openssl speed output found");
    found.most_runs = std::max(found.most_runs, parsed.runs.size());
    name_runs(parsed.runs, path, sha, a, found);
    found.text_runs.reserve(found.text_runs.size() + parsed.runs.size());
    for (auto& run : parsed.runs) found.text_runs.push_back(std::move(run));
    found.unused_lines += parsed.unused_lines;
    if (!a.verbose) return std::nullopt;  // only --verbose prints them
    auto messages = parse::diagnostic_messages(parsed.diagnostics, *kept);
    for (size_t k = 0; k < messages.size(); ++k) {
        const auto& d = parsed.diagnostics[k];
        found.diagnostics.push_back(
            fmt::format("{}:{}: {}: {}", name, d.line, to_string(d.severity), messages[k]));
    }
    return std::nullopt;
}

// Stores text runs and new bundle runs in one transaction. A text imported
// before is refused; a bundle run already stored (same content) is skipped.
int store_found(Found& found, std::vector<Run>& stored, const ImportArgs& a, Global& global) {
    if (a.dry_run) {  // the store is not even opened
        stored = std::move(found.text_runs);
        for (auto& r : found.bundle_runs) stored.push_back(std::move(r));
        return Exit::ok;
    }
    try {
        store::Database db(global.database_path());
        for (const auto& r : found.text_runs) {
            auto ids = a.again ? std::vector<int64_t>{} : db.imported_from(r.source_sha256);
            if (!ids.empty())
                return fail(Exit::failure,
                            fmt::format("{} was imported before (run {}; same sha256); "
                                        "nothing stored (--again imports it anyway)",
                                        r.source_file, ids.front()));
        }
        stored = std::move(found.text_runs);
        std::unordered_set<std::string> contents;  // a run given twice is stored once
        for (auto& r : found.bundle_runs) {
            std::string content = store::content_sha256(r);
            if (!contents.insert(content).second) {
                fmt::print(stderr, "skipped {}: given twice in this import (same content)\n",
                           r.label.empty() ? "a run" : "'" + terminal_safe(r.label) + "'");
                continue;
            }
            auto ids = a.again ? std::vector<int64_t>{} : db.with_content(content);
            if (ids.empty())
                stored.push_back(std::move(r));
            else
                fmt::print(stderr, "skipped {}: already stored as run {} (same content)\n",
                           r.label.empty() ? "a run" : "'" + terminal_safe(r.label) + "'",
                           ids.front());
        }
        db.insert(stored);
        for (const auto& r : stored)
            for (const auto& n : r.notes)
                if (n.rfind("not stored: ", 0) == 0)
                    fmt::print(stderr, "run {}: {}\n", r.id, terminal_safe(n));
    } catch (const std::exception& e) {
        return fail(Exit::failure, std::string("nothing stored: ") + e.what());
    }
    return Exit::ok;
}

// Every line not used and every figure skipped, at its line; then what each
// run says of itself (where it was read from, hand-made tables).
void print_diagnostics(const Found& found) {
    // What a diagnostic ends with after each ": ": a note said so is not said again.
    // A set, not a search per note: a large text has a diagnostic for most lines.
    std::unordered_set<std::string_view> said;
    for (const auto& d : found.diagnostics) {
        fmt::print(stderr, "{}\n", terminal_safe(d));
        for (size_t p = d.find(": "); p != std::string::npos; p = d.find(": ", p + 1))
            said.insert(std::string_view(d).substr(p + 2));
    }
    for (const auto& r : found.text_runs)
        for (const auto& n : r.notes)
            if (!said.count(n))
                fmt::print(stderr, "{}: {}: {}\n", r.source_file, r.label, terminal_safe(n));
}

int print_imported(const std::vector<Run>& all, const Found& found, const ImportArgs& a) {
    if (a.format == "json") {
        nlohmann::json j = nlohmann::json::array();
        for (const auto& r : all) j.push_back(to_json(r));
        return write_output(json_text(j), "") ? Exit::ok : Exit::failure;
    }
    for (const auto& r : all) {
        // A BogoMips fact of a typed table has no figures: say what it holds.
        std::string what =
            r.version.empty() ? "(no version line)" : terminal_safe(valid_utf8(r.version));
        if (r.measurements.empty() && r.machine->bogomips)
            what = fmt::format("BogoMips {:.2f} of {}{}", *r.machine->bogomips,
                               terminal_safe(r.machine->label),
                               r.machine->kernel_release.empty()
                                   ? ""
                                   : " under Linux " + terminal_safe(r.machine->kernel_release));
        fmt::print("{} {:<28} {:>3} figures  {}{}{}\n",
                   a.dry_run ? "found " : fmt::format("run {:>3}", r.id),
                   terminal_safe(valid_utf8(r.label)), r.measurements.size(), what,
                   r.machine->cpu_name.empty()
                       ? ""
                       : " / " + terminal_safe(valid_utf8(r.machine->cpu_name)),
                   r.complete ? "" : " (partial)");
    }
    if (found.unused_lines && !a.verbose)
        fmt::print(stderr, "{} line(s) inside runs were not used (--verbose lists them)\n",
                   found.unused_lines);
    return Exit::ok;
}

}  // namespace

Command add_import(CLI::App& app, Global& global) {
    auto a = std::make_shared<ImportArgs>();
    app.add_option("files", a->files,
                   "text files with openssl speed output, speedlab bundles or runs as JSON, "
                   "or - for stdin")
        ->required();
    app.add_option("--machine", a->machine,
                   "name of the machine of every run, or N=NAME pairs for runs one by one "
                   "(1=athlon,2=p3)");
    app.add_option("--label", a->label, "label of the runs (several runs get -1, -2, ...)");
    app.add_flag("--dry-run", a->dry_run, "print what was found, store nothing");
    app.add_option("--format", a->format, "text or json")->check(CLI::IsMember({"text", "json"}));
    app.add_flag("-v,--verbose", a->verbose,
                 "list diagnostics (file:line: severity: message): lines inside runs not used, "
                 "figures skipped, printed forms that disagree");
    app.add_flag("--again", a->again,
                 "import a text that was imported before (same sha256), or bundle runs "
                 "already stored");
    app.add_flag("--separate", a->separate,
                 "one run per openssl speed invocation (by default neighbouring invocations of one "
                 "build on one machine that share no figure are merged)");
    return [a, &global]() -> int {
        Found found;
        std::string error;
        if (!parse_machine_option(a->machine, found.machine_names, found.machine_for_all, error))
            return fail(Exit::usage, "--machine: " + error);
        for (const auto& path : a->files)
            if (auto code = read_file(path, *a, found)) return *code;
        if (!found.machine_names.empty() && found.machine_names.rbegin()->first > found.most_runs)
            return fail(Exit::usage,
                        fmt::format("--machine: no run {} to name: the text gives {} run(s); "
                                    "nothing imported",
                                    found.machine_names.rbegin()->first, found.most_runs));
        if (a->verbose) print_diagnostics(found);
        std::vector<Run> stored;
        if (int code = store_found(found, stored, *a, global); code != Exit::ok) return code;
        return print_imported(stored, found, *a);
    };
}

}  // namespace speedlab::cli
