#pragma once
// Pieces every comparison renderer shares: cell texts, grids, CSV quoting,
// the interval line. Internal to src/report.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "compare/ratio.h"
#include "core/run.h"
#include "report/comparison.h"

namespace speedlab::report::detail {

using compare::Comparison;
using compare::RatioCell;
using compare::RatioGrid;
using compare::Significance;
using nlohmann::json;

struct Grid {
    std::string title;
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<std::vector<const RatioCell*>> cells;  // parallel to rows (nullptr for the name)
};

std::string significance_name(Significance s);
double half_width(const RatioCell& c);
std::string cell_text(const RatioCell& c, double noise);

// The legend: what a ratio's interval, *, ~, ?, ± and σ mean.
std::string interval_line(double noise);
// Text columns, not bytes: "±" and "σ" are two bytes of UTF-8 and one column.
size_t columns(const std::string& s);
// `text` broken at spaces into lines of at most `width` columns; lines after
// the first start with `indent`.
std::string wrap(const std::string& text, size_t width, const std::string& indent = "  ");
// The two-run table people read: figure, A, B and B/A (public key per second only).
Grid values_grid(const Comparison& c, const std::vector<Run>& runs, Units units);
// The verdicts, and a grid's means per category.
std::vector<std::string> summary_lines(const Comparison& c);
std::string row_name(const std::string& id);
std::vector<Grid> ratio_grids(const Comparison& c);
std::string direction_line(const Comparison& c);
std::string means_line(const RatioGrid& t);
std::string text_grid(const Grid& g);
std::string md_escape(const std::string& s);
// RIGHT: the columns aligned right; by default all but the first.
std::string markdown_grid(const std::vector<std::string>& header,
                          const std::vector<std::vector<std::string>>& rows,
                          const std::vector<bool>& right = {});
bool plain_number(const std::string& s);
std::string csv_field(std::string s);
std::string csv_row(const std::vector<std::string>& fields);
std::string number_or_empty(const std::optional<double>& v);
json cell_json(const std::string& column, const RatioCell& c);
std::vector<std::string> columns_of(const RatioGrid& t, const std::string& section);
std::vector<std::vector<std::string>> side_rows(const Comparison& s, bool with_percent,
                                                Units units = Units::si);
std::vector<std::string> side_header(const Comparison& s);
// "Baseline: run 2 engine" (capitalised or not, as the format's sentences are).
std::string baseline_label(const Comparison& s);

}  // namespace speedlab::report::detail
