#pragma once
// Runs of the same list measured one after another (interleaved with other
// variants) combined into one run: each figure the median of its repetitions.
#include <vector>

#include "core/run.h"

namespace speedlab::bench {

// A figure every repetition has: value the median, samples the repetitions'
// figures, count and seconds summed. Notes and facts come from the first run.
Run median_of_repetitions(const std::vector<Run>& repetitions);

}  // namespace speedlab::bench
