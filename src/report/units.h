#pragma once
// Throughput in units people read: B/s, kB/s, MB/s, GB/s (decimal, as
// `openssl speed`'s 1000s of bytes), with no more digits than were printed.
#include <optional>
#include <string>

#include "core/measurement.h"
#include "report/comparison.h"

namespace speedlab::report {

struct RateUnit {
    const char* name;  // "MB/s"
    double scale;      // bytes per second in one of it
};

// The unit a single figure reads best in: its value between 1 and 1000.
RateUnit unit_of_value(double bytes_per_second);

// The unit for an axis whose largest label is `top` bytes/s: the largest
// label has at most 4 digits.
RateUnit unit_for_axis(double top);

// "6.24230 MB/s" for 6242.30k: 4 to 6 significant digits, never more than the
// source printed (printed_step 0: measured, 4 digits).
std::string si_rate(double bytes_per_second, double printed_step);
// Significant digits of a figure printed with that step (20.6 by 0.1: 3), 1 to 17.
int significant_digits(double value, double printed_step);

// A figure of any kind as text: throughput in the chosen units, per-second
// figures as "731.7/s" or "0.0753/s".
std::string figure_text(const MetricKey& key, std::optional<double> value, double printed_step,
                        Units units);
// A figure of the metric METRIC names ("md5@8192") in SI units, as history,
// rank and the pages print a series' values; no metric: six digits.
std::string figure_text(const std::string& metric, double value);

}  // namespace speedlab::report
