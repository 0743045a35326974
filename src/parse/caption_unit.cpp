// A caption that names a unit other than a rate (see caption_unit.h).
#include "parse/caption_unit.h"

#include <string_view>

#include "core/text.h"
#include "parse/cells.h"

namespace speedlab::parse {

bool caption_names_other_unit(const std::vector<CleanLine>& lines, size_t first) {
    size_t seen = 0;
    for (size_t k = first; k-- > 0 && seen < 3 && k + 8 > first;) {
        std::string_view t = trim(lines[k].text());
        if (t.empty()) continue;
        ++seen;
        for (std::string_view w : {"cycles", "cycles/byte", "cpb", "ns/op", "nanoseconds"})
            if (mentions(t, w)) return true;
    }
    return false;
}

}  // namespace speedlab::parse
