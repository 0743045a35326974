#include <fmt/format.h>

#include <charconv>
#include <fstream>
#include <optional>
#include <unordered_set>

#include "cli/commands.h"
#include "cli/format_option.h"
#include "cli/merge_hint.h"
#include "core/display_name.h"
#include "core/text.h"
#include "import/pipeline.h"
#include "report/imported_runs.h"
#include "store/database.h"

// `speedlab import`: the arguments, then the import pipeline (src/import) and
// what it found, printed.
namespace speedlab::cli {

namespace {

struct ImportArgs {
    std::vector<std::string> files;
    std::string machine;
    std::string format = "text";
    import::Options options;
};

// Every line not used and every figure skipped, at its line; then what each
// run says of itself (where it was read from, hand-made tables).
void print_diagnostics(const import::Found& found) {
    // What a diagnostic ends with after each ": ": a note said so is not said again.
    // A set, not a search per note: a large text has a diagnostic for most lines.
    std::unordered_set<std::string_view> said;
    for (const auto& d : found.diagnostics) {
        fmt::print(stderr, "{}\n", terminal_safe(d));
        for (size_t p = d.find(": "); p != std::string::npos; p = d.find(": ", p + 1))
            said.insert(std::string_view(d).substr(p + 2));
    }
    for (const auto& f : found.files)
        for (const auto& r : f.runs)
            for (const auto& n : r.notes)
                if (!said.count(n))
                    fmt::print(stderr, "{}\n",
                               terminal_safe(r.source_file + ": " + r.label + ": " + n));
}

int print_imported(const std::vector<Run>& all, const import::Found& found, const ImportArgs& a) {
    int code = write_formatted(
        a.format, report::imported_formats().render(a.format, {all, a.options.dry_run}));
    if (a.format == "text" && found.unused_lines && !a.options.verbose)
        fmt::print(stderr, "{} line(s) inside runs were not used (--verbose lists them)\n",
                   found.unused_lines);
    return code;
}

// --machine NAME names every run; --machine 1=athlon,2=p3 names runs one by one
// (numbered as import lists them, from 1). Each name passes the name rule.
void read_machine_option(const std::string& option, import::Options& into) {
    auto refuse_if = [](const std::string& problem) {
        if (!problem.empty()) throw Error(ErrorKind::usage, "--machine: " + problem);
    };
    if (option.find('=') == std::string::npos) {
        into.machine_for_all = option;
        return refuse_if(name_problem("", into.machine_for_all));
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
            eq + 1 == pair.size())
            refuse_if("expected N=NAME pairs (1=athlon,2=p3), found '" + pair + "'");
        std::string name = pair.substr(eq + 1);
        refuse_if(name_problem(fmt::format("run {}", n), name));
        if (!into.machine_names.emplace(n, name).second)
            refuse_if(fmt::format("run {} is named twice", n));
        start = end + 1;
    }
}

// Stores what the files gave (a dry run opens no store), then prints each
// run skipped and each figure not stored, and one line per file.
int store_and_summarise(import::Found& found, std::vector<Run>& stored, const ImportArgs& a,
                        Global& global) {
    int code = Exit::ok;
    try {
        std::optional<store::Database> db;
        if (!a.options.dry_run) db.emplace(global.database_path());
        stored = import::store_found(found, a.options, db ? &*db : nullptr);
    } catch (const std::exception& e) {
        print_error(std::string("nothing more stored: ") + e.what());  // the summary follows
        code = Exit::failure;
    }
    for (const auto& f : found.files)
        for (const auto& m : f.messages) fmt::print(stderr, "{}\n", m);
    for (const auto& r : stored)
        for (const auto& n : r.notes)
            if (n.rfind("not stored: ", 0) == 0)
                fmt::print(stderr, "run {}: {}\n", r.id, terminal_safe(n));
    for (const auto& line : import::summary_lines(found, a.options))
        fmt::print(stderr, "{}\n", line);
    return code;
}

// 65 when some file gave no run; 1 when nothing was stored because every run
// given (of a text or a bundle) was stored before; else 0.
int import_status(const import::Found& found) {
    switch (import::outcome(found)) {
        case import::Outcome::refused:
            return Exit::bad_data;
        case import::Outcome::nothing_new:
            return Exit::failure;
        case import::Outcome::stored:
            break;
    }
    return Exit::ok;
}

}  // namespace

Command add_import(CLI::App& app, Global& global) {
    auto a = std::make_shared<ImportArgs>();
    app.add_option("files", a->files,
                   "text files with openssl speed output, speedlab bundles or runs as JSON, "
                   "or - for stdin")
        ->required();
    auto* machine_option =
        app.add_option("--machine", a->machine,
                       "name of the machine of every run, or N=NAME pairs for runs one by one "
                       "(1=athlon,2=p3)");
    app.add_option("--label", a->options.label, "label of the runs (several runs get -1, -2, ...)")
        ->transform(name_rule(NameKind::label));
    app.add_flag("--dry-run", a->options.dry_run, "print what was found, store nothing");
    add_format_option(app, a->format, report::imported_formats());
    app.add_flag("-v,--verbose", a->options.verbose,
                 "list diagnostics (file:line: severity: message): lines inside runs not used, "
                 "figures skipped, printed forms that disagree");
    app.add_flag("--again", a->options.again,
                 "import a text that was imported before (same sha256), or bundle runs "
                 "already stored");
    app.add_flag("--separate", a->options.separate,
                 "one run per openssl speed invocation (by default neighbouring invocations of one "
                 "build on one machine that share no figure are merged)");
    return [a, &global, machine_option]() -> int {
        if (machine_option->count()) read_machine_option(a->machine, a->options);
        import::Found found;  // a file that cannot be opened is refused, the others read
        import::read_files(a->files, a->options, found, open_input);
        const auto& names = a->options.machine_names;
        if (!names.empty() && names.rbegin()->first > found.most_runs)
            throw Error(ErrorKind::usage,
                        fmt::format("--machine: no run {} to name: the text gives {} run(s); "
                                    "nothing imported",
                                    names.rbegin()->first, found.most_runs));
        if (a->options.verbose) print_diagnostics(found);
        std::vector<Run> stored;
        if (int code = store_and_summarise(found, stored, *a, global); code != Exit::ok)
            return code;
        if (print_imported(stored, found, *a) != Exit::ok) return Exit::failure;
        if (!a->options.dry_run && !stored.empty())  // one box imported under several names
            for (const auto& hint : merge_hints(store::Database(global.database_path()), stored))
                fmt::print(stderr, "hint: {}\n", hint);
        return import_status(found);
    };
}

}  // namespace speedlab::cli
