#pragma once
// The geometric mean of ratios, honestly: a figure printed too coarsely to
// weigh as much as a precise one is left out (and counted), and the mean has a
// 95% interval.
#include <cstddef>
#include <string>
#include <vector>

#include "core/measurement.h"

namespace speedlab::compare {

struct RatioCell;

// Whether a figure may enter a geometric mean: printed with at least 3
// significant digits, and its rounding alone (half a printed step, spread
// uniformly) within the noise floor. "0.1" signs per second is neither.
bool fit_for_mean(const Measurement& m, double noise);

struct MeanEstimate {
    double ratio = 1, low = 1, high = 1;        // geometric mean and its 95% interval
    size_t figures = 0;                         // ratios that entered
    size_t left_out = 0;                        // ratios of a too coarsely printed figure
    std::vector<std::string> left_out_metrics;  // the first few, as metric keys
    bool empty() const { return figures == 0; }
    bool within_noise() const { return low <= 1 && high >= 1; }
};

// Collects ratio cells and makes their geometric mean.
class MeanBuilder {
  public:
    void add(const std::string& metric, const RatioCell& cell);
    MeanEstimate result() const;

  private:
    std::vector<double> logs_, uncertainties_;
    size_t left_out_ = 0;
    std::vector<std::string> left_out_metrics_;
};

}  // namespace speedlab::compare
