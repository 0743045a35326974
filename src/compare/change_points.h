#pragma once
// Change points in one figure's series of nightly values (one machine, one
// build): where the level moved, not where one night was noisy. docs/history.md
// says why this method: on the log values, outliers are set aside by a Hampel
// identifier, PELT finds the exact minimum of a penalised piecewise-constant
// fit, and each change it keeps passed a permutation test (as E-divisive does).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace speedlab::compare {

struct ChangePointOptions {
    double penalty = 3;          // per change, in units of noise variance x ln(n) (BIC: 2)
    size_t min_segment = 2;      // points between two changes at least
    double max_p = 0.01;         // a change is kept when its permutation p is at most this
    size_t permutations = 199;   // of the permutation test
    size_t window = 40;          // points either side the test looks at, at most
    double noise_floor = 0.002;  // relative noise assumed at least (printed precision)
};

struct ChangePoint {
    size_t index = 0;                     // the first point after the change
    double before = 0, after = 0;         // medians of the segments either side
    double ratio = 1, low = 1, high = 1;  // after / before with its 95% interval
    double p = 1;                         // of the permutation test
};

// The changes in VALUES (positive; in order), earliest first.
std::vector<ChangePoint> change_points(std::span<const double> values,
                                       const ChangePointOptions& options = {});

// Robust relative noise of a series: the median absolute difference of
// neighbouring log values, scaled to a standard deviation (steps and outliers
// move few differences, so they barely move it).
double series_noise(std::span<const double> logs);

// Each point within `limit` noise of its neighbours' median (a window of five)
// is kept, others replaced by that median: Hampel's identifier, which keeps
// steps (the median of a window across a step is on the point's side).
std::vector<double> hampel(std::span<const double> logs, double noise, double limit = 4);

// PELT (Killick, Fearnhead and Eckley 2012): the segment starts minimising the
// Gaussian cost of the segments plus `beta` per change; exact within blocks of
// kPeltBlock points that overlap by twice kPeltOverlap (a change is judged on
// at most ChangePointOptions::window points either side anyway), so a series
// of 10,000 nights costs 20 blocks, not 50 million candidate segments.
constexpr size_t kPeltBlock = 512, kPeltOverlap = 64;
std::vector<size_t> pelt(std::span<const double> y, double noise, double beta, size_t min_segment);

// The permutation p of a change somewhere in Y (the largest between-means
// statistic over split points against that of shuffled copies); deterministic.
// Once p is sure to be above STOP_ABOVE the shuffling stops (Besag and
// Clifford's sequential test) and a lower bound above it is returned.
double permutation_p(std::span<const double> y, size_t min_segment, size_t permutations,
                     uint64_t seed, double stop_above = 1);

}  // namespace speedlab::compare
