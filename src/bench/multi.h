#pragma once
// openssl speed -multi: N processes run the same list at once, on the wall
// clock; each figure is the sum of the processes' figures.
#include <vector>

#include "bench/runner.h"

namespace speedlab::bench {

inline constexpr int kMaxProcesses = 1024;

// Forks `processes` children that each run run_benchmarks(options) and send
// their run back through a pipe. Ctrl-C reaches every child; the figures all
// children finished are kept and the run is partial.
RunOutcome run_processes(const RunOptions& options, int processes);

// The sum of per-process runs: a figure every process measured is the sum of
// their figures, and its samples are the per-process figures.
Run sum_processes(const std::vector<Run>& per_process);

}  // namespace speedlab::bench
