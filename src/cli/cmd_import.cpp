#include <fmt/format.h>
#include <openssl/evp.h>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string_view>
#include <unordered_set>

#include "bench/providers.h"
#include "cli/commands.h"
#include "cli/import_once.h"
#include "cli/merge_hint.h"
#include "core/algorithm.h"
#include "core/clock.h"
#include "core/display_name.h"
#include "core/json.h"
#include "core/labelled_machines.h"
#include "core/plural.h"
#include "core/text.h"
#include "parse/speed_parser.h"
#include "report/speed_table.h"
#include "store/bundle.h"
#include "store/content_key.h"
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

// What one file gave: its runs, or why it gave none. Each file is judged and
// stored on its own, so one bad file does not lose the others.
struct FileResult {
    std::string name;
    std::vector<Run> runs;
    bool bundle = false;
    std::string refused;  // "FILE:LINE: why": the file gave no run
    std::string skipped;  // why its runs were not stored (already stored)
    size_t stored = 0, already = 0;
    size_t repeated = 0;  // runs the text repeats (a table in several posts): stored once
};

// What the files gave, file by file.
struct Found {
    std::vector<FileResult> files;
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
        error = name_problem("", for_all);
        return error.empty();
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
        std::string name = pair.substr(eq + 1);
        if (error = name_problem(fmt::format("run {}", n), name); !error.empty()) return false;
        if (!by_run.emplace(n, name).second) {
            error = fmt::format("run {} is named twice", n);
            return false;
        }
        start = end + 1;
    }
    return true;
}

// A word of a label: ASCII letters, digits and ._+- only; spaces become '-'.
std::string label_word(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == ' ' || c == '/') c = '-';
        if (std::isalnum(static_cast<unsigned char>(c)) || std::strchr("._+-", c)) out += c;
    }
    return out.substr(0, 24);
}

// "Red Hat Linux release 7.3 (Valhalla)" -> "rh73": a distribution's short name
// and its version's digits; empty when the text names none.
std::string distribution_word(const std::string& distribution) {
    static constexpr std::pair<std::string_view, std::string_view> kShort[] = {
        {"red hat", "rh"},      {"redhat", "rh"},     {"mandrake", "mdk"},  {"mandriva", "mdv"},
        {"slackware", "slack"}, {"debian", "debian"}, {"ubuntu", "ubuntu"}, {"fedora", "fc"},
        {"centos", "centos"},   {"suse", "suse"}};
    std::string lower = lower_ascii(distribution);
    for (const auto& [name, word] : kShort) {
        auto at = lower.find(name);
        if (at == std::string::npos) continue;
        std::string digits;
        size_t k = lower.find_first_of("0123456789", at);
        for (; k < lower.size() &&
               (std::isdigit(static_cast<unsigned char>(lower[k])) || lower[k] == '.');
             ++k)
            if (lower[k] != '.') digits += lower[k];
        return std::string(word) + digits;
    }
    return "";
}

// "OpenSSL 0.9.6b [engine] 9 Jul 2001" -> "0.9.6b"; empty without a number.
std::string version_word(const std::string& version) {
    std::istringstream words(version);
    for (std::string w; words >> w;)
        if (std::isdigit(static_cast<unsigned char>(w[0])) && w.find('.') != std::string::npos)
            return label_word(w);
    return "";
}

// The build a version line or compiler flags name: "engine", "asm", else "".
std::string build_word(const Run& run) {
    if (run.version.find("[engine]") != std::string::npos) return "engine";
    if (run.compiler.find("_ASM") != std::string::npos) return "asm";
    return "";
}

// A label from what the text says: machine, distribution, OpenSSL version, and
// the build where two runs of the text differ only by it (`p-rh73 rh73 0.9.6b asm`);
// a BogoMips run: machine, kernel, `bogomips`. Unique labels are made at storing.
void readable_labels(std::deque<Run>& runs) {
    std::vector<std::string> bases;
    for (const auto& run : runs) {
        const Machine& m = run.machine;
        std::vector<std::string> parts{label_word(m.label.empty() ? m.hostname : m.label)};
        bool bogomips =
            run.measurements.size() == 1 && run.measurements[0].algorithm.view() == kBogomipsId;
        if (bogomips) {
            if (!m.kernel_release.empty()) parts.push_back("linux-" + label_word(m.kernel_release));
            parts.push_back("bogomips");
        } else {
            parts.push_back(distribution_word(m.distribution));
            parts.push_back(version_word(run.version));
        }
        std::string base;
        for (const auto& p : parts)
            if (!p.empty()) base += (base.empty() ? "" : " ") + p;
        bases.push_back(base.empty() ? "run" : base);
    }
    for (size_t k = 0; k < runs.size(); ++k) {
        std::string build = build_word(runs[k]);
        bool differs = false;
        for (size_t j = 0; j < runs.size(); ++j)
            differs |= j != k && bases[j] == bases[k] && build_word(runs[j]) != build;
        runs[k].label = bases[k] + (differs && !build.empty() ? " " + build : "");
    }
}

// What the text calls a machine: its label (a heading, a prompt), host name or CPU.
const std::string& named_by_text(const Machine& m) {
    return !m.label.empty() ? m.label : !m.hostname.empty() ? m.hostname : m.cpu_name;
}

// Names and provenance of the runs read from one text.
void name_runs(std::deque<Run>& runs, const std::string& path, const std::string& sha,
               const ImportArgs& a, Found& found) {
    size_t n = 0;
    LabelledMachines labelled;
    for (auto& run : runs) {
        ++n;
        run.source_file = path == "-" ? "<stdin>" : std::filesystem::path(path).filename().string();
        run.source_sha256 = sha;
        if (run.sources.empty()) run.sources.emplace_back();
        for (auto& source : run.sources) source.file = run.source_file, source.sha256 = sha;
        run.when = utc_now();
        if (!a.label.empty()) {
            std::string mark = name_from_text(run.label, NameKind::label);  // a row mark ("SW")
            std::string suffix = runs.size() == 1 ? "" : fmt::format("-{}", n);
            run.label = with_suffix(a.label, suffix + (mark.empty() ? "" : "-" + mark));
        }
        if (auto named = found.machine_names.find(n); named != found.machine_names.end())
            run.machine = labelled.get(run.machine, named->second);
        else if (!found.machine_for_all.empty())
            run.machine = labelled.get(run.machine, found.machine_for_all);
        else if (std::string name = name_from_text(named_by_text(*run.machine), NameKind::machine);
                 name != run.machine->label)  // a name from the text: one visible line
            run.machine = labelled.get(run.machine, std::move(name));
    }
    if (a.label.empty()) readable_labels(runs);
}

// Why a text gave no run, at the line that came closest.
std::string no_run_reason(const parse::ParsedText& parsed, const std::string& name) {
    if (parsed.ratio_table_line)
        return fmt::format(
            "{}:{}: found a ratio table (figures relative to another run), not "
            "openssl speed output; nothing imported",
            name, parsed.ratio_table_line);
    if (parsed.closest_line)
        return fmt::format("{}:{}: no openssl speed output found; closest: {}", name,
                           parsed.closest_line, terminal_safe(parsed.closest_what));
    return name + ":1: no openssl speed output found";
}

void read_bundle_file(std::istream& in, std::string head, FileResult& file) {
    try {
        for (auto& run : store::read_bundle(in, file.name, std::move(head)))
            file.runs.push_back(std::move(run));
    } catch (const store::BundleError& e) {
        file.runs.clear();  // a bundle is stored whole or not at all
        file.refused = std::string(e.what()) + "; nothing imported";
        return;
    }
    if (in.bad()) {
        file.runs.clear();
        file.refused = file.name + ": cannot read: " + std::strerror(errno);
    }
}

void keep_diagnostics(const parse::ParsedText& parsed, const std::string& text,
                      const std::string& name, Found& found) {
    auto messages = parse::diagnostic_messages(parsed.diagnostics, text);
    for (size_t k = 0; k < messages.size(); ++k) {
        const auto& d = parsed.diagnostics[k];
        found.diagnostics.push_back(
            fmt::format("{}:{}: {}: {}", name, d.line, to_string(d.severity), messages[k]));
    }
}

// Reads the runs of a text whose first bytes are in `text`.
void read_text_file(std::istream& in, const std::string& path, std::string text,
                    const ImportArgs& a, Found& found, FileResult& file) {
    std::error_code ec;
    if (auto size = std::filesystem::file_size(path, ec); !ec && path != "-")
        text.reserve(std::min<uintmax_t>(size, parse::kMaxInputBytes) + 1);
    read_chunks(in, parse::kMaxInputBytes, text);
    if (in.bad()) {
        file.refused = file.name + ": cannot read: " + std::strerror(errno);
        return;
    }
    std::string sha = sha256_hex(text);  // of its bytes, before the parser reads them as text
    if (auto [given, fresh] = found.texts.emplace(sha, file.name); !fresh) {
        file.skipped = fmt::format("the same text as {} (same sha256)", given->second);
        return;
    }
    // The parser keeps the text (its runs' raw texts are spans of it), and may
    // make plain text of it.
    auto kept = std::make_shared<std::string>(std::move(text));
    parse::ParsedText parsed;
    try {
        parsed = parse::parse_speed_text(kept, file.name, {.merge_invocations = !a.separate});
    } catch (const parse::InputError& e) {
        file.refused = e.what();
        return;
    }
    if (parsed.runs.empty()) {
        file.refused = no_run_reason(parsed, file.name);
        return;
    }
    found.most_runs = std::max(found.most_runs, parsed.runs.size());
    name_runs(parsed.runs, path, sha, a, found);
    for (auto& run : parsed.runs) file.runs.push_back(std::move(run));
    found.unused_lines += parsed.unused_lines;
    if (a.verbose) keep_diagnostics(parsed, *kept, file.name, found);  // only -v prints them
}

// A bundle is read as a stream, run by run; a text whole (the parser keeps it).
// What the file gives, or why it gives nothing, goes to its FileResult.
void read_file(const std::string& path, const ImportArgs& a, Found& found) {
    FileResult& file = found.files.emplace_back();
    file.name = path == "-" ? "<stdin>" : path;
    std::string error;
    std::ifstream stream;
    std::istream* in = open_input(path, stream, error);
    if (!in) {
        file.refused = error;
        return;
    }
    std::string head;
    read_chunks(*in, kSniffBytes, head);
    file.bundle = store::looks_like_json(head);
    if (file.bundle)
        read_bundle_file(*in, std::move(head), file);
    else
        read_text_file(*in, path, std::move(head), a, found, file);
}

// Bundle runs already stored (same content) or given twice are skipped, one by
// one; the texts a skipped run was read from become sources of the stored run.
std::vector<store::Database::SourceOf> drop_stored_bundle_runs(
    FileResult& file, std::unordered_set<std::string>& contents, const ImportArgs& a,
    const store::Database* db) {
    std::vector<store::Database::SourceOf> sources;
    std::vector<Run> fresh;
    for (auto& r : file.runs) {
        std::string content = store::content_sha256(r);
        std::string what = r.label.empty() ? "a run" : "'" + terminal_safe(r.label) + "'";
        if (!contents.insert(content).second) {
            fmt::print(stderr, "skipped {}: given twice in this import (same content)\n", what);
            ++file.already;
            continue;
        }
        // Relabelled copies are the same run too (content_key.h), as across imports.
        if (!a.again && !contents.insert("key " + store::content_key(r)).second) {
            fmt::print(stderr,
                       "skipped {}: given twice in this import (machine, build and figures)\n",
                       what);
            ++file.already;
            continue;
        }
        auto ids = a.again || !db ? std::vector<int64_t>{} : db->with_content(content);
        // A run stored from its text, or relabelled since, is the same run (content_key.h).
        bool by_key = ids.empty() && !a.again && db;
        if (by_key)
            if (auto id = db->with_key(store::content_key(r))) ids.push_back(*id);
        if (ids.empty()) {
            fresh.push_back(std::move(r));
            continue;
        }
        fmt::print(stderr, "skipped {}: already stored as run {} (same content{})\n", what,
                   ids.front(), by_key ? ": machine, build and figures" : "");
        for (const auto& source : r.sources) sources.push_back({ids.front(), source});
        ++file.already;
    }
    file.runs = std::move(fresh);
    return sources;
}

// A text imported before is skipped whole.
void skip_imported_text(FileResult& file, const ImportArgs& a, const store::Database& db) {
    if (a.again || file.runs.empty()) return;
    auto ids = db.imported_from(file.runs.front().source_sha256);
    if (ids.empty()) return;
    file.skipped = fmt::format(
        "was imported before (run {}; same sha256); nothing stored "
        "(--again imports it anyway)",
        ids.front());
    file.already = file.runs.size();
    file.runs.clear();
}

// Runs met before (stored, earlier in this import, or earlier in the same
// text) are not stored again: they become sources of the run stored first.
// A file whose runs all were stored before is skipped, and says so.
std::vector<store::Database::SourceOf> store_once(FileResult& file, StoreOnce& once,
                                                  std::vector<std::string>& keys,
                                                  const ImportArgs& a, const store::Database* db) {
    size_t given = file.runs.size();
    Taken taken = once.take_out(file.runs, db, a.again);
    keys = std::move(taken.keys);
    file.repeated = taken.repeated;
    file.already += taken.already.size();
    if (file.runs.empty() && !taken.already.empty()) {
        auto first = *std::min_element(taken.already.begin(), taken.already.end());
        file.skipped = fmt::format(
            "its {} stored already (same content: run {}{}); {} as another source; nothing "
            "stored (--again stores a copy)",
            counted(static_cast<int64_t>(given - taken.repeated), "run"), first,
            taken.already.size() > 1 ? " and others" : "", a.dry_run ? "would be added" : "added");
    }
    return std::move(taken.sources);
}

// A label already stored or given in this import gets " #2", " #3", ...
void unique_labels(std::vector<Run>& runs, std::unordered_set<std::string>& given,
                   const store::Database& db) {
    for (auto& r : runs) {
        std::string label = r.label;
        for (int k = 2; given.count(label) || db.label_in_use(label); ++k)
            label = with_suffix(r.label, fmt::format(" #{}", k));
        given.insert(label);
        r.label = label;
    }
}

// Stores each file's runs in a transaction of its own: a file is stored whole
// or not at all, and a file that fails does not lose the others.
int store_found(Found& found, std::vector<Run>& stored, const ImportArgs& a, Global& global) {
    std::unordered_set<std::string> contents;  // a run given twice is stored once
    std::unordered_set<std::string> labels;    // given in this import
    std::optional<store::Database> db;
    StoreOnce once;
    try {
        if (!a.dry_run) db.emplace(global.database_path());  // a dry run opens no store
        if (db) db->fill_content_keys();                     // runs stored before schema 6
        for (auto& file : found.files) {
            std::vector<std::string> keys;
            // What is stored already is asked inside the write: another
            // import cannot store the same runs, or take a label, meanwhile.
            auto store = [&] {
                std::vector<store::Database::SourceOf> sources;
                if (file.bundle)
                    sources = drop_stored_bundle_runs(file, contents, a, db ? &*db : nullptr);
                if (db && !file.bundle) skip_imported_text(file, a, *db);
                if (!file.bundle) sources = store_once(file, once, keys, a, db ? &*db : nullptr);
                if (db) unique_labels(file.runs, labels, *db);
                if (db && (!file.runs.empty() || !sources.empty())) db->insert(file.runs, sources);
            };
            if (db)
                db->in_write(store);
            else
                store();
            once.stored(file.runs, keys);
            // A run whose every figure no machine gives was not stored (its notes say why).
            if (db) std::erase_if(file.runs, [](const Run& r) { return r.measurements.empty(); });
            file.stored = file.runs.size();
            for (auto& r : file.runs) stored.push_back(std::move(r));
        }
    } catch (const std::exception& e) {
        return fail(Exit::failure, std::string("nothing more stored: ") + e.what());
    }
    for (const auto& r : stored)
        for (const auto& n : r.notes)
            if (n.rfind("not stored: ", 0) == 0)
                fmt::print(stderr, "run {}: {}\n", r.id, terminal_safe(n));
    return Exit::ok;
}

// One line per file on stderr: why it was refused (FILE:LINE:), why it was
// skipped, or what it stored; then the totals when there were several files.
void print_summary(const Found& found, const ImportArgs& a) {
    size_t stored = 0, refused = 0, skipped = 0;
    for (const auto& f : found.files) {
        stored += f.stored;
        refused += !f.refused.empty();
        skipped += !f.skipped.empty();
        if (!f.refused.empty())
            fmt::print(stderr, "error: {}\n", terminal_safe(f.refused));
        else if (!f.skipped.empty())
            fmt::print(stderr, "skipped {}: {}\n", terminal_safe(f.name), terminal_safe(f.skipped));
        else if (found.files.size() > 1 || f.already || f.repeated)
            fmt::print(stderr, "{}: {} {} run(s){}{}\n", terminal_safe(f.name),
                       a.dry_run ? "found" : "stored", f.stored,
                       f.already ? fmt::format(", skipped {} already stored{}", f.already,
                                               f.bundle ? "" : " (the file added as their source)")
                                 : "",
                       f.repeated ? fmt::format(", {} repeated in the text (stored once, with "
                                                "each place as a source)",
                                                f.repeated)
                                  : "");
    }
    if (found.files.size() > 1)
        fmt::print(stderr, "{} files: {} run(s) {}; {} file(s) skipped, {} refused\n",
                   found.files.size(), stored, a.dry_run ? "found" : "stored", skipped, refused);
}

// 65 when some file gave no run; 1 when nothing was stored because the texts
// were imported before or every bundle run was stored already; else 0.
int import_status(const Found& found) {
    bool refused = false, stored = false, skipped = false;
    for (const auto& f : found.files) {
        refused |= !f.refused.empty();
        stored |= f.stored > 0;
        // A bundle whose every run was stored before is skipped, as a text is.
        skipped |= !f.skipped.empty() || (f.bundle && f.stored == 0 && f.already > 0);
    }
    if (refused) return Exit::bad_data;
    return !stored && skipped ? Exit::failure : Exit::ok;
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
    for (const auto& f : found.files)
        for (const auto& r : f.runs)
            for (const auto& n : r.notes)
                if (!said.count(n))
                    fmt::print(stderr, "{}\n",
                               terminal_safe(r.source_file + ": " + r.label + ": " + n));
}

int print_imported(const std::vector<Run>& all, const Found& found, const ImportArgs& a) {
    if (a.format == "json") {
        nlohmann::json j = nlohmann::json::array();
        for (const auto& r : all) j.push_back(to_json(r));
        return write_output(json_text(j), "") ? Exit::ok : Exit::failure;
    }
    for (const auto& r : all) {
        // A BogoMips run of a typed table has no version line: say what it holds.
        std::string what =
            r.version.empty() ? "(no version line)" : terminal_safe(valid_utf8(r.version));
        const Measurement* bogomips = r.find(std::string(kBogomipsId), Operation::score, 0);
        if (bogomips && r.measurements.size() == 1)
            what = fmt::format("BogoMips {} of {}{}", report::bogomips_cell(*bogomips),
                               terminal_safe(r.machine->label),
                               r.machine->kernel_release.empty()
                                   ? ""
                                   : " under Linux " + terminal_safe(r.machine->kernel_release));
        fmt::print(
            "{} {:<28} {:>11}  {}{}{}\n", a.dry_run ? "found " : fmt::format("run {:>3}", r.id),
            terminal_safe(valid_utf8(r.label)),
            counted(static_cast<int64_t>(r.measurements.size()), "figure") +
                (r.measurements.size() == 1 ? " " : ""),
            what,
            r.machine->cpu_name.empty() ? ""
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
    auto* machine_option =
        app.add_option("--machine", a->machine,
                       "name of the machine of every run, or N=NAME pairs for runs one by one "
                       "(1=athlon,2=p3)");
    app.add_option("--label", a->label, "label of the runs (several runs get -1, -2, ...)")
        ->transform(name_rule(NameKind::label));
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
    return [a, &global, machine_option]() -> int {
        Found found;
        std::string error;
        if (machine_option->count() &&
            !parse_machine_option(a->machine, found.machine_names, found.machine_for_all, error))
            return fail(Exit::usage, "--machine: " + error);
        for (const auto& path : a->files) read_file(path, *a, found);
        if (!found.machine_names.empty() && found.machine_names.rbegin()->first > found.most_runs)
            return fail(Exit::usage,
                        fmt::format("--machine: no run {} to name: the text gives {} run(s); "
                                    "nothing imported",
                                    found.machine_names.rbegin()->first, found.most_runs));
        if (a->verbose) print_diagnostics(found);
        std::vector<Run> stored;
        int code = store_found(found, stored, *a, global);
        print_summary(found, *a);
        if (code != Exit::ok) return code;
        if (print_imported(stored, found, *a) != Exit::ok) return Exit::failure;
        if (!a->dry_run && !stored.empty())  // one box imported under several names
            for (const auto& hint : merge_hints(store::Database(global.database_path()), stored))
                fmt::print(stderr, "hint: {}\n", hint);
        return import_status(found);
    };
}

}  // namespace speedlab::cli
