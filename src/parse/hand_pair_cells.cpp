// A column headed "sign/verify" whose cells hold both figures ("36/1363"):
// people type openssl's two signature columns as one to keep a table narrow.
// The column becomes openssl's own two, "sign/s" and "verify/s", so the
// signature table's reading applies unchanged.
#include "core/text.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// "sign/verify", "Sign / Verify (ops/s)": sign, a slash, then verify.
bool pair_header(const std::string& cell) {
    if (cell.find("erify") == std::string::npos) return false;  // most headers end here
    std::string t = lower_ascii(hand_cell_text(cell));
    size_t sign = t.find("sign"), slash = t.find('/', sign), verify = t.find("verify");
    return sign != std::string::npos && slash != std::string::npos && verify != std::string::npos &&
           sign < slash && slash < verify;
}

// "36/1363" as its two cells; empty when the cell is not two figures.
std::optional<std::pair<std::string, std::string>> pair_cell(const std::string& cell) {
    std::string t = hand_cell_text(cell);
    size_t slash = t.find('/');
    if (slash == std::string::npos || t.find('/', slash + 1) != std::string::npos) return {};
    std::string a = trimmed(std::string_view(t).substr(0, slash));
    std::string b = trimmed(std::string_view(t).substr(slash + 1));
    if (!read_hand_number(a) || !read_hand_number(b)) return {};
    return std::pair{a, b};
}

// Whether every row's cell in column `k` is a pair of figures.
bool pairs_below(const Rows& rows, size_t k) {
    for (size_t r = 1; r < rows.size(); ++r)
        if (k >= rows[r].size() || !pair_cell(rows[r][k])) return false;
    return true;
}

}  // namespace

std::optional<Rows> split_pair_columns(const Rows& rows) {
    std::optional<Rows> out;
    for (size_t k = rows[0].size(); k-- > 0;) {  // from the right: splits keep k's left
        if (!pair_header(rows[0][k]) || !pairs_below(out ? *out : rows, k)) continue;
        if (!out) out = rows;
        // What the header names before "sign" ("ecdsa256 sign/verify") names both.
        std::string& head = (*out)[0][k];
        std::string key = head.substr(0, lower_ascii(head).find("sign"));
        head = key + "sign/s";
        (*out)[0].insert((*out)[0].begin() + static_cast<long>(k) + 1, key + "verify/s");
        for (size_t r = 1; r < out->size(); ++r) {
            auto [sign, verify] = *pair_cell((*out)[r][k]);
            (*out)[r][k] = sign;
            (*out)[r].insert((*out)[r].begin() + static_cast<long>(k) + 1, verify);
        }
    }
    return out;
}

}  // namespace speedlab::parse
