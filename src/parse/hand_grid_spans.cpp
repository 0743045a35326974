// A reStructuredText grid table whose cells span columns or rows: its rules
// cross the column lines with '+' ("+------+------+------+"), a cell over
// several columns has no '|' where the rules have a '+', and a cell spanning
// down leaves a rule under the other cells only ("|      +------+------+").
// Each row a pipe table would type: the spanning cell's text, then an empty
// cell per further column (hand_table.cpp's spanning_header reads those).
#include <algorithm>

#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

bool rule_char(char c) {
    return c == '+' || c == '-' || c == '=';
}

// "+-----+=====+": a rule across the whole table.
bool whole_rule(std::string_view t) {
    t = trim(t);
    return t.size() >= 3 && t.front() == '+' && t.back() == '+' &&
           std::all_of(t.begin(), t.end(), rule_char);
}

// The '+' offsets of a rule line, whole ("+----+----+") or under some cells
// only ("|     +----+----+"): each run from '+' to '+' over '-' or '='. Empty
// when the line is a row ("| +5.2% |" holds no such run).
std::vector<size_t> rule_crossings(std::string_view t) {
    std::vector<size_t> out;
    for (size_t i = 0; i < t.size(); ++i) {
        if (t[i] != '+') continue;
        size_t j = i;
        while (j + 1 < t.size() && rule_char(t[j + 1])) ++j;
        while (j > i && t[j] != '+') --j;
        if (j < i + 2) continue;
        for (size_t k = i; k <= j; ++k)
            if (t[k] == '+') out.push_back(k);
        i = j;
    }
    return out;
}

// A row line's cells between its '|', each followed by an empty cell for
// every crossing of the rules it spans.
std::vector<std::string> spanned_cells(std::string_view t, const std::vector<size_t>& crossings) {
    std::vector<std::string> cells;
    for (size_t a = t.find('|'), b; a != std::string_view::npos; a = b) {
        b = t.find('|', a + 1);
        if (b == std::string_view::npos) break;
        cells.emplace_back(trim(t.substr(a + 1, b - a - 1)));
        auto from = std::upper_bound(crossings.begin(), crossings.end(), a);
        auto to = std::lower_bound(crossings.begin(), crossings.end(), b);
        for (auto k = from; k < to; ++k) cells.emplace_back();
    }
    return cells;
}

}  // namespace

std::optional<std::vector<std::pair<size_t, std::vector<std::string>>>> grid_span_rows(
    const std::vector<CleanLine>& lines, size_t from, size_t to) {
    std::vector<size_t> crossings, first;
    bool spans = false;
    for (size_t k = from; k < to; ++k) {
        std::vector<size_t> at = rule_crossings(lines[k].text());
        if (at.empty()) continue;
        if (first.empty()) first = at;
        // A rule under some cells only, or crossing other columns than the first.
        spans = spans || at != first || !whole_rule(lines[k].text());
        crossings.insert(crossings.end(), at.begin(), at.end());
    }
    if (!spans) return std::nullopt;
    std::sort(crossings.begin(), crossings.end());
    crossings.erase(std::unique(crossings.begin(), crossings.end()), crossings.end());
    // No table a person typed has this many columns: each row would be as many cells.
    if (crossings.size() > 256) return std::nullopt;
    std::vector<std::pair<size_t, std::vector<std::string>>> rows;
    for (size_t k = from; k < to; ++k) {
        std::string_view t = lines[k].text();
        if (!rule_crossings(t).empty()) continue;
        if (auto cells = spanned_cells(t, crossings); !cells.empty())
            rows.emplace_back(lines[k].line, std::move(cells));
    }
    return rows;
}

}  // namespace speedlab::parse
