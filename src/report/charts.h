#pragma once
// Inline SVG charts for the HTML report: pure functions from numbers to SVG
// text, sized by viewBox so they scale with the page.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace speedlab::report {

// The colour of series number `i` (one per run, the same in every chart).
std::string series_colour(size_t i);

struct Point {
    std::optional<double> value;      // missing: no point
    std::optional<double> low, high;  // whiskers where there are repetitions
};

struct Series {
    std::string name;
    size_t colour = 0;
    std::vector<Point> points;  // one per x value
};

// Throughput against block size: log2 x axis with the sizes as ticks, a
// labelled y axis in kB/s or MB/s (bytes/s in), one line per series.
std::string throughput_chart(const std::string& title, const std::vector<int64_t>& sizes,
                             const std::vector<Series>& series);

// Grouped bars of operations per second: one group per figure, one bar per
// series; a labelled log axis when the values span more than 10x.
std::string grouped_bars(const std::string& title, const std::vector<std::string>& groups,
                         const std::vector<Series>& series);

// Ratios as bars from zero on a linear, ticked axis, with a line at 1.
std::string ratio_bars_chart(const std::string& title,
                             const std::vector<std::pair<std::string, double>>& bars);

// The colour key of the ratio heat map.
std::string heat_key();
std::string heat_colour(double ratio);

// "1 k", "20 M": tick labels.
std::string tick_label(double v);

}  // namespace speedlab::report
