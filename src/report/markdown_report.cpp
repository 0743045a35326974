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

std::string markdown_report(const Comparison& c, const std::vector<Run>& runs,
                            const FormatOptions& o) {
    std::string out = summary(summary_lines(c));
    if (c.grid && o.ratios_only) {
        out += "**" + md_escape(direction_line(c)) + "**\n\n";
        for (const auto& g : ratio_grids(c)) out += markdown_grid(g.header, g.rows) + "\n";
        out += md_escape(means_line(*c.grid)) + "\n";
    } else if (c.grid) {
        auto g = values_grid(c, runs, o.units);
        out += markdown_grid(g.header, g.rows);
    } else {
        out += "Baseline: run " + md_escape(baseline_label(c)) +
               "; in brackets the difference to it.\n\n";
        out += markdown_grid(side_header(c), side_rows(c, true, o.units));
    }
    return out + tail(c.noise, c.caveats);
}

}  // namespace speedlab::report
