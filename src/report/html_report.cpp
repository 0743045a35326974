// The html renderer of comparisons: one self-contained HTML page. The verdict
// first, then the heat map of every figure, the geometric means, the charts,
// the runs (details on demand) and what limits the comparison.
#include <fmt/format.h>

#include "compare/caveats.h"
#include "core/plural.h"
#include "report/charts.h"
#include "report/comparison.h"
#include "report/comparison_charts.h"
#include "report/comparison_parts.h"
#include "report/html.h"
#include "report/html_builder.h"
#include "report/verdict.h"

namespace speedlab::report {

using namespace detail;

namespace {

size_t run_index(const std::vector<Run>& runs, const std::string& short_label) {
    for (size_t i = 0; i < runs.size(); ++i)
        if (compare::short_label(runs[i]) == short_label) return i;
    return 0;
}

// One run's verdict: its counts in bold, the mean, and (unless compact) what
// was left out of the mean and the largest differences.
Html verdict_item(const compare::RunVerdict& v, const std::string& swatch, bool compact) {
    std::string mean = mean_text(v.mean);
    Html detail;
    if (compact) {
        if (v.mean.left_out) mean += fmt::format(", {} left out*", v.mean.left_out);
        if (!v.largest.empty()) mean += "; largest: " + difference_phrase(v.largest.front());
    } else {
        if (auto l = left_out_text(v.mean); !l.empty()) detail.element("li", l, {{"class", "dim"}});
        for (const auto& d : v.largest)
            detail.element("li", difference_sentence(d, v.run, v.baseline));
    }
    Html item;
    item.open("li", {{"data-run", v.run}})
        .element("span", Html::trusted(swatch + " ").text(v.run), {{"class", "run"}})
        .text(": ");
    for (auto [count, words] : {std::pair{v.faster, " faster, "},
                                {v.slower, " slower, "},
                                {v.within_noise, " within noise"}})
        item.element("b", std::to_string(count)).text(words);
    if (v.unknown) item.text(", ").element("b", std::to_string(v.unknown)).text(" unsure");
    item.text("; " + mean);
    if (!detail.empty()) item.element("ul", detail);
    return item.close("li");
}

// The verdict, one item per run against the baseline: it reflows at any width.
std::string summary_html(const std::vector<compare::RunVerdict>& verdicts,
                         const std::vector<Run>& runs, const std::vector<std::string>& extra) {
    std::string against = verdicts.empty() ? "" : verdicts.front().baseline;
    Html out;
    out.open("section", {{"class", "summary"}})
        .element("h2", "Summary: against run " + against)
        .open("ul", {{"class", "verdicts"}})
        .text("\n");
    bool compact = verdicts.size() > 4, any_left_out = false;
    for (const auto& v : verdicts) {
        any_left_out = any_left_out || v.mean.left_out > 0;
        out.add(verdict_item(v, series_swatch(run_index(runs, v.run)), compact)).text("\n");
    }
    out.close("ul").text("\n");
    if (compact && any_left_out)
        out.element("p", "* " + left_out_rule(), {{"class", "dim"}}).text("\n");
    for (const auto& e : extra) out.element("p", e).text("\n");
    return out.close("section").str() + "\n";
}

std::string charts_html(const std::vector<Run>& runs) {
    bool shared_key = runs.size() > 6;
    auto charts = comparison_charts(runs, !shared_key);
    if (charts.empty()) return {};
    Html out;
    out.element("h2", "Figures the runs share").text("\n");
    if (shared_key) {
        std::vector<std::string> names;
        for (const auto& r : runs) names.push_back(compare::short_label(r));
        out.add(Html::trusted(series_key(names)));
    }
    out.open("div", {{"class", "charts"}}).text("\n");
    for (const auto& c : charts) out.add(Html::trusted(c));
    return out.close("div").str() + "\n";
}

// The geometric means as bars, under their heading.
std::string means_html(std::string_view heading, const std::string& title,
                       const std::vector<RatioBar>& bars) {
    return Html()
               .element("h2", heading)
               .element("div", Html::trusted(ratio_chart(title, bars)), {{"class", "ratios"}})
               .str() +
           "\n";
}

RatioBar bar_of(const std::string& name, const compare::MeanEstimate& m,
                std::optional<size_t> series) {
    std::string note = counted(static_cast<int64_t>(m.figures), "figure");
    if (m.left_out) note += fmt::format(", {} left out as too coarsely printed", m.left_out);
    return {name, m.ratio, m.low, m.high, series, note};
}

// Two runs: each category's mean in the summary, the grids of B/A as heat
// tables, the means as bars.
void grid_parts(HtmlReport& page, const Comparison& c, const std::vector<Run>& runs) {
    std::vector<std::string> extra;
    for (const auto& m : c.grid->means)
        if (m.category != "overall" && !m.estimate.empty())
            extra.push_back(m.category + ": " + mean_text(m.estimate));
    page.raw(summary_html(c.verdicts, runs, extra));
    page.paragraph(direction_line(c) + ". " + interval_line(c.noise));
    for (const auto& g : ratio_grids(c)) {
        std::vector<std::vector<std::optional<double>>> heat;
        for (size_t r = 0; r < g.rows.size(); ++r) {
            std::vector<std::optional<double>> row;
            for (size_t k = 0; k < g.rows[r].size(); ++k) {
                const RatioCell* cell = g.cells[r][k];
                // seconds columns: below 1 is faster, so colour by the inverse
                bool seconds = g.title == "public key" && (k == 1 || k == 2);
                row.push_back(cell && cell->ratio
                                  ? std::optional(seconds ? 1 / *cell->ratio : *cell->ratio)
                                  : std::nullopt);
            }
            heat.push_back(row);
        }
        page.heat_table(g.title, g.header, g.rows, heat);
    }
    std::vector<RatioBar> bars;
    for (const auto& m : c.grid->means)
        if (!m.estimate.empty()) bars.push_back(bar_of(m.category, m.estimate, std::nullopt));
    page.raw(means_html("Geometric means of B/A", "geometric mean of B/A per category", bars));
}

// Many runs: every figure with its ratio to the baseline as one heat table,
// each run's mean as a bar.
void rows_parts(HtmlReport& page, const Comparison& s, const std::vector<Run>& runs,
                const FormatOptions& options) {
    page.raw(summary_html(s.verdicts, runs, {}));
    std::vector<std::vector<std::optional<double>>> heat;
    for (const auto& r : s.rows) {
        std::vector<std::optional<double>> row{std::nullopt};
        for (size_t i = 0; i < r.values.size(); ++i)
            row.push_back(i == s.baseline ? std::nullopt : r.vs_baseline[i].ratio);
        heat.push_back(row);
    }
    page.paragraph("Baseline: run " + baseline_label(s) + ". " + interval_line(s.noise));
    std::vector<std::string> header{"figure"};
    // Whole labels: a header wraps, and builds of one machine must read apart.
    for (size_t i = 0; i < s.labels.size(); ++i)
        header.push_back(s.labels[i] + (i == s.baseline ? " (baseline)" : ""));
    page.heat_table("Figures and their ratio to the baseline", header,
                    side_rows(s, true, options.units), heat);
    std::vector<RatioBar> bars;
    for (const auto& v : s.verdicts)
        if (!v.mean.empty()) bars.push_back(bar_of(v.run, v.mean, run_index(runs, v.run)));
    page.raw(means_html("Geometric mean against the baseline",
                        "geometric mean of each run / baseline", bars));
}

}  // namespace

std::string html_report(const Comparison& c, const std::vector<Run>& runs,
                        const FormatOptions& options) {
    HtmlReport page(c.grid ? "speedlab: run " + c.labels[1] + " against run " + c.labels[0]
                           : "speedlab: " + std::to_string(c.labels.size()) + " runs side by side");
    if (c.grid)
        grid_parts(page, c, runs);
    else
        rows_parts(page, c, runs, options);
    page.raw(charts_html(runs));
    page.machines(runs);
    page.list("Comparability", c.caveats);
    return options.fragment ? page.body() : page.str();
}

}  // namespace speedlab::report
