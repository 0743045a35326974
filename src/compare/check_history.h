#pragma once
// The gate against a machine's history: a candidate's figures against the
// recent runs of the same machine and build (their level since the last
// change, and their own spread), not against one baseline run, so one noisy
// night in the baseline does not fail or pass the next.
#include <optional>
#include <vector>

#include "compare/check.h"
#include "core/run.h"

namespace speedlab::compare {

struct HistoryCheck {
    CheckResult result;
    Run baseline;       // the level of each figure (the median since its last change), as a run
    size_t runs = 0;    // earlier runs of the candidate's build that were read
    std::string build;  // its short name
};

inline constexpr size_t kRecentRuns = 30;

// EARLIER: runs of the candidate's machine measured before it, in history
// order (compare::sort_runs); only those of the candidate's build count, the
// newest RECENT of them. None when there is no earlier run of its build.
std::optional<HistoryCheck> check_against_history(const std::vector<Run>& earlier,
                                                  const Run& candidate, double threshold,
                                                  double noise, bool allow_missing,
                                                  size_t recent = kRecentRuns);

}  // namespace speedlab::compare
