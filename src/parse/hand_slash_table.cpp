// A small table of signature pairs typed with spaces, one row per program:
//
//     Here is the result (sign/verify in ops/s) :
//                  rsa2048  ecdsa256
//         mbedtls  21/823    150/47
//         openssl  36/1363  1437/718
//
// The statement above says what each "a/b" cell holds; the header names the
// keys. Each header becomes "<key> sign/verify", which split_pair_columns
// turns into openssl's two columns. Where a row names openssl, the rows of
// other programs hold none of its figures and are left out.
#include <cctype>

#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// "36/1363", "1.5/20.25": two figures and a slash, nothing else.
bool slash_pair(std::string_view c) {
    size_t slash = c.find('/');
    if (slash == 0 || slash == std::string_view::npos || slash + 1 == c.size()) return false;
    for (size_t k = 0; k < c.size(); ++k)
        if (k != slash && !std::isdigit(static_cast<unsigned char>(c[k])) && c[k] != '.')
            return false;
    return true;
}

// A row: a label, then pairs only (one at least).
bool pair_row(const std::vector<std::string>& cells) {
    if (cells.size() < 2 || slash_pair(cells[0])) return false;
    for (size_t k = 1; k < cells.size(); ++k)
        if (!slash_pair(cells[k])) return false;
    return true;
}

// Whether a '/' in `t` has a 'v' or 'V' after it, or after one space: what
// "sign/verify" and "sign / verify" need, in any case. Most lines with a
// slash (paths, URLs, "/s") have none, and are spared both searches.
bool slash_before_v(std::string_view t) {
    auto v = [&](size_t k) { return k < t.size() && (t[k] | 0x20) == 'v'; };
    for (size_t p = t.find('/'); p != std::string_view::npos; p = t.find('/', p + 1))
        if (v(p + 1) || (p + 2 < t.size() && t[p + 1] == ' ' && v(p + 2))) return true;
    return false;
}

// Whether one of the three lines above `header` states "sign/verify".
bool stated_pairs(const std::vector<CleanLine>& lines, size_t header) {
    size_t seen = 0;
    for (size_t k = header; k-- > 0 && seen < 3;) {
        std::string_view t = lines[k].text();  // searched in place: no lower-case copy
        if (trim(t).empty()) continue;
        ++seen;
        if (slash_before_v(t) && (mentions(t, "sign/verify") || mentions(t, "sign / verify")))
            return true;
    }
    return false;
}

bool names_openssl(const std::string& label) {
    std::string l = lower_ascii(label);
    return l.starts_with("openssl") || l.starts_with("libressl") || l.starts_with("boringssl");
}

// The first line after `k` that is not blank (a text double-spaced), or the
// end: two blank lines at most, so a run of blank lines costs no more than one.
size_t next_filled(const std::vector<CleanLine>& lines, size_t k) {
    size_t skipped = 0;
    for (++k; k < lines.size() && skipped < 2 && trim(lines[k].text()).empty(); ++skipped) ++k;
    return k;
}

}  // namespace

bool slash_below(const std::vector<CleanLine>& lines, size_t i) {
    size_t k = next_filled(lines, i);
    return k < lines.size() && lines[k].text().find('/') != std::string_view::npos;
}

size_t slash_pair_table(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                        size_t i, Rows& rows, std::vector<size_t>& row_lines) {
    // Most lines end here: the row under a header holds a slash, and a line
    // above states the pairs (read before the header is split into cells).
    if (!slash_below(lines, i) || used[next_filled(lines, i)] || !stated_pairs(lines, i)) return i;
    auto header = space_cells(lines[i].text());
    if (header.empty()) return i;
    for (const auto& c : header)
        if (slash_pair(c) || read_hand_number(c)) return i;
    Rows body;
    std::vector<size_t> body_lines;
    size_t end = i + 1;  // past the last row
    for (size_t k = next_filled(lines, i); k < lines.size() && !used[k];
         k = next_filled(lines, k)) {
        auto cells = space_cells(lines[k].text());
        if (!pair_row(cells) || cells.size() != header.size() + 1) break;
        body_lines.push_back(lines[k].line);
        body.push_back(std::move(cells));
        end = k + 1;
    }
    if (body.empty()) return i;
    bool any_openssl = false;
    for (const auto& row : body) any_openssl = any_openssl || names_openssl(row[0]);
    rows.push_back({""});
    for (const auto& h : header) rows[0].push_back(h + " sign/verify");
    row_lines.push_back(lines[i].line);
    for (size_t r = 0; r < body.size(); ++r) {
        if (any_openssl && !names_openssl(body[r][0])) continue;  // another program's row
        rows.push_back(std::move(body[r]));
        row_lines.push_back(body_lines[r]);
    }
    return end;
}

}  // namespace speedlab::parse
