#pragma once
// Runs of the same list measured one after another (interleaved with other
// variants) combined into one run: each figure the median of its repetitions.
#include <vector>

#include "core/run.h"

namespace speedlab::bench {

// For each figure of the first run that every run has, that figure in each
// run (in the runs' order); figures some run lacks are left out.
std::vector<std::vector<const Measurement*>> shared_figures(const std::vector<Run>& runs);

// A figure every repetition has: value the median, samples the repetitions'
// figures, count and seconds summed. Notes and facts come from the first run.
Run median_of_repetitions(const std::vector<Run>& repetitions);

}  // namespace speedlab::bench
