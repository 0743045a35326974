#include "report/feature_table.h"

#include <fmt/format.h>

#include <algorithm>

#include "compare/interval.h"
#include "report/comparison.h"

namespace speedlab::report {

// Columns on a terminal, not bytes: "±" is two bytes of UTF-8 and one column.
size_t display_columns(const std::string& s) {
    return std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; });
}

namespace {

std::string pad_left(const std::string& s, size_t width) {
    return std::string(width > display_columns(s) ? width - display_columns(s) : 0, ' ') + s;
}

// native/masked for one figure and feature, with * where the 95% interval
// excludes 1 (~ where noise explains it).
std::string feature_cell(const compare::Comparison& table, const compare::FigureRow& row,
                         size_t k) {
    const auto& c = row.vs_baseline[k + 1];
    if (!c.ratio || *c.ratio <= 0) return "-";
    // The table divides masked by native; the experiment reads native / masked.
    // Inverted, the interval's upper end is 1 / low.
    double ratio = 1 / *c.ratio;
    std::string cell = fmt::format("{:.3f}", ratio);
    if (c.low && compare::wider_than_floor(ratio, 1 / *c.low, table.noise))
        cell += plus_minus_percent(*c.ratio / *c.low - 1);
    return cell + (c.significance == compare::Significance::significant ? "*" : "~");
}

}  // namespace

// The table in blocks of as many features as fit 120 columns, each column as
// wide as its widest cell, so a noisy machine's long intervals never overflow.
std::string feature_table(const compare::Comparison& table, const std::vector<std::string>& names) {
    constexpr size_t kLabel = 22, kWidth = 120;
    std::vector<std::vector<std::string>> cells(table.rows.size());
    std::vector<size_t> width(names.size());
    for (size_t k = 0; k < names.size(); ++k) {
        width[k] = display_columns(names[k]);
        for (size_t r = 0; r < table.rows.size(); ++r) {
            cells[r].push_back(feature_cell(table, table.rows[r], k));
            width[k] = std::max(width[k], display_columns(cells[r].back()));
        }
    }
    std::string out;
    for (size_t first = 0, last = 0; first < names.size(); first = last) {
        size_t used = kLabel;
        for (last = first;
             last < names.size() && (last == first || used + 1 + width[last] <= kWidth); ++last)
            used += 1 + width[last];
        out += fmt::format("{:<22}", first ? "\nfigure (continued)" : "figure");
        for (size_t k = first; k < last; ++k) out += " " + pad_left(names[k], width[k]);
        out += "\n";
        for (size_t r = 0; r < table.rows.size(); ++r) {
            Measurement m;
            m.algorithm = table.rows[r].metric.algorithm;
            m.operation = table.rows[r].metric.operation;
            m.parameter = table.rows[r].metric.parameter;
            out += fmt::format("{:<22}", metric_key(m));
            for (size_t k = first; k < last; ++k) out += " " + pad_left(cells[r][k], width[k]);
            out += "\n";
        }
    }
    return out + fmt::format(
                     "* the 95% interval (repetitions; a {:.0f}% floor for a figure measured "
                     "once) excludes 1; ~ within noise\n",
                     100 * table.noise);
}

}  // namespace speedlab::report
