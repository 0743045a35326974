#include "compare/mean.h"

#include <cmath>
#include <numeric>

#include "compare/ratio.h"

namespace speedlab::compare {

namespace {
constexpr double kZ95 = 1.959964;
constexpr size_t kExamples = 3;
}  // namespace

bool fit_for_mean(const Measurement& m, double noise) {
    if (m.printed_step <= 0 || m.value <= 0) return true;
    bool three_digits = m.value / m.printed_step >= 100 * (1 - 1e-9);
    double rounding = m.printed_step / 2 / std::sqrt(3.0) / m.value;
    return three_digits && rounding <= noise;
}

void MeanBuilder::add(const std::string& metric, const RatioCell& cell) {
    if (!cell.ratio || *cell.ratio <= 0) return;
    if (cell.coarse) {
        ++left_out_;
        if (left_out_metrics_.size() < kExamples) left_out_metrics_.push_back(metric);
        return;
    }
    logs_.push_back(std::log(*cell.ratio));
    uncertainties_.push_back(cell.uncertainty.value_or(0));
}

MeanEstimate MeanBuilder::result() const {
    MeanEstimate m;
    m.left_out = left_out_;
    m.left_out_metrics = left_out_metrics_;
    m.figures = logs_.size();
    if (logs_.empty()) return m;
    double n = static_cast<double>(logs_.size());
    double mean_log = std::accumulate(logs_.begin(), logs_.end(), 0.0) / n;
    // The cautious assumption: one run's noise (a busy machine, a slower clock)
    // moves all its figures together, so the mean is as unsure as a typical figure.
    double u = std::accumulate(uncertainties_.begin(), uncertainties_.end(), 0.0) / n;
    m.ratio = std::exp(mean_log);
    m.low = std::exp(mean_log - kZ95 * u);
    m.high = std::exp(mean_log + kZ95 * u);
    return m;
}

}  // namespace speedlab::compare
