// A table a pull request's diff adds, every line behind a "+" (a reST
// csv-table or a Markdown table as a review thread quotes the hunk): its
// lines without the marker are read as any other text's. The unit such a
// table leaves out is often stated in the reply below it (hand_stated_unit.cpp).
#include "core/text.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

size_t added_hunk(const std::vector<CleanLine>& lines, const std::vector<bool>& used, size_t i,
                  std::vector<CleanLine>& hunk) {
    size_t k = i;
    for (; k < lines.size() && !used[k]; ++k) {
        std::string_view t = trimmed_view(lines[k].text());  // a quote may indent the hunk
        // "+++ b/file" names the file; "+----+" is a grid table's rule.
        if (t.empty() || t.front() != '+' || t.starts_with("++") || t.starts_with("+-")) break;
        hunk.emplace_back(lines[k].line, t.substr(1));
    }
    // One or two lines behind a "+" are a list or a sum, not a hunk.
    if (k - i < 3) {
        hunk.clear();
        return i;
    }
    return k;
}

}  // namespace speedlab::parse
