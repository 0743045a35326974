// Headings that name a table's machine (see table_heading.h).
#include "parse/table_heading.h"

#include <algorithm>
#include <string_view>

#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// "Table 2: Raspberry Pi 4", "Tab. 3 Pi 4": the words after a numbered
// table caption's label; empty when `t` is none.
std::string_view numbered_caption(std::string_view t) {
    auto ws = words(t);
    if (ws.size() < 3) return {};
    std::string label = lower_ascii(ws[0]);
    if (label != "table" && label != "tab." && label != "tabelle" && label != "tableau") return {};
    std::string_view n = ws[1];
    while (!n.empty() && (n.back() == ':' || n.back() == '.')) n.remove_suffix(1);
    if (n.empty() || n.find_first_not_of("0123456789") != std::string_view::npos) return {};
    std::string_view rest = trim(t.substr(static_cast<size_t>(ws[2].data() - t.data())));
    if (rest.starts_with("- ")) rest = trim(rest.substr(2));
    return rest;
}

// "Results on the Raspberry Pi 4", "OpenSSL speed for EPYC 7763": what
// follows " on " or " for " in a title that names the results.
std::string_view results_subject(std::string_view title) {
    std::string low = lower_ascii(title);
    for (std::string_view sep : {" on ", " for "}) {
        size_t at = low.find(sep);
        if (at == std::string::npos) continue;
        std::string_view rest = trim(title.substr(at + sep.size()));
        if (lower_ascii(rest.substr(0, 4)) == "the ") rest.remove_prefix(4);
        // a machine's name has a capital ("Pi 4", "i7-8550U"); "small blocks" is none
        bool capital =
            std::any_of(rest.begin(), rest.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
        return capital ? rest : std::string_view();
    }
    return {};
}

// The title as a machine's name, or empty: short, no sentence, and not a
// name of the results themselves ("Results", "OpenSSL speed").
std::string machine_title(std::string_view title) {
    title = trim(title);
    if (title.empty() || title.size() > 40 || words(title).size() > 6 || title.back() == ':' ||
        title.back() == '.')
        return {};
    if (names_unit_only(title)) return {};  // "### 单核吞吐（Mbps）": the unit's caption
    // "i7-8550U (Fedora 31, Openssl 1.1.1d)" names a machine and, in
    // parentheses, its build: only the words outside them name results.
    // A bare "(OpenSSL)" names no build: the section of a report.
    std::string_view plain = title.substr(0, title.find('('));
    std::string_view inside = title.substr(plain.size());
    if (mentions(inside, "openssl") && inside.find_first_of("0123456789") == std::string::npos)
        return {};
    if (names_results(plain)) return {};
    return std::string(title);
}

}  // namespace

bool names_results(std::string_view title) {
    for (std::string_view w :
         {"openssl", "speed", "result", "benchmark", "performance", "table", "summary",
          "comparison", "crypto", "output", "test", "number", "throughput"})
        if (mentions(title, w)) return true;
    return false;
}

bool states_rate(std::string_view line) {
    auto ws = words(line);
    for (size_t k = 0; k < ws.size(); ++k) {
        if (!ascii_digit(ws[k].front())) continue;
        std::string_view unit =
            ws[k].substr(std::min(ws[k].size(), ws[k].find_first_not_of("0123456789.,")));
        if (unit.empty() && k + 1 < ws.size()) unit = ws[k + 1];
        if (unit.size() > 2 && unit.ends_with("/s")) return true;
        // "81797 sha512's in 3.00s", "48 signature sign ops in 10.00s": a count in seconds
        bool seconds = unit == "s" && ws[k].find('.') != std::string_view::npos;
        if (seconds && k > 0 && ws[k - 1] == "in") return true;
    }
    return false;
}

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
    } else {
        title = numbered_caption(t);
    }
    std::string name = machine_title(title);
    if (name.empty() && !title.empty()) name = machine_title(results_subject(title));
    return name;
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
