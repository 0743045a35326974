#pragma once
// One table a person typed as a grid of cells, and each cell read once: its
// text without markup and its reading as a figure are made on first need and
// kept (a header cell's reading is kept by read_header_cell's own cache, not
// again per cell: a large table's cells would raise the import's peak). The
// rules of hand_table.cpp try one reading after another on the same cells.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "parse/clean_line.h"
#include "parse/hand_table.h"

namespace speedlab::parse {

using Rows = std::vector<std::vector<std::string>>;

class Grid {
  public:
    Grid(size_t first, size_t end, Rows rows, std::vector<size_t> row_lines);
    size_t first = 0;  // index into the text's lines of its first line
    size_t end = 0;    // past its last
    const Rows& rows() const { return rows_; }
    size_t size() const { return rows_.size(); }
    const std::vector<std::string>& row(size_t r) const { return rows_[r]; }
    // The input line row `r` starts on.
    size_t line_of(size_t r) const { return r < row_lines_.size() ? row_lines_[r] : 0; }
    const std::vector<size_t>& row_lines() const { return row_lines_; }
    // Cell `k` of row `r` as typed, and its readings; past the row's end a
    // blank cell: "", no header, no figure.
    const std::string& cell(size_t r, size_t k) const;
    const std::string& text(size_t r, size_t k) const;  // hand_cell_text
    HeaderCell header(size_t r, size_t k) const;        // read_header_cell
    const std::optional<HandNumber>& number(size_t r, size_t k) const;
    // A number that is no percentage: what a figure column holds.
    std::optional<HandNumber> figure(size_t r, size_t k) const;
    bool names_size(size_t r, size_t k) const;  // names_block_size

  private:
    struct Readings {
        std::optional<std::string> text;  // only where it differs from the cell
        bool plain_read = false, plain = false;
        std::optional<bool> names_size;
        bool number_read = false;
        std::optional<HandNumber> number;
    };
    Readings* at(size_t r, size_t k) const;
    Rows rows_;
    std::vector<size_t> row_lines_;
    mutable std::vector<std::vector<Readings>> readings_;
};

// Each typed table of the text's `lines` (none on a line `used`: openssl's
// own output) as a grid, handed to `each` as it is found and then dropped:
// the cells of all a text's tables at once would be a copy of the text.
// `text` is the text the lines are views of (most of them), which
// table_lines.h's first pass searches.
void find_grids(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                std::string_view text, const std::function<void(const Grid&)>& each);

}  // namespace speedlab::parse
