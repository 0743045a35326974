#pragma once
// A plain port of asv's step detection, written from its published
// description (asv's docs, "Regression detection"): the piecewise-constant fit
// minimising sum |y - mu| + gamma x (jumps) (the L1 Potts problem, solved
// exactly by dynamic programming), with gamma chosen on a grid to minimise
// asv's information criterion beta x segments + ln(sigma0 + mean |y - mu|),
// beta = 4 ln(n) / n, sigma0 a tenth of the smallest jump. No weights, no
// autocorrelation term, no post-processing: every jump is a step.
#include <cstddef>
#include <span>
#include <vector>

namespace speedlab::bench {

// The indexes of the first point after each jump, earliest first.
std::vector<size_t> asv_steps(std::span<const double> y);

}  // namespace speedlab::bench
