#pragma once
// `speedlab check --against history RUN`: the stored RUN against the recent
// runs of its machine and build (compare/check_history).
#include <string>

#include "store/database.h"

namespace speedlab::cli {

struct HistoryCheckArgs {
    std::string run, format = "text", output;
    double threshold = 0.03, noise = 0.02;
    bool allow_missing = false;
};

// The exit code: 0 passed (or nothing to check against: said on stderr), 1 failed, 2 usage.
int check_with_history(const store::Database& db, const HistoryCheckArgs& a);

}  // namespace speedlab::cli
