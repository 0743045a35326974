// The markdown renderer of comparisons: Markdown tables for a README or an
// issue, with the summary first and the legend of the marks kept.
#include <fmt/format.h>

#include "report/comparison.h"
#include "report/comparison_parts.h"

namespace speedlab::report {

using namespace detail;

namespace {
std::string summary(const std::vector<std::string>& lines) {
    std::string out = "**Summary**\n\n";
    for (const auto& l : lines) {
        bool sub = !l.empty() && l[0] == ' ';
        out += (sub ? "  - " : "- ") + md_escape(l.substr(l.find_first_not_of(' '))) + "\n";
    }
    return out + "\n";
}

// The legend's marks as literal characters, not emphasis or strike-through.
std::string prose(const std::string& text) {
    std::string o;
    for (char c : md_escape(text)) {
        if (c == '*' || c == '~' || c == '_') o += '\\';
        o += c;
    }
    return o;
}

std::string tail(double noise, const std::vector<std::string>& caveats) {
    std::string out = "\n" + prose(interval_line(noise));
    if (!caveats.empty()) out += "\n**Comparability**\n";
    for (const auto& c : caveats) out += "\n- " + md_escape(c);
    return out + "\n";
}
}  // namespace

std::string markdown_ratio(const RatioTable& t, const std::vector<Run>& runs,
                           const RenderOptions& o) {
    std::string out = summary(summary_lines(t));
    if (o.ratios_only) {
        out += "**" + md_escape(direction_line(t)) + "**\n\n";
        for (const auto& g : ratio_grids(t)) out += markdown_grid(g.header, g.rows) + "\n";
        out += md_escape(means_line(t)) + "\n";
    } else {
        auto g = values_grid(t, runs, o.units);
        out += markdown_grid(g.header, g.rows);
    }
    return out + tail(t.noise, t.caveats);
}

std::string markdown_side_by_side(const SideBySide& s, const std::vector<Run>& /*runs*/,
                                  const RenderOptions& o) {
    std::string base = s.baseline < s.labels.size() ? s.labels[s.baseline] : "";
    std::string out = summary(summary_lines(s));
    out += "Baseline: run " + md_escape(base) + "; in brackets the difference to it.\n\n";
    out += markdown_grid(side_header(s), side_rows(s, true, o.units));
    return out + tail(s.noise, s.caveats);
}

}  // namespace speedlab::report
