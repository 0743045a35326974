#pragma once
// How imported runs are named: a label from what the text says (machine,
// distribution, OpenSSL version, build), or --label; a machine from
// --machine, the text's host or its CPU; provenance (the file's name only,
// never its directories: runs travel in bundles and pages).
#include <deque>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/run.h"
#include "import/pipeline.h"
#include "store/database.h"

namespace speedlab::import {

// A label from what the text says: machine, distribution, OpenSSL version and
// the words after it naming a build (`1.1.0i before-ECDSA-patch`), and the
// build where two runs of the text differ only by it (`p-rh73 rh73 0.9.6b asm`);
// a BogoMips run: machine, kernel, `bogomips`.
void readable_labels(std::deque<Run>& runs);

// Names and provenance of the runs read from the text at PATH with this SHA.
void name_runs(std::deque<Run>& runs, const std::string& path, const std::string& sha,
               const Options& options);

// The file's name only, in a run's sources and notes: "/home/me/x.txt" or
// "../seeds/x.txt" become "x.txt" (issue 31: privacy). PATH: the file as the
// import was given it, else any " of DIR/FILE" in a note.
void keep_file_names(Run& run, std::string_view path = {});

// A label already stored or given in this import gets " #2", " #3", ...
void unique_labels(std::vector<Run>& runs, std::unordered_set<std::string>& given,
                   const store::Database& db);

}  // namespace speedlab::import
