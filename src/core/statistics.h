#pragma once
// Summary statistics of repeated measurements.
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace speedlab {

struct Summary {
    size_t n = 0;
    double median = 0, min = 0, max = 0, mean = 0;
    double stddev = 0;  // sample standard deviation (n-1); 0 when n < 2
    double cv() const { return mean != 0 ? stddev / mean : 0; }  // coefficient of variation
};

Summary summarize(std::span<const double> samples);

// Geometric mean of positive values; 0 when there are none.
double geometric_mean(std::span<const double> values);

// The two-sided 95% quantile of Student's t with `df` degrees of freedom
// (12.706 for 1, 4.303 for 2, 2.228 for 10, towards 1.960).
double t95(size_t df);

// Relative half-width of the 95% interval of the median of the samples:
// t95(n-1) x 1.2533 x cv / sqrt(n) (the median's standard error is
// sqrt(pi/2) times the mean's); 0 for fewer than 2 samples.
double median_half_width(std::span<const double> samples);

// The 95% interval of the median of a figure's repetitions: median x (1 -+ h),
// h = median_half_width (the precision the figure reached: 0.012 for +-1.2%);
// `low` is at least 0 (two samples far apart give h above 1).
struct MedianInterval {
    double low = 0, high = 0;
    double half_width = 0;  // relative
};
// None for fewer than 2 samples: one value says nothing about its own spread.
std::optional<MedianInterval> median_interval(std::span<const double> samples);

// Indexes of samples whose modified z-score (0.6745 |x - median| / MAD, as
// hyperfine uses) exceeds `limit`; none when there are fewer than 3 or MAD is 0.
std::vector<size_t> outliers(std::span<const double> samples, double limit = 3.5);

}  // namespace speedlab
