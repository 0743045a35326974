// Figures a person typed as approximate ("~4 MB/s", "≈ 15"): read with the
// precision their digits give (printed_step 1 MB/s for "~4 MB/s"), which is
// all they claim; refusing them would lose the only figures such a text has.
#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

bool cut_approximate(std::string_view& t) {
    static constexpr std::string_view kMarks[] = {"~", "\xE2\x89\x88", "\xE2\x88\xBC"};  // ~ ≈ ∼
    for (auto mark : kMarks)
        if (t.starts_with(mark)) {
            t = trim(t.substr(mark.size()));
            return true;
        }
    return false;
}

}  // namespace speedlab::parse
