// A report's table of signing keys under a sentence saying `openssl speed`
// measured it ("These OpenSSL `speed` values exclude process startup."):
// its `Sign/s` and `Verify/s` columns are openssl's figures at the keys its
// rows name ("RSA-2048/SHA-256", "P-256/SHA-256", "ML-DSA-44"). Its other
// columns (seconds, ms, a status) and the report's other tables (a CLI's wall
// clock, liboqs) are none: a table says nothing of openssl speed without it.
#include <algorithm>

#include "core/algorithm.h"
#include "core/rate_words.h"
#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// Whether the sentence introducing the table (the two lines above it that
// are not blank, a heading the last) names openssl speed, in backticks or
// not ("OpenSSL `speed`").
bool introduced_as_speed(const std::vector<CleanLine>& lines, size_t first) {
    for (size_t k = first, seen = 0; k-- > 0 && seen < 2;) {
        std::string_view t = trimmed_view(lines[k].text());
        if (t.empty()) continue;
        if (t.front() == '|') return false;  // another table's row
        ++seen;
        if (mentions(t, "openssl")) {
            std::string plain;
            for (char c : t)
                if (c != '`' && c != '*' && c != '"') plain += c;
            if (mentions(plain, "openssl speed")) return true;
        }
        if (t.front() == '#') return false;
    }
    return false;
}

// The key row `r` names: as openssl's own table types it ("rsa 2048 bits",
// "ecdsa (nistp256)"), else as a report names it ("RSA-2048/SHA-256").
std::string row_key(const Grid& t, size_t r) {
    HeaderCell h = key_cell(t, r);
    if (!h.ratio && whole_key_id(h.algorithm)) return h.algorithm;
    std::string id;
    if (!h.ratio && named_with_key_bits(h.algorithm) && h.size > 0)
        id = key_size_id(h.algorithm, h.size);
    return id.empty() ? typed_key_id(t.text(r, 0)) : id;
}

}  // namespace

std::optional<std::vector<ColumnFigure>> speed_signature_figures(
    const Grid& t, const std::vector<CleanLine>& lines) {
    if (t.size() < 2) return std::nullopt;
    std::vector<std::pair<size_t, Operation>> columns;
    for (size_t k = 1; k < t.row(0).size(); ++k) {
        if (t.cell(0, k).find("/s") == std::string::npos) continue;  // cheap first: most headers
        // Sign/s and Verify/s only: a report's keygen/s is not openssl speed's.
        auto op = rate_operation(t.text(0, k));
        if (op == Operation::sign || op == Operation::verify) columns.emplace_back(k, *op);
    }
    if (columns.empty() || !introduced_as_speed(lines, t.first)) return std::nullopt;
    std::vector<ColumnFigure> out;
    for (size_t r = 1; r < t.size(); ++r) {
        std::string id = row_key(t, r);
        if (id.empty()) continue;
        for (auto [k, op] : columns)
            if (auto n = t.figure(r, k); n && n->value > 0 && !n->own_unit)
                out.push_back({id, op, 0, *n, 0, r});
    }
    if (out.empty()) return std::nullopt;
    return out;
}

}  // namespace speedlab::parse
