// reST simple tables ("=====  =====" over the header, under it and after the
// last row): the borders frame the rows of a table of space-separated cells
// and hold none of its cells.
#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

bool simple_table_border(std::string_view t) {
    t = trim(t);
    return t.size() >= 3 && t.front() == '=' && t.find_first_not_of("= ") == t.npos &&
           t.find(' ') != t.npos;
}

}  // namespace speedlab::parse
