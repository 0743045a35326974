#include "core/statistics.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace speedlab {

Summary summarize(std::span<const double> samples) {
    Summary s;
    s.n = samples.size();
    if (s.n == 0) return s;
    std::vector<double> sorted(samples.begin(), samples.end());
    std::sort(sorted.begin(), sorted.end());
    s.min = sorted.front();
    s.max = sorted.back();
    s.median = s.n % 2 ? sorted[s.n / 2] : (sorted[s.n / 2 - 1] + sorted[s.n / 2]) / 2;
    double sum = 0;
    for (double v : sorted) sum += v;
    s.mean = sum / static_cast<double>(s.n);
    if (s.n > 1) {
        double sq = 0;
        for (double v : sorted) sq += (v - s.mean) * (v - s.mean);
        s.stddev = std::sqrt(sq / static_cast<double>(s.n - 1));
    }
    return s;
}

double geometric_mean(std::span<const double> values) {
    double log_sum = 0;
    size_t n = 0;
    for (double v : values) {
        if (!(v > 0) || !std::isfinite(v)) continue;
        log_sum += std::log(v);
        ++n;
    }
    return n ? std::exp(log_sum / static_cast<double>(n)) : 0;
}

double median_half_width(std::span<const double> samples) {
    if (samples.size() < 2) return 0;
    Summary s = summarize(samples);
    return 1.96 * 1.2533 * s.cv() / std::sqrt(static_cast<double>(s.n));
}

std::vector<size_t> outliers(std::span<const double> samples, double limit) {
    std::vector<size_t> out;
    if (samples.size() < 3) return out;
    double median = summarize(samples).median;
    std::vector<double> deviations;
    for (double x : samples) deviations.push_back(std::abs(x - median));
    double mad = summarize(deviations).median;
    if (mad <= 0) return out;
    for (size_t i = 0; i < samples.size(); ++i)
        if (0.6745 * deviations[i] / mad > limit) out.push_back(i);
    return out;
}

}  // namespace speedlab
