// The text renderer of comparisons: aligned text tables, as a terminal shows them.
#include <fmt/format.h>

#include "report/comparison.h"
#include "report/comparison_parts.h"

namespace speedlab::report {

using namespace detail;

std::string text_ratio(const RatioTable& t, const std::vector<Run>& /*runs*/) {
    auto grids = ratio_grids(t);
    std::string out = direction_line(t) + "\n";
    out += interval_line(t.noise);
    for (const auto& g : grids) out += text_grid(g);
    out += means_line(t) + "\n";
    for (const auto& c : t.caveats) out += "note: " + c + "\n";
    return out;
}

std::string text_side_by_side(const SideBySide& s, const std::vector<Run>& /*runs*/) {
    std::string base = s.baseline < s.labels.size() ? s.labels[s.baseline] : "";
    Grid g{"", side_header(s), side_rows(s, true), {}};
    std::string out = "baseline: run " + base +
                      "; in brackets the difference to it; ± after a value: its coefficient of "
                      "variation\n" +
                      interval_line(s.noise);
    out += text_grid(g);
    for (const auto& c : s.caveats) out += "note: " + c + "\n";
    return out;
}

}  // namespace speedlab::report
