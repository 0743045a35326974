#pragma once
// The runs `edit` and `delete` act on: ids, labels, ranges (`5-9`) and
// filters (machine, source), resolved before anything changes.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/database.h"

namespace speedlab::cli {

struct RunSelection {
    std::vector<std::string> runs;  // ids, labels or ranges as typed
    std::string machine;            // a --machine pattern (empty: any)
    std::string source;             // measured or imported (empty: any)
};

// The ids meant, each once in the order named (filters alone: every run they
// match); the runs named and the filters must both hold. Nothing selected, an
// unknown run, a range naming no run: the error is printed and nullopt returned (exit 2).
std::optional<std::vector<int64_t>> select_runs(const store::Database& db, const RunSelection& s,
                                                const char* command);

}  // namespace speedlab::cli
