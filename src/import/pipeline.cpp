#include "import/pipeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>
#include <unordered_set>

#include "core/error.h"
#include "core/plural.h"
#include "core/text.h"
#include "import/identity.h"
#include "import/labels.h"
#include "import/reader.h"
#include "import/store_once.h"
#include "parse/speed_parser.h"

namespace speedlab::import {

namespace {

// The whole text of a file whose first bytes are in TEXT.
bool read_rest(std::istream& in, const std::string& path, std::string& text) {
    std::error_code ec;
    if (auto size = std::filesystem::file_size(path, ec); !ec && path != "-")
        text.reserve(std::min<uintmax_t>(size, parse::kMaxInputBytes) + 1);
    read_chunks(in, parse::kMaxInputBytes, text);
    return !in.bad();
}

// Runs carried whole (a bundle) already stored (same content) or given twice
// in this import are skipped, one by one; the texts a skipped run was read
// from become sources of the stored run.
std::vector<store::Database::SourceOf> drop_stored_carried_runs(
    FileResult& file, std::unordered_set<std::string>& given, const Options& a,
    const store::Database* db) {
    std::vector<store::Database::SourceOf> sources;
    std::vector<Run> fresh;
    std::optional<int64_t> first;
    size_t runs = file.runs.size();
    for (auto& r : file.runs) {
        std::string what = r.label.empty() ? "a run" : "'" + terminal_safe(r.label) + "'";
        if (!given.insert(import_identity(r)).second) {
            file.messages.push_back(
                fmt::format("skipped {}: given twice in this import (same content)", what));
            ++file.repeated;
            continue;
        }
        std::string content = store::content_sha256(r);
        auto ids = a.again || !db ? std::vector<int64_t>{} : db->with_content(content);
        // A run stored from its text, or relabelled since, is the same run (content_key.h).
        bool by_key = ids.empty() && !a.again && db;
        if (by_key)
            if (auto id = db->with_key(store::content_key(r))) ids.push_back(*id);
        if (ids.empty()) {
            fresh.push_back(std::move(r));
            continue;
        }
        file.messages.push_back(fmt::format("skipped {}: already stored as run {} (same content{})",
                                            what, ids.front(),
                                            by_key ? ": machine, build and figures" : ""));
        for (const auto& source : r.sources) sources.push_back({ids.front(), source});
        first = std::min(first.value_or(ids.front()), ids.front());
        ++file.already;
    }
    file.runs = std::move(fresh);
    // One rule for a bundle and a text (issue 31): nothing new is a file skipped.
    if (file.runs.empty() && first)
        file.skipped = fmt::format(
            "its {} stored already (same content: run {}{}); nothing stored (--again stores a "
            "copy)",
            counted(static_cast<int64_t>(runs - file.repeated), "run"), *first,
            file.already > 1 ? " and others" : "");
    return sources;
}

// A text imported before is skipped whole.
void skip_imported_text(FileResult& file, const Options& a, const store::Database& db) {
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
                                                  std::vector<std::string>& keys, const Options& a,
                                                  const store::Database* db) {
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

std::string file_line(const FileResult& f, const Options& a) {
    std::string line = fmt::format("{}: {} {} run(s)", terminal_safe(f.name),
                                   a.dry_run ? "found" : "stored", f.stored);
    if (f.already)
        line += fmt::format(", skipped {} already stored{}", f.already,
                            f.bundle ? "" : " (the file added as their source)");
    if (f.repeated)
        line += f.bundle ? fmt::format(", {} given twice (stored once)", f.repeated)
                         : fmt::format(
                               ", {} repeated in the text (stored once, with each "
                               "place as a source)",
                               f.repeated);
    return line;
}

// Makes GOT's runs final. A run left with no figure (a bundle's 1e19 bytes/s)
// is a warning; a file whose every run is so is refused, not met with silence.
bool keep_runs_with_figures(Read& got, const std::string& name,
                            std::vector<std::string>& diagnostics) {
    std::string first_why;
    for (size_t k = 0; k < got.runs.size(); ++k) {
        Run& run = got.runs[k];
        bool had = !run.measurements.empty();
        make_final(run);
        if (!had || !run.measurements.empty()) continue;
        std::string why = run.notes.empty() ? "no plausible figure" : run.notes.back();
        why = fmt::format("run {}: {}", k + 1, why);
        diagnostics.push_back(fmt::format("{}: warning: {}", name, why));
        if (first_why.empty()) first_why = why;
    }
    size_t given = got.runs.size();
    std::erase_if(got.runs, [](const Run& r) { return r.measurements.empty(); });
    if (given == 0 || !got.runs.empty() || first_why.empty()) return true;
    got.refused =
        fmt::format("{}: no figure of its {} is one a machine gives ({}); nothing imported", name,
                    counted(static_cast<int64_t>(given), "run"), first_why);
    return false;
}

}  // namespace

void refuse_file(const std::string& path, const std::string& why, Found& found) {
    FileResult& file = found.files.emplace_back();
    file.name = path == "-" ? "<stdin>" : path;
    file.refused = why;
}

namespace {

// Texts read whole and waiting for their readers: at most this many bytes.
constexpr size_t kBatchBytes = 64 << 20;

// A file between its opening and what its reader made of it: its index in
// Found::files, its reader and input, the text's sha256, and what the reader
// read (or threw).
struct Pending {
    size_t file = 0;
    const Reader* reader = nullptr;
    Input input{};
    std::string sha{};
    Read got{};
    std::exception_ptr failed{};
};

// The file's first bytes, its reader and, for a text, its whole text and
// sha256 (a text given before is skipped here, in the files' order). False
// when the file is done with: refused or skipped.
bool open_file(std::istream& in, const std::string& path, const Options& options, Found& found,
               Pending& p) {
    p.file = found.files.size();
    FileResult& file = found.files.emplace_back();
    file.name = path == "-" ? "<stdin>" : path;
    p.input = Input{.name = file.name, .options = &options};
    read_chunks(in, kSniffBytes, p.input.head);
    p.reader = &reader_for(p.input.head);
    file.reader = p.reader->name;
    file.bundle = p.reader->carries_runs;
    if (p.reader->carries_runs) {
        p.input.rest = &in;
        return true;
    }
    std::string text = std::move(p.input.head);
    if (!read_rest(in, path, text)) {
        file.refused = file.name + ": cannot read: " + std::strerror(errno);
        return false;
    }
    p.sha = text_sha256(text);  // of its bytes, before a reader reads them as text
    if (auto [given, fresh] = found.texts.emplace(p.sha, file.name); !fresh) {
        file.skipped = fmt::format("the same text as {} (same sha256)", given->second);
        return false;
    }
    p.input.text = std::make_shared<std::string>(std::move(text));
    return true;
}

// What the reader read, made final and named, into FOUND (after the files
// before it: the diagnostics keep the files' order).
void finish_file(Pending& p, const std::string& path, const Options& options, Found& found) {
    if (p.failed) std::rethrow_exception(p.failed);
    FileResult& file = found.files[p.file];
    Read& got = p.got;
    if (!got.refused.empty()) {
        file.refused = got.refused;
        return;
    }
    if (!keep_runs_with_figures(got, file.name, found.diagnostics)) {
        file.refused = got.refused;
        return;
    }
    if (p.reader->carries_runs) {
        for (auto& run : got.runs) keep_file_names(run);
    } else {
        found.most_runs = std::max(found.most_runs, got.runs.size());
        name_runs(got.runs, path, p.sha, options);
    }
    for (auto& run : got.runs) file.runs.push_back(std::move(run));
    found.unused_lines += got.unused_lines;
    for (auto& d : got.diagnostics) found.diagnostics.push_back(std::move(d));
}

// The file's reader, on whichever thread; what it throws is kept for the
// file's turn.
void read_pending(Pending& p) {
    try {
        p.got = p.reader->read(p.input);
    } catch (...) {
        p.failed = std::current_exception();
    }
}

// The readers of BATCH on up to THREADS threads (this one among them), each
// taking the next file not taken.
void read_side_by_side(std::vector<Pending>& batch, size_t threads) {
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (size_t k; (k = next.fetch_add(1)) < batch.size();) read_pending(batch[k]);
    };
    std::vector<std::thread> others;
    for (size_t t = 1; t < std::min(threads, batch.size()); ++t) others.emplace_back(work);
    work();
    for (auto& t : others) t.join();
}

}  // namespace

// A bundle is read as a stream, run by run; any other file whole (its sha256
// names it, and the parser keeps the text). What the file gives, or why it
// gives nothing, goes to its FileResult.
void read_file(std::istream& in, const std::string& path, const Options& options, Found& found) {
    Pending p;
    if (!open_file(in, path, options, found, p)) return;
    read_pending(p);
    finish_file(p, path, options, found);
}

void read_files(const std::vector<std::string>& paths, const Options& options, Found& found,
                const OpenFile& open) {
    size_t threads = options.threads ? options.threads : std::thread::hardware_concurrency();
    threads = std::max<size_t>(threads, 1);
    for (size_t at = 0; at < paths.size();) {
        // Texts read whole, a few per thread and some megabytes at most:
        // memory follows the batch, not every file given.
        std::vector<Pending> batch;
        std::vector<size_t> batch_paths;
        size_t bytes = 0;
        for (; at < paths.size() && batch.size() < 4 * threads && bytes < kBatchBytes; ++at) {
            std::ifstream file;
            std::istream* in = nullptr;
            try {
                in = open(paths[at], file);
            } catch (const Error& e) {  // the other files are still read
                refuse_file(paths[at], e.what(), found);
                continue;
            }
            Pending p;
            if (!open_file(*in, paths[at], options, found, p)) continue;
            if (p.reader->carries_runs) {  // a stream, read in its turn: the texts before first
                read_side_by_side(batch, threads);
                for (size_t k = 0; k < batch.size(); ++k)
                    finish_file(batch[k], paths[batch_paths[k]], options, found);
                batch.clear(), batch_paths.clear();
                read_pending(p);
                finish_file(p, paths[at], options, found);
                continue;
            }
            bytes += p.input.text->size();
            batch.push_back(std::move(p));
            batch_paths.push_back(at);
        }
        read_side_by_side(batch, threads);
        for (size_t k = 0; k < batch.size(); ++k)
            finish_file(batch[k], paths[batch_paths[k]], options, found);
    }
}

std::vector<Run> store_found(Found& found, const Options& a, store::Database* db) {
    std::vector<Run> stored;
    std::unordered_set<std::string> carried;  // carried runs given in this import
    std::unordered_set<std::string> labels;   // given in this import
    StoreOnce once;
    if (db) db->fill_content_keys();  // runs stored before schema 6
    for (auto& file : found.files) {
        std::vector<std::string> keys;
        // What is stored already is asked inside the write: another
        // import cannot store the same runs, or take a label, meanwhile.
        auto store = [&] {
            std::vector<store::Database::SourceOf> sources;
            if (file.bundle) {
                sources = drop_stored_carried_runs(file, carried, a, db);
            } else {
                if (db) skip_imported_text(file, a, *db);
                sources = store_once(file, once, keys, a, db);
            }
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
    return stored;
}

std::vector<std::string> summary_lines(const Found& found, const Options& a) {
    std::vector<std::string> out;
    size_t stored = 0, refused = 0, skipped = 0;
    for (const auto& f : found.files) {
        stored += f.stored;
        refused += !f.refused.empty();
        skipped += !f.skipped.empty();
        if (!f.refused.empty())
            out.push_back("error: " + terminal_safe(f.refused));
        else if (!f.skipped.empty())
            out.push_back("skipped " + terminal_safe(f.name) + ": " + terminal_safe(f.skipped));
        else if (found.files.size() > 1 || f.already || f.repeated)
            out.push_back(file_line(f, a));
    }
    if (found.files.size() > 1)
        out.push_back(fmt::format("{} files: {} run(s) {}; {} file(s) skipped, {} refused",
                                  found.files.size(), stored, a.dry_run ? "found" : "stored",
                                  skipped, refused));
    return out;
}

Outcome outcome(const Found& found) {
    bool refused = false, stored = false, skipped = false;
    for (const auto& f : found.files) {
        refused |= !f.refused.empty();
        stored |= f.stored > 0;
        skipped |= !f.skipped.empty();
    }
    if (refused) return Outcome::refused;
    return !stored && skipped ? Outcome::nothing_new : Outcome::stored;
}

}  // namespace speedlab::import
