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

double t95(size_t df) {
    static constexpr double kTable[] = {0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
                                        2.306, 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                                        2.120, 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
                                        2.064, 2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    if (df == 0) return 0;
    if (df < std::size(kTable)) return kTable[df];
    return 1.960 + 2.4 / static_cast<double>(df);  // within 0.002 of the exact value past 30
}

double median_half_width(std::span<const double> samples) {
    if (samples.size() < 2) return 0;
    Summary s = summarize(samples);
    return t95(s.n - 1) * 1.2533 * s.cv() / std::sqrt(static_cast<double>(s.n));
}

std::optional<MedianInterval> median_interval(std::span<const double> samples) {
    if (samples.size() < 2) return std::nullopt;
    double median = summarize(samples).median;
    double h = median_half_width(samples);
    return MedianInterval{std::max(0.0, median * (1 - h)), median * (1 + h), h};
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
