#pragma once
// Charts of the figures at least two runs share, as inline SVG.
#include <string>
#include <vector>

#include "core/run.h"

namespace speedlab::report {

// One chart per algorithm: throughput against block size for symmetric ones,
// grouped bars of operations per second for public-key ones; in registry order.
// Throughput panels share one unit (the largest with labels of at most 4
// digits); `legends`: a key under each chart (else the page shows one key).
std::vector<std::string> comparison_charts(const std::vector<Run>& runs, bool legends = true);

}  // namespace speedlab::report
