#pragma once
// How sure a ratio of two figures is: a 95% interval that counts run-to-run
// noise, the rounding of printed figures and the spread of repetitions, and a
// rank test where both figures were repeated often enough.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/measurement.h"
#include "core/run.h"

namespace speedlab::compare {

// The run-to-run noise assumed for a figure measured once: 2% (relative
// standard deviation), from speedlab's repeatability measurements (bench/).
inline constexpr double kDefaultNoise = 0.02;

struct RatioStats {
    double ratio = 0;               // b/a (or a/b when inverse), of medians where repeated
    double uncertainty = 0;         // relative standard uncertainty of the ratio
    double low = 0, high = 0;       // 95% interval of the ratio
    std::optional<double> p_value;  // Mann-Whitney, two-sided, where both have >= 5 samples
    bool significant = false;
};

// Relative standard uncertainty of one figure: its repetitions' standard
// error of the median, or the noise floor when measured once; plus the
// rounding of a printed figure.
double figure_uncertainty(const Measurement& m, double noise);

RatioStats ratio_stats(const Measurement& a, const Measurement& b, bool inverse, double noise);

// Relative half-width of the 95% interval of a ratio of two figures measured
// once at the noise floor: the width every such ratio has (5.7% at 2%).
double floor_half_width(double noise);

// Whether a ratio's interval (low..high around ratio) is wider than that floor
// by more than a point: where a cell should show its own ±.
bool wider_than_floor(double ratio, double high, double noise);

// Two-sided p-value of the Mann-Whitney U test (normal approximation with tie
// and continuity corrections).
double mann_whitney_p(const std::vector<double>& x, const std::vector<double>& y);

// The figures of a run whose repetitions vary more than `limit` (coefficient
// of variation): metric key and cv, in the run's order.
std::vector<std::pair<std::string, double>> noisy_figures(const Run& run, double limit);

}  // namespace speedlab::compare
