// Tables turned so that block sizes are rows ("| 16 B | 688 | 450 |"):
// their corner may say so in any language ("块大小", "Taille"), or nothing;
// the rows' own labels tell.
#include "parse/hand_rules.h"

namespace speedlab::parse {

bool rows_are_sizes(const Grid& t) {
    size_t sized = 0;
    for (size_t r = 1; r < t.size(); ++r) {
        if (t.text(r, 0).empty()) continue;
        const HeaderCell& h = t.header(r, 0);
        if (h.size <= 0 || !h.algorithm.empty() || !t.names_size(r, 0)) return false;
        ++sized;
    }
    return sized >= 2;
}

bool rows_name_other_than_sizes(const Grid& t) {
    for (size_t r = 1; r < t.size(); ++r) {
        const HeaderCell& h = t.header(r, 0);
        if (h.size <= 0 || !h.algorithm.empty() || t.names_size(r, 0)) continue;
        // "8192", "8,192": a bare number under a corner naming sizes
        if (t.text(r, 0).find_first_not_of("0123456789,.' ") != std::string::npos) return true;
    }
    return false;
}

}  // namespace speedlab::parse
