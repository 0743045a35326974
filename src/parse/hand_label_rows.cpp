// An HTML table a page copy flattened to single spaces: its header broken
// over lines and lost, its rows "md5 1024 37,008.46 62,628.86 ..." and
// "rsa 1024 verify 1,540.3 ...", a label naming an algorithm with its size or
// a key and an operation, then one figure per column. Rows of other
// benchmarks ("Numeric sort 217.2 ...") may sit between; they name no key.
#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

bool whole(std::string_view w) {
    return !w.empty() && w.size() <= 6 && w.find_first_not_of("0123456789") == w.npos;
}

bool keyed(const HeaderCell& h) {
    return !h.algorithm.empty() && !h.ratio && (h.size > 0 || h.operation != Operation::throughput);
}

// Cells of line `t` as a flattened row: the label, then its figures; empty
// when `t` is none. `key` says whether the label names a size or operation.
std::vector<std::string> flattened_row(std::string_view t, bool& key) {
    t = trimmed_view(t);
    // Most lines (prose, openssl's own rows "12.3k") fail here, unsplit.
    if (t.size() < 5 || !ascii_alpha(t.front()) || !ascii_digit(t.back()) || t.find('|') != t.npos)
        return {};
    auto w = words(t);
    size_t n = 0;
    while (n < w.size() && !read_hand_number(w[n])) ++n;
    if (n == 0 || n == w.size()) return {};
    // The label takes two words past `n` at most: a later word that is no
    // figure ("built on: Thu Oct 4 17:32:42 GMT 2007") says none before it is read.
    for (size_t k = n + 2; k < w.size(); ++k)
        if (auto f = read_hand_number(w[k]); !f || f->percent || f->own_unit) return {};
    std::string label(w[0].data(),
                      static_cast<size_t>(w[n - 1].data() + w[n - 1].size() - w[0].data()));
    HeaderCell h = read_header_cell(label);
    // "md5 1024", "rsa 1024 verify": a bare size or key bits, an operation after it.
    if (!h.algorithm.empty() && h.size == 0 && whole(w[n])) {
        std::string longer = label + " " + std::string(w[n]);
        size_t m = n + 1;
        if (m < w.size() && !read_hand_number(w[m])) longer += " " + std::string(w[m++]);
        if (HeaderCell l = read_header_cell(longer); keyed(l)) label = longer, h = l, n = m;
    }
    std::vector<std::string> cells{label};
    for (size_t k = n; k < w.size(); ++k) {
        auto f = read_hand_number(w[k]);
        if (!f || f->percent || f->own_unit) return {};
        cells.emplace_back(w[k]);
    }
    key = keyed(h);
    return cells.size() >= 2 ? cells : std::vector<std::string>{};
}

}  // namespace

bool may_start_flattened_rows(std::string_view t) {
    bool key = false;
    return !flattened_row(t, key).empty() && key;
}

size_t flattened_label_rows(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                            size_t i, Rows& rows, std::vector<size_t>& row_lines) {
    bool key = false;
    auto first = flattened_row(lines[i].text(), key);
    if (first.empty() || !key) return i;
    const size_t width = first.size();
    Rows found{std::move(first)};
    std::vector<size_t> at{lines[i].line};
    size_t keys = 1, k = i + 1;
    // A row of another benchmark has every figure; a keyed row may lack its
    // last cells (a page copy drops empty cells, or is cut).
    for (; k < lines.size() && !used[k]; ++k) {
        auto cells = flattened_row(lines[k].text(), key);
        if (cells.empty() || cells.size() > width || (!key && cells.size() != width)) break;
        keys += key;
        found.push_back(std::move(cells));
        at.push_back(lines[k].line);
    }
    if (keys < 2) return i;
    std::vector<std::string> header{""};
    for (size_t c = 1; c < width; ++c) header.push_back("column " + std::to_string(c));
    rows.push_back(std::move(header));
    row_lines.push_back(lines[i].line);
    rows.insert(rows.end(), found.begin(), found.end());
    row_lines.insert(row_lines.end(), at.begin(), at.end());
    return k;
}

}  // namespace speedlab::parse
