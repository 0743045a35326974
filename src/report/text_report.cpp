// The text renderer of comparisons: aligned text tables, as a terminal shows
// them, the summary first, the prose wrapped at the terminal's width.
#include <fmt/format.h>

#include <algorithm>

#include "report/comparison.h"
#include "report/comparison_parts.h"
#include "report/text_table.h"

namespace speedlab::report {

using namespace detail;

namespace {
std::string wrapped(const std::vector<std::string>& lines, size_t width) {
    std::string out;
    for (const auto& l : lines) {
        size_t lead = l.find_first_not_of(' ');
        std::string indent(lead == std::string::npos ? 0 : lead, ' ');
        out += wrap(l, width, indent + "    ");
    }
    return out;
}

// A grid fit to the width: wider, it is split into blocks of columns that
// each start with the figure's name, as openssl speed splits its sizes.
std::string fitted_grid(const Grid& g, size_t width) {
    std::string plain = text_grid(g);
    size_t widest = 0;
    for (size_t start = 0, end; (end = plain.find('\n', start)) != std::string::npos;
         start = end + 1)
        widest = std::max(widest, columns(plain.substr(start, end - start)));
    if (widest <= width) return plain;
    TextTable t{g.header, g.rows, std::vector<bool>(g.header.size(), true), 1, 2};
    t.right[0] = false;
    return render_table(t, width);
}

std::string notes(const std::vector<std::string>& caveats, size_t width) {
    std::string out;
    for (const auto& c : caveats) out += wrap("note: " + c, width, "      ");
    return out;
}
}  // namespace

std::string text_report(const Comparison& c, const std::vector<Run>& runs, const FormatOptions& o) {
    std::string out = "summary:\n" + wrapped(summary_lines(c), o.width) + "\n";
    if (c.grid && o.ratios_only) {
        out += wrap(direction_line(c), o.width, "");
        for (const auto& g : ratio_grids(c)) out += text_grid(g);
        out += wrap(means_line(*c.grid), o.width, "  ");
    } else if (c.grid) {
        out += fitted_grid(values_grid(c, runs, o.units), o.width);
    } else {
        out += wrap("baseline: run " + baseline_label(c) + "; in brackets the difference to it",
                    o.width, "");
        out += fitted_grid(Grid{"", side_header(c), side_rows(c, true, o.units), {}}, o.width);
    }
    std::string legend = interval_line(c.noise);
    out += wrap(legend.substr(0, legend.size() - 1), o.width, "");
    return out + notes(c.caveats, o.width);
}

}  // namespace speedlab::report
