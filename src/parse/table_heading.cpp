// Headings that name a table's machine (see table_heading.h).
#include "parse/table_heading.h"

#include <string_view>

#include "core/text.h"
#include "parse/cells.h"

namespace speedlab::parse {

std::string heading_name(const std::vector<CleanLine>& lines, size_t k) {
    std::string_view t = trim(lines[k].text());
    std::string_view title;
    if (t.starts_with('#')) {
        title = t.substr(std::min(t.size(), t.find_first_not_of('#')));
        while (!title.empty() && title.back() == '#') title.remove_suffix(1);
    } else if (t.size() > 4 && t.starts_with("**") && t.ends_with("**")) {
        title = t.substr(2, t.size() - 4);
    } else if (k > 0 && t.size() >= 3 && t.find_first_not_of(t[0]) == std::string_view::npos &&
               std::string_view("=-^~*").find(t[0]) != std::string_view::npos) {
        title = lines[k - 1].text();
    }
    title = trim(title);
    if (title.empty() || title.size() > 40 || words(title).size() > 6 || title.back() == ':' ||
        title.back() == '.')
        return {};
    // "i7-8550U (Fedora 31, Openssl 1.1.1d)" names a machine and, in
    // parentheses, its build: only the words outside them name results.
    // A bare "(OpenSSL)" names no build: the section of a report.
    std::string_view plain = title.substr(0, title.find('('));
    std::string_view inside = title.substr(plain.size());
    if (mentions(inside, "openssl") && inside.find_first_of("0123456789") == std::string::npos)
        return {};
    for (std::string_view w : {"openssl", "speed", "result", "benchmark", "performance", "table",
                               "summary", "comparison", "crypto", "output", "test", "number"})
        if (mentions(plain, w)) return {};
    return std::string(title);
}

std::string heading_over_rows(const std::vector<CleanLine>& lines, size_t first) {
    // A table's header and rule are at most two rows; a blank line may follow
    // the heading.
    for (size_t k = first, rows = 0; k-- > 0;) {
        std::string_view t = trim(lines[k].text());
        if (t.empty()) continue;
        if (t.front() == '|' && rows < 2) {
            ++rows;
            continue;
        }
        // Only a '#' heading: a bold line or a title over its rule is as
        // often a sentence's emphasis or a table's own rule.
        return t.front() == '#' ? heading_name(lines, k) : std::string();
    }
    return {};
}

}  // namespace speedlab::parse
