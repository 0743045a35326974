#pragma once
// Charts of the figures at least two runs share, as inline SVG.
#include <string>
#include <vector>

#include "core/run.h"

namespace speedlab::report {

// One chart per algorithm: throughput against block size for symmetric ones,
// grouped bars of operations per second for public-key ones; in registry order.
std::vector<std::string> comparison_charts(const std::vector<Run>& runs);

}  // namespace speedlab::report
