// Two tables typed side by side in one ruled ASCII table: a `|` splits every
// row into two halves under two header cells, each naming its machine
// ("256-bit SVE | 128-bit SVE2"); a row of block sizes ("Input  576 bytes
// 512 bytes | 320 bytes  256 bytes") heads each half's figures, and rows
// labelled in their first half ("SVE", "Neon") give each half a run.
#include <string>
#include <utility>

#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// A half's cells two spaces apart; the label of the row (its first half's
// first cell, no figure nor size) moved to `label`.
std::vector<std::string> half_cells(const std::string& half, bool first, std::string& label) {
    auto cells = space_cells(half);
    if (first && !cells.empty() && !read_hand_number(cells[0]) && !names_block_size(cells[0])) {
        label = std::move(cells[0]);
        cells.erase(cells.begin());
    }
    return cells;
}

bool all_sizes(const std::vector<std::string>& cells) {
    if (cells.empty()) return false;
    for (const auto& c : cells)
        if (!names_block_size(c) || read_header_cell(c).size <= 0) return false;
    return true;
}

// Each half of row `r` as cells, and the row's label.
struct SplitRow {
    std::string label;
    std::vector<std::string> halves[2];
};
SplitRow split_row(const Grid& t, size_t r) {
    SplitRow s;
    for (size_t h = 0; h < 2 && h < t.row(r).size(); ++h)
        s.halves[h] = half_cells(t.cell(r, h), h == 0, s.label);
    return s;
}

// A label in cell (r, k): text that is no figure nor block size.
bool label_at(const Grid& t, size_t r, size_t k) {
    return !t.text(r, k).empty() && !t.number(r, k) && !t.names_size(r, k);
}

// "| | keygen/s | encaps/s | decaps/s | | sign/s | verify/s |": an empty
// header cell between two groups of two columns or more, over a label in
// every row (as in the first column), starts a second table beside the first.
std::vector<SpannedPart> empty_header_split(const Grid& t) {
    const size_t width = t.row(0).size();
    size_t split = 0;
    for (size_t k = 3; k + 2 < width && split == 0; ++k)
        if (t.cell(0, k).empty() && !t.cell(0, k - 1).empty() && !t.cell(0, k - 2).empty() &&
            !t.cell(0, k + 1).empty() && !t.cell(0, k + 2).empty())
            split = k;
    if (split == 0) return {};
    for (size_t r = 1; r < t.size(); ++r)
        if (t.row(r).size() <= split || !label_at(t, r, 0) || !label_at(t, r, split)) return {};
    std::vector<SpannedPart> parts(2);
    for (size_t r = 0; r < t.size(); ++r) {
        const auto& row = t.row(r);
        const auto at = row.begin() + static_cast<std::ptrdiff_t>(split);
        parts[0].rows.emplace_back(row.begin(), at);
        parts[1].rows.emplace_back(at, row.end());
        parts[0].from.push_back(r);
        parts[1].from.push_back(r);
    }
    return parts;
}

// A ruled table's two halves, "|" between them on every row.
std::vector<SpannedPart> ruled_halves(const Grid& t) {
    // The byte test: a header of two cells, each a name, over rows of two.
    if (t.size() < 3 || t.row(0).size() != 2 || t.text(0, 0).empty() || t.text(0, 1).empty() ||
        t.number(0, 0) || t.number(0, 1))
        return {};
    std::vector<SplitRow> rows;
    size_t sizes = t.size();
    for (size_t r = 1; r < t.size(); ++r) {
        if (t.row(r).size() > 2) return {};
        rows.push_back(split_row(t, r));
        if (sizes == t.size() && all_sizes(rows.back().halves[0]) &&
            all_sizes(rows.back().halves[1]))
            sizes = r;
    }
    if (sizes == t.size()) return {};
    std::vector<SpannedPart> parts;
    for (size_t h = 0; h < 2; ++h) {
        SpannedPart part;
        const SplitRow& head = rows[sizes - 1];
        std::vector<std::string> header{head.label, "CPU"};
        header.insert(header.end(), head.halves[h].begin(), head.halves[h].end());
        part.rows.push_back(std::move(header));
        part.from.push_back(sizes);
        for (size_t r = 1; r < t.size(); ++r) {
            const SplitRow& row = rows[r - 1];
            if (r == sizes || row.label.empty() || row.halves[h].empty()) continue;
            std::vector<std::string> cells{row.label, t.text(0, h)};
            cells.insert(cells.end(), row.halves[h].begin(), row.halves[h].end());
            part.rows.push_back(std::move(cells));
            part.from.push_back(r);
        }
        if (part.rows.size() >= 2) parts.push_back(std::move(part));
    }
    return parts;
}

}  // namespace

std::vector<SpannedPart> side_by_side_halves(const Grid& t) {
    if (t.size() < 2) return {};
    if (t.row(0).size() == 2) return ruled_halves(t);
    return t.row(0).size() >= 7 ? empty_header_split(t) : std::vector<SpannedPart>{};
}

}  // namespace speedlab::parse
