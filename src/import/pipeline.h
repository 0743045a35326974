#pragma once
// The import pipeline: each file's reader is chosen from the table of readers
// (reader.h); its runs are made final and identified once (identity.h), named
// (labels.h) and checked against the store (store_once.h) in the write
// transaction that stores them. `cli/cmd_import` only wires arguments and prints.
#include <cstddef>
#include <fstream>
#include <functional>
#include <istream>
#include <map>
#include <string>
#include <vector>

#include "core/run.h"
#include "store/database.h"

namespace speedlab::import {

struct Options {
    std::string label;                            // --label: every run's, numbered when several
    std::map<size_t, std::string> machine_names;  // --machine 1=athlon,2=p3: run by run
    std::string machine_for_all;                  // --machine NAME
    bool dry_run = false, verbose = false, separate = false, again = false;
    size_t threads = 0;  // read_files' threads: 0 one per core
};

// What one file gave: its runs, or why it gave none. Each file is judged and
// stored on its own, so one bad file does not lose the others.
struct FileResult {
    std::string name;    // as given ("<stdin>" for -): messages name it so
    std::string reader;  // the reader that took it (reader.h)
    std::vector<Run> runs;
    bool bundle = false;                // runs carried whole (another store's), not read from text
    std::string refused;                // "FILE:LINE: why": the file gave no run
    std::string skipped;                // why its runs were not stored (already stored)
    std::vector<std::string> messages;  // one line per run skipped, for stderr
    size_t stored = 0, already = 0;
    size_t repeated = 0;  // runs the text repeats (a table in several posts): stored once
};

// What the files gave, file by file.
struct Found {
    std::vector<FileResult> files;
    size_t unused_lines = 0;
    std::vector<std::string> diagnostics;      // "file:line: severity: message"
    std::map<std::string, std::string> texts;  // sha256 -> the file that gave it first
    size_t most_runs = 0;                      // of one text: what --machine N=... may name
};

// Reads the file PATH ("-": stdin) from IN, opened by the caller, into FOUND.
void read_file(std::istream& in, const std::string& path, const Options& options, Found& found);
// Opens PATH ("-": stdin), FILE holding it; throws Error when it cannot.
using OpenFile = std::function<std::istream*(const std::string& path, std::ifstream& file)>;
// Reads PATHS into FOUND as read_file would one after another, a file that
// OPEN cannot open refused: the same runs, messages and order. The texts'
// readers run side by side on `options.threads` threads, a batch of texts
// at a time; a bundle, a stream, is read in its turn.
void read_files(const std::vector<std::string>& paths, const Options& options, Found& found,
                const OpenFile& open);
// A file that could not be opened: refused with WHY.
void refuse_file(const std::string& path, const std::string& why, Found& found);

// Stores each file's runs in a transaction of its own (DB null: a dry run,
// nothing stored but the same checks within the import); returns the runs
// stored, in order. Throws what the store throws (nothing more is stored).
std::vector<Run> store_found(Found& found, const Options& options, store::Database* db);

// One line per file: why it was refused, why it was skipped, or what it
// stored; then the totals when there were several files.
std::vector<std::string> summary_lines(const Found& found, const Options& options);

// What the import came to, for its exit status (docs/cli.md): a file gave no
// run; nothing was stored because every run (of a text or a bundle) was
// stored before; or runs were stored (or found, in a dry run).
enum class Outcome { stored, nothing_new, refused };
Outcome outcome(const Found& found);

}  // namespace speedlab::import
