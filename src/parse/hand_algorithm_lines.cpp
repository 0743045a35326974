// A table typed as blocks, one per algorithm: a sizes header
// ("Payload in Bytes  16  64 ... 16384"), then the algorithm on a line of its
// own ("AES-128-GCM") over rows labelled by build or machine ("Baseline",
// "Patched") and often a ratio row ("Speedup"). People type it so to keep
// one header for several algorithms; each label is one run across blocks.
// The ratio row is gone before: find_grids drops rows labelled as ratios.
#include <algorithm>

#include "core/text.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// "16384": a whole number a size header can hold (no decimals, no unit).
bool bare_whole(const std::string& c) {
    return !c.empty() && c.size() <= 9 && c.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

bool algorithm_alone(const std::vector<std::string>& cells) {
    return cells.size() == 1 && !hand_algorithm_word(cells[0]).empty() &&
           read_header_cell(cells[0]).size == 0 && !read_hand_number(cells[0]);
}

size_t wrapped_size_header(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                           size_t i, std::vector<std::string>& header) {
    if (header.size() < 3 || lower_ascii(header[0]).find("byte") == std::string::npos ||
        !std::all_of(header.begin() + 1, header.end(), bare_whole))
        return 0;
    size_t taken = 0;
    for (size_t k = i + 1; k < lines.size() && !used[k]; ++k, ++taken) {
        auto more = space_cells(lines[k].text());
        // Sizes rise left to right: a line of larger whole numbers goes on.
        if (more.empty() || !std::all_of(more.begin(), more.end(), bare_whole)) break;
        int64_t last = std::stoll(header.back());
        if (std::stoll(more.front()) <= last) break;
        header.insert(header.end(), more.begin(), more.end());
    }
    return taken;
}

void sizes_named_by_corner(std::vector<std::string>& header) {
    if (header.size() < 3) return;
    std::string corner = lower_ascii(header[0]);
    if (corner.find("byte") == std::string::npos) return;
    if (!std::all_of(header.begin() + 1, header.end(), bare_whole)) return;
    for (size_t k = 1; k < header.size(); ++k) header[k] += " bytes";
}

std::optional<std::pair<Rows, std::vector<size_t>>> spread_algorithm_lines(const Grid& t) {
    const auto& lines = t.row_lines();
    bool any = false;
    for (size_t r = 1; r < t.size() && !any; ++r) any = algorithm_alone(t.row(r));
    if (!any) return std::nullopt;
    Rows rows;
    std::vector<size_t> row_lines;
    std::string algorithm;  // of the block the rows are in; none before the first
    for (size_t r = 0; r < t.size(); ++r) {
        if (r > 0 && algorithm_alone(t.row(r))) {
            algorithm = t.row(r)[0];
            continue;
        }
        rows.push_back(t.row(r));
        rows.back().insert(rows.back().begin(), r == 0 ? std::string() : algorithm);
        row_lines.push_back(r < lines.size() ? lines[r] : 0);
    }
    if (rows.size() < 2) return std::nullopt;
    return std::pair{std::move(rows), std::move(row_lines)};
}

}  // namespace speedlab::parse
