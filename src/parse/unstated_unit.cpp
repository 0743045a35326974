// Tables whose figures are in a unit they do not print (see unstated_unit.h).
#include "parse/unstated_unit.h"

namespace speedlab::parse {

bool unit_unstated_and_too_small(const std::vector<std::vector<std::string>>& rows,
                                 const std::vector<HeaderCell>& cols) {
    size_t figures = 0;
    for (const auto& c : cols)
        if (c.unit > 0) return false;  // "(MB/s)": the header says
    for (size_t r = 1; r < rows.size(); ++r)
        for (size_t k = 0; k < rows[r].size() && k < cols.size(); ++k) {
            if (cols[k].size <= 0 || !cols[k].algorithm.empty() || cols[k].ratio ||
                !names_block_size(rows[0][k]))
                continue;
            auto n = read_hand_number(rows[r][k]);
            if (!n || n->percent) continue;
            if (n->own_unit || n->value >= kSmallestK) return false;
            ++figures;
        }
    return figures >= 4;
}

}  // namespace speedlab::parse
