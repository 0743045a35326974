// A header whose block-size columns all name one size ("| Type | 16 Bytes |
// 16 Bytes | ... |", a cell copied along and never edited): the figures rise
// column by column as openssl's do, so five or six columns are openssl's
// default sizes; any other count cannot be placed and only the first column
// is kept. Either way the run's notes say so: the header contradicts itself.
#include <fmt/format.h>

#include "parse/hand_rules.h"

namespace speedlab::parse {

std::string repair_same_sizes(std::vector<HeaderCell>& cols, const std::vector<bool>& sized) {
    // openssl speed's default block sizes: 1.0.x has the first five, 1.1.1 and 3.x all six.
    static constexpr int64_t kDefaults[] = {16, 64, 256, 1024, 8192, 16384};
    std::vector<size_t> at;
    for (size_t k = 0; k < cols.size() && k < sized.size(); ++k)
        if (sized[k]) at.push_back(k);
    if (at.size() < 3) return {};
    const int64_t size = cols[at[0]].size;
    for (size_t k : at)
        if (cols[k].size != size) return {};
    if (at.size() == 5 || at.size() == 6) {
        for (size_t i = 0; i < at.size(); ++i) cols[at[i]].size = kDefaults[i];
        return fmt::format(
            "every block-size column of the header says {} bytes: the {} columns read as openssl's "
            "default sizes 16 to {}",
            size, at.size(), kDefaults[at.size() - 1]);
    }
    for (size_t i = 1; i < at.size(); ++i) cols[at[i]].size = 0;
    return fmt::format(
        "every block-size column of the header says {} bytes: only the first column is read, "
        "the other {} cannot be placed",
        size, at.size() - 1);
}

}  // namespace speedlab::parse
