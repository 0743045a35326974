#pragma once
// The runs `edit` and `delete` act on: ids, labels, ranges (`5-9`) and
// filters (machine, source), resolved before anything changes.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/database.h"
#include "store/run_resolver.h"

namespace speedlab::cli {

struct RunSelection {
    std::vector<std::string> runs;  // ids, labels or ranges as typed
    std::string machine;            // a --machine pattern (empty: any)
    std::string source;             // measured or imported (empty: any)
};

// The ids meant, each once in the order named (filters alone: every run they
// match); the runs named and the filters must both hold. Nothing selected, an
// unknown run, a range naming no run: speedlab::Error (usage, exit 2).
std::vector<int64_t> select_runs(const store::Database& db, const RunSelection& s,
                                 const char* command);

// The runs WORDS name (store/run_resolver.h), each once in the order named;
// which run a machine name took goes to stderr. An unknown or ambiguous word:
// speedlab::Error (usage, exit 2), AFTER_ERROR added to its message.
std::vector<int64_t> resolve_words(const store::Database& db, const std::vector<std::string>& words,
                                   const char* after_error = "");

// As resolve_words, with `ref:` words answered by OUTSIDE (none: refused)
// and a machine's run chosen to share the most figures with AGAINST too.
store::RunResolution resolve_named(const store::Database& db, const std::vector<std::string>& words,
                                   const store::OutsideLookup& outside,
                                   const char* after_error = "",
                                   const store::HeldAgainst& against = {});

// The one run WORD names, for commands that take one (show, check); a word
// naming several is an error unless `newest` (check's machine:NAME baseline).
// A machine's name takes its run sharing the most figures with AGAINST (rank).
Run resolve_one(const store::Database& db, const std::string& word, const char* command,
                bool newest = false, const store::HeldAgainst& against = {});

}  // namespace speedlab::cli
