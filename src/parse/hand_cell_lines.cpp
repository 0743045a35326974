// An HTML table a page copy flattened to one cell per line, each cell
// followed by " |" ("Type |", "256 bytes |", ..., "Laptop |", "95851.54k |"):
// the cells before the first row's label are the header, and every row
// holds as many cells, so the lines group into rows by the header's count.
#include <string>
#include <utility>

#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// "Laptop |": the cell of a line that holds one cell and its pipe after it;
// nullopt for any other line (a pipe table's row holds two pipes at least).
std::optional<std::string_view> lone_cell(std::string_view t) {
    t = trim(t);
    if (t.size() < 3 || t.back() != '|' || t[t.size() - 2] != ' ') return std::nullopt;
    std::string_view cell = trim(t.substr(0, t.size() - 1));
    if (cell.empty() || cell.find('|') != std::string_view::npos) return std::nullopt;
    return cell;
}

}  // namespace

bool may_start_cell_lines(std::string_view t) {
    return lone_cell(t).has_value();
}

size_t cell_per_line_table(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                           size_t i, Rows& rows, std::vector<size_t>& row_lines) {
    std::vector<std::pair<std::string, size_t>> cells;  // each cell and its input line
    size_t end = i;
    for (; end < lines.size() && !used[end]; ++end) {
        auto cell = lone_cell(lines[end].text());
        if (!cell) break;
        cells.emplace_back(std::string(*cell), lines[end].line);
    }
    // The header: the cells before the first row's label, the cell before
    // the first figure. Three at least (a corner and two columns), one row.
    size_t figure = 0;
    while (figure < cells.size() && !read_hand_number(cells[figure].first)) ++figure;
    if (figure == cells.size() || figure < 4) return i;
    const size_t width = figure - 1;
    for (size_t c = 0; c < cells.size(); c += width) {
        // A row cut before its figures (the copy's end) is no run.
        if (c + 1 >= cells.size()) break;
        std::vector<std::string> row;
        for (size_t k = c; k < c + width && k < cells.size(); ++k)
            row.push_back(std::move(cells[k].first));
        row_lines.push_back(cells[c].second);
        rows.push_back(std::move(row));
    }
    return end;
}

}  // namespace speedlab::parse
