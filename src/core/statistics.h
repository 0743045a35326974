#pragma once
// Summary statistics of repeated measurements.
#include <cstddef>
#include <span>

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

}  // namespace speedlab
