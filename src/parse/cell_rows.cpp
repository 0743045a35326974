// openssl's own row inside one table cell (see cell_rows.h).
#include "parse/cell_rows.h"

#include <algorithm>

#include "core/algorithm.h"
#include "core/algorithm_registry.h"
#include "core/text.h"
#include "parse/cells.h"

namespace speedlab::parse {

std::optional<CellRow> openssl_row_in_cell(std::string_view cell) {
    // Five figures at least, each ending in 'k': a cell with fewer k's (most
    // cells) holds no row, and is not copied to be told so.
    if (std::count(cell.begin(), cell.end(), 'k') < 5) return std::nullopt;
    std::string text = hand_cell_text(cell);
    auto ws = words(text);
    // The figures are the trailing words that end in openssl's 'k'; the
    // name is what comes before ("aes-256 cbc" as 1.0 prints it).
    size_t first = ws.size();
    while (first > 0 && ws[first - 1].size() > 1 && ws[first - 1].back() == 'k' &&
           read_hand_number(ws[first - 1]))
        --first;
    size_t count = ws.size() - first;
    if (first == 0 || first > 3 || (count != 5 && count != 6)) return std::nullopt;
    std::string name;
    for (size_t k = 0; k < first; ++k) name += (k ? " " : "") + std::string(ws[k]);
    CellRow row{canonical_symmetric_id(name), {}};
    if (!looks_like_algorithm(row.algorithm)) return std::nullopt;
    for (size_t k = 0; k < count; ++k)
        row.figures.emplace_back(kDefaultBlockSizes[k], *read_hand_number(ws[first + k]));
    return row;
}

}  // namespace speedlab::parse
