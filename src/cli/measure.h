#pragma once
// Measuring on this machine, as `run` and `check` do: a progress line on a
// terminal, Ctrl-C ends cleanly, the machine recorded with the run.
#include "bench/runner.h"

namespace speedlab::cli {

// processes > 1: openssl speed -multi (timed on the wall clock).
bench::RunOutcome measure_here(bench::RunOptions options, int processes);

}  // namespace speedlab::cli
