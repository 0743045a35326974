// The html renderer of comparisons: one self-contained HTML page with charts.
#include <fmt/format.h>

#include "core/statistics.h"
#include "report/charts.h"
#include "report/comparison.h"
#include "report/comparison_charts.h"
#include "report/comparison_parts.h"
#include "report/html.h"

namespace speedlab::report {

using namespace detail;

std::string html_ratio(const RatioTable& t, const std::vector<Run>& runs) {
    auto grids = ratio_grids(t);
    HtmlReport page("speedlab: run " + t.b_label + " against run " + t.a_label);
    page.paragraph(direction_line(t) + ". " + interval_line(t.noise));
    page.machines(runs);
    std::vector<std::pair<std::string, double>> bars;
    for (const auto& m : t.means) bars.emplace_back(m.category, m.geometric_mean);
    page.raw("<h2>Geometric means of B/A</h2><div class=\"charts\">" +
             ratio_bars_chart("geometric mean of B/A per category", bars) + "</div>\n");
    page.raw(charts_section(runs));
    for (const auto& g : grids) {
        std::vector<std::vector<std::optional<double>>> heat;
        for (size_t r = 0; r < g.rows.size(); ++r) {
            std::vector<std::optional<double>> row;
            for (size_t c = 0; c < g.rows[r].size(); ++c) {
                const RatioCell* cell = g.cells[r][c];
                // seconds columns: below 1 is faster, so colour by the inverse
                bool seconds = g.title == "public key" && (c == 1 || c == 2);
                row.push_back(cell && cell->ratio
                                  ? std::optional(seconds ? 1 / *cell->ratio : *cell->ratio)
                                  : std::nullopt);
            }
            heat.push_back(row);
        }
        page.heat_table(g.title, g.header, g.rows, heat);
    }
    page.paragraph(means_line(t));
    page.list("Comparability", t.caveats);
    return page.str();
}

std::string html_side_by_side(const SideBySide& s, const std::vector<Run>& runs) {
    std::string base = s.baseline < s.labels.size() ? s.labels[s.baseline] : "";
    HtmlReport page("speedlab: " + std::to_string(s.labels.size()) + " runs side by side");
    page.paragraph("Baseline: run " + base + ". " + interval_line(s.noise));
    page.machines(runs);
    page.raw("<h2>Geometric mean against the baseline</h2><div class=\"charts\">" +
             ratio_bars_chart("geometric mean of each run / baseline", side_means(s)) + "</div>\n");
    page.raw(charts_section(runs));
    std::vector<std::vector<std::optional<double>>> heat;
    for (const auto& r : s.rows) {
        std::vector<std::optional<double>> row{std::nullopt};
        for (size_t i = 0; i < r.values.size(); ++i)
            row.push_back(i == s.baseline ? std::nullopt : r.vs_baseline[i].ratio);
        heat.push_back(row);
    }
    page.heat_table("Figures and their ratio to the baseline", side_header(s), side_rows(s, true),
                    heat);
    page.list("Comparability", s.caveats);
    return page.str();
}

}  // namespace speedlab::report
