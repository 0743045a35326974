#pragma once
// Runs a selection of benchmarks the way `openssl speed` does and returns a Run.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/algorithm_registry.h"
#include "core/run.h"

namespace speedlab::bench {

struct Progress {
    size_t done = 0, total = 0;
    std::string what;         // "md5, 8192 bytes", "rsa2048 sign"
    double seconds_left = 0;  // timed seconds still to come, this figure included
};

struct RunOptions {
    std::vector<std::string> ids;  // canonical ids from select_algorithms
    double seconds = 3;            // per symmetric figure
    double public_key_seconds = 10;
    std::vector<int64_t> sizes{kDefaultBlockSizes.begin(), kDefaultBlockSizes.end()};
    int repeat = 1;
    // Adaptive repetitions: round after round until the 95% interval of each
    // figure's median is within +-precision (0.01 for 1%), or max_seconds of
    // wall time are spent (checked after the first round). 0: off.
    double precision = 0;
    double max_seconds = 0;
    Timing timing = Timing::user_cpu;
    std::function<void(const Progress&)> on_progress;  // may be empty
};

struct RunOutcome {
    Run run;                             // complete unless interrupted
    std::vector<std::string> failures;   // known-answer failures and unavailable algorithms
    std::vector<std::string> imprecise;  // adaptive: figures that did not reach the precision
    bool interrupted = false;
};

RunOutcome run_benchmarks(const RunOptions& options);

// Program and library facts every measured run records.
void describe_environment(Run& run);

}  // namespace speedlab::bench
