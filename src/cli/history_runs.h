#pragma once
// The runs a history reads, for `history` and `check --against history`.
#include <string>
#include <vector>

#include "core/run.h"
#include "store/database.h"

namespace speedlab::cli {

// The one machine PATTERN means (a name in any case, else a glob or part
// matching exactly one); a usage error (exit 2) otherwise.
std::string resolve_one_machine(const store::Database& db, const std::string& pattern);

// The machine's runs measured (else stored) from SINCE to UNTIL (YYYY-MM-DD, "" for no bound).
std::vector<Run> history_runs(const store::Database& db, const std::string& machine,
                              const std::string& since = "", const std::string& until = "");

}  // namespace speedlab::cli
