// A table's unit said once in the line above it ("分块尺寸明细（单位 MB/s）：",
// "All figures in KiB/s:") rather than in its header: its plain figures are
// in that unit, not openssl's k.
#include <cctype>

#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

bool letter(char c) {
    return std::isalpha(static_cast<unsigned char>(c));
}

// The one unit line `t` states, 0 when none or two that differ. A unit
// right after a number ("~3.8 GB/s", "688 MB/s") is a figure of the prose.
double line_unit(std::string_view t) {
    double found = 0;
    for (size_t p = t.find('/'); p != std::string_view::npos; p = t.find('/', p + 1)) {
        size_t b = p, e = p + 1;
        while (b > 0 && letter(t[b - 1])) --b;
        while (e < t.size() && letter(t[e])) ++e;
        double unit = rate_unit(t.substr(b, e - b));
        if (unit <= 0) continue;
        size_t before = b;
        while (before > 0 && t[before - 1] == ' ') --before;
        if (before > 0 && std::isdigit(static_cast<unsigned char>(t[before - 1]))) continue;
        if (found > 0 && found != unit) return 0;
        found = unit;
    }
    return found > 0 ? found : stated_bit_rate(t);  // "（Mbps）": no slash
}

}  // namespace

double stated_unit(const std::vector<CleanLine>& lines, size_t first) {
    // The two lines above the table, blank lines skipped; a table row above
    // is another table's.
    size_t seen = 0;
    for (size_t k = first; k-- > 0 && seen < 2;) {
        std::string_view t = trim(lines[k].text());
        if (t.empty()) continue;
        if (t.find('|') != std::string_view::npos) return 0;
        ++seen;
        if (double unit = line_unit(t); unit > 0) return unit;
    }
    return 0;
}

double stated_unit_below(const std::vector<CleanLine>& lines, size_t end) {
    size_t seen = 0;
    for (size_t k = end; k < lines.size() && seen < 2; ++k) {
        std::string_view t = trim(lines[k].text());
        // A caption of what follows or a reply's author ("**name** (author):")
        // states nothing of the table above.
        if (t.empty() || t.back() == ':') continue;
        if (t.find('|') != std::string_view::npos) return 0;
        ++seen;
        if (double unit = line_unit(t); unit > 0) return unit;
    }
    return 0;
}

}  // namespace speedlab::parse
