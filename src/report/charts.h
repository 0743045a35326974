#pragma once
// Inline SVG charts for the HTML report: pure functions from numbers to SVG
// text, sized by viewBox so they scale with the page. Every run keeps one look
// (colour, marker, dash) in every chart; values are on hover (<title>).
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace speedlab::report {

// Run number `i`'s colour (a colour-blind-safe palette of 12), marker shape
// (5: circle, square, triangle, diamond, inverted triangle) and dash pattern
// (solid, dashed, dotted for runs 13-24 and 25-36): distinct up to 60 runs.
std::string series_colour(size_t i);
std::string series_marker(size_t i);  // the shape's name
std::string series_dash(size_t i);    // SVG stroke-dasharray, empty for solid
// A small inline SVG of the run's line and marker, for legends and tables.
std::string series_swatch(size_t i);

struct Point {
    std::optional<double> value;      // missing: no point
    std::optional<double> low, high;  // whiskers where there are repetitions
};

struct Series {
    std::string name;
    size_t colour = 0;          // the run's number: colour, marker and dash
    std::vector<Point> points;  // one per x value
};

// The unit of a family of panels: its name and how many base units it holds.
struct AxisUnit {
    std::string name;  // "MB/s"
    double scale = 1;
};

// Throughput against block size: log2 x axis with the sizes as ticks; the y
// axis in `unit`, on a log scale (labelled so) when the values span more than
// 10 times. `legend`: a key of the series under the chart.
std::string throughput_chart(const std::string& title, const std::vector<int64_t>& sizes,
                             const std::vector<Series>& series, const AxisUnit& unit,
                             bool legend = true);

// Grouped bars of operations per second: one group per figure, one bar per
// series; a labelled log axis when the values span more than 10x. `unit`:
// the family's (ops_unit), else the panel's own.
std::string grouped_bars(const std::string& title, const std::vector<std::string>& groups,
                         const std::vector<Series>& series, bool legend = true,
                         std::optional<AxisUnit> unit = std::nullopt);

// Operations per second, thousands or millions: labels of at most 4 digits up to `top`.
AxisUnit ops_unit(double top);

struct RatioBar {
    std::string name;
    double ratio = 1, low = 1, high = 1;  // with its 95% interval
    std::optional<size_t> series;         // the run's look, where a bar is a run
    std::string note;                     // on hover
};

// Ratios on a log scale centred at 1: bars to the left for slower, to the
// right for faster, each with its interval as a whisker and its value beside it.
std::string ratio_chart(const std::string& title, const std::vector<RatioBar>& bars);

struct HistoryPoint {
    size_t x = 0;         // the run's place in the history, 0 .. x_count - 1
    double value = 0;     // base units
    std::string tip;      // on hover: the run and the value as printed
    bool change = false;  // the first point after a change: ringed
};

// One build's points of one figure.
struct HistoryLine {
    std::string name;  // the build's short name
    size_t look = 0;   // colour, marker and dash, as series_colour
    std::vector<HistoryPoint> points;
};

// One figure of one machine over its runs: a line per build, markers per run,
// each change ringed in red; x is the runs' order, labelled by TICKS (dates,
// or where each build's runs start); the y axis in `unit`, on a log scale
// (labelled so) when the values span more than 10 times; a key of the builds.
std::string history_chart(const std::string& title, const std::vector<HistoryLine>& lines,
                          size_t x_count, const std::vector<std::pair<size_t, std::string>>& ticks,
                          const AxisUnit& unit);

// The key of the runs' looks, once for all charts.
std::string series_key(const std::vector<std::string>& names);

// The colour key of the ratio heat map (blue faster, orange slower).
std::string heat_key();
std::string heat_colour(double ratio);

// Axis labels: "0.05", "20", "2000": at most 4 digits in a well chosen unit.
std::string tick_label(double v);

}  // namespace speedlab::report
