// What a typed row's label cells name when the name is not the whole cell:
// an algorithm with a note in brackets after it, a key whose size is a cell
// of its own.
#include <algorithm>
#include <cctype>

#include "core/algorithm.h"
#include "core/algorithm_registry.h"
#include "core/curve.h"
#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

std::string label_algorithm(std::string_view cell) {
    std::string t = hand_cell_text(cell);
    auto open = t.find('(');
    if (open == std::string::npos || open == 0 || t.back() != ')') return {};
    return hand_algorithm_word(trimmed(std::string_view(t).substr(0, open)));
}

namespace {

// "512 bits", "2048-bit", "4096": a key's size alone.
bool bits_cell(const std::string& text) {
    if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return false;
    std::string t = lower_ascii(text);
    size_t digits = t.find_first_not_of("0123456789");
    if (digits == 0 || t.empty()) return false;
    std::string_view unit = trim(std::string_view(t).substr(std::min(digits, t.size())));
    if (!unit.empty() && unit.front() == '-') unit.remove_prefix(1);
    return unit.empty() || unit == "bits" || unit == "bit";
}

// A key named over two cells ("rsa" | "512 bits") under empty header cells:
// the two as one label; empty when the first cell is the label alone.
std::string two_cell_key(const Grid& t, size_t r) {
    if (t.row(r).size() < 2 || t.row(0).size() < 2 || !bits_cell(t.text(r, 1))) return {};
    std::string over = lower_ascii(t.text(0, 1));
    if (!over.empty() && over.find("bit") == std::string::npos &&
        over.find("key") == std::string::npos && over.find("size") == std::string::npos)
        return {};
    const HeaderCell& first = t.header(r, 0);
    if (!named_with_key_bits(first.algorithm) || first.size > 0) return {};
    return t.text(r, 0) + " " + t.text(r, 1);
}

// "ecdsa (nistp256)" -> "ecdsa-p256", "EdDSA(Ed25519)" -> "ed25519": the key
// a curve in brackets names; empty when the brackets name none.
std::string key_in_brackets(const std::string& t) {
    auto open = t.rfind('(');
    if (open == std::string::npos || open == 0 || t.back() != ')') return {};
    std::string inside = trimmed(std::string_view(t).substr(open + 1, t.size() - open - 2));
    auto before = words(std::string_view(t).substr(0, open));
    std::string family = before.empty() ? "" : lower_ascii(before.back());
    // A curve that only agrees keys (X25519 under "ecdh") has no sign/s: no key here.
    if (const Curve* c = curve_by_printed(inside)) {
        // not every curve is a registry row
        std::string id = canonical_curve_id(kEcdsaFamily, c->suffix);
        return family == kEcdsaFamily && c->signs && whole_key_id(id) ? id : "";
    }
    const AlgorithmInfo* a = algorithm_named(lower_ascii(inside), false);
    return a && whole_key_id(a->id) ? std::string(a->id) : "";
}

}  // namespace

bool whole_key_id(std::string_view id) {
    const AlgorithmInfo* a = algorithm_info(id);
    return a && a->kind == AlgorithmKind::public_key && a->bits > 0;
}

HeaderCell key_cell(const Grid& t, size_t r) {
    if (t.row(r).empty()) return {};
    std::string two = two_cell_key(t, r);
    HeaderCell h = two.empty() ? t.header(r, 0) : read_header_cell(two);
    if (std::string id = key_in_brackets(t.text(r, 0)); !id.empty()) {
        h.algorithm = id;
        h.size = algorithm_info(id)->bits;
    }
    return h;
}

bool signature_table(const Grid& t) {
    if (t.size() < 3) return false;
    bool sign = false, verify = false;
    for (size_t k = 0; k < t.row(0).size(); ++k) {
        std::string h = lower_ascii(t.text(0, k));
        sign = sign || h == "sign/s";
        verify = verify || h == "verify/s";
    }
    if (!sign || !verify) return false;
    size_t keys = 0;
    for (size_t r = 1; r < t.size(); ++r) {
        HeaderCell h = key_cell(t, r);
        keys += !h.algorithm.empty() && h.size > 0 && h.operation == Operation::throughput;
    }
    return keys >= 2;
}

}  // namespace speedlab::parse
