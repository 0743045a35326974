// The markdown renderer of comparisons: Markdown tables for a README or an issue.
#include <fmt/format.h>

#include "report/comparison.h"
#include "report/comparison_parts.h"

namespace speedlab::report {

using namespace detail;

std::string markdown_ratio(const RatioTable& t, const std::vector<Run>& /*runs*/) {
    auto grids = ratio_grids(t);
    std::string out = "**" + direction_line(t) + "**\n\n";
    for (const auto& g : grids) out += markdown_grid(g.header, g.rows) + "\n";
    out += means_line(t) + "\n";
    for (const auto& c : t.caveats) out += "\n- " + c;
    return out + "\n";
}

std::string markdown_side_by_side(const SideBySide& s, const std::vector<Run>& /*runs*/) {
    std::string base = s.baseline < s.labels.size() ? s.labels[s.baseline] : "";
    std::string out = "Baseline: run " + base + "; in brackets the difference to it.\n\n";
    out += markdown_grid(side_header(s), side_rows(s, true));
    for (const auto& c : s.caveats) out += "\n- " + c;
    return out + "\n";
}

}  // namespace speedlab::report
