#include "core/curve.h"

#include <fmt/format.h>

#include <array>
#include <cstdlib>

#include "core/algorithm_families.h"
#include "core/algorithm_registry.h"
#include "core/text.h"

namespace speedlab {

namespace {

// In the order of OpenSSL 3.x's ecdsa/ecdh arrays, so mr_index is the position.
constexpr std::array<Curve, 24> kCurves{{
    {"secp160r1", "secp160r1", "secp160r1", 160, 0, true},
    {"p192", "nistp192", "P-192", 192, 1, true},
    {"p224", "nistp224", "P-224", 224, 2, true},
    {"p256", "nistp256", "P-256", 256, 3, true},
    {"p384", "nistp384", "P-384", 384, 4, true},
    {"p521", "nistp521", "P-521", 521, 5, true},
    {"k163", "nistk163", "K-163", 163, 6, true},
    {"k233", "nistk233", "K-233", 233, 7, true},
    {"k283", "nistk283", "K-283", 283, 8, true},
    {"k409", "nistk409", "K-409", 409, 9, true},
    {"k571", "nistk571", "K-571", 571, 10, true},
    {"b163", "nistb163", "B-163", 163, 11, true},
    {"b233", "nistb233", "B-233", 233, 12, true},
    {"b283", "nistb283", "B-283", 283, 13, true},
    {"b409", "nistb409", "B-409", 409, 14, true},
    {"b571", "nistb571", "B-571", 571, 15, true},
    {"brainpoolp256r1", "brainpoolP256r1", "brainpoolP256r1", 256, 16, true},
    {"brainpoolp256t1", "brainpoolP256t1", "brainpoolP256t1", 256, 17, true},
    {"brainpoolp384r1", "brainpoolP384r1", "brainpoolP384r1", 384, 18, true},
    {"brainpoolp384t1", "brainpoolP384t1", "brainpoolP384t1", 384, 19, true},
    {"brainpoolp512r1", "brainpoolP512r1", "brainpoolP512r1", 512, 20, true},
    {"brainpoolp512t1", "brainpoolP512t1", "brainpoolP512t1", 512, 21, true},
    {"x25519", "X25519", "X25519", 253, 22, false},
    {"x448", "X448", "X448", 448, 23, false},
}};

}  // namespace

std::span<const Curve> curves() {
    return kCurves;
}

const Curve* curve_by_suffix(std::string_view suffix) {
    for (const auto& c : kCurves)
        if (c.suffix == suffix) return &c;
    return nullptr;
}

const Curve* curve_by_printed(std::string_view printed) {
    std::string p = lower_ascii(printed);
    for (const auto& c : kCurves)
        if (lower_ascii(c.printed) == p) return &c;
    return nullptr;
}

const Curve* curve_by_mr_index(int64_t index, int64_t bits) {
    if (index >= 0 && static_cast<size_t>(index) < kCurves.size() &&
        kCurves[static_cast<size_t>(index)].bits == bits)
        return &kCurves[static_cast<size_t>(index)];
    // A prime curve first: the table is in prime, Koblitz, binary order.
    for (const auto& c : kCurves)
        if (c.bits == bits) return &c;
    return nullptr;
}

std::string curve_key_id(std::string_view family, int64_t bits, int64_t index) {
    const Curve* c = curve_by_mr_index(index, bits);
    return canonical_curve_id(family, c ? std::string(c->suffix) : "p" + std::to_string(bits));
}

int curve_bits(std::string_view id) {
    if (is_eddsa(id)) return algorithm_info(id)->bits;  // its own curve: 253, 456
    if (id == kSm2Family) return 256;
    auto dash = id.find('-');
    if (dash == std::string_view::npos) return 0;
    if (const Curve* c = curve_by_suffix(id.substr(dash + 1))) return c->bits;
    // A curve outside the registry: the digits of its name ("ecdsa-p999").
    auto digit = id.find_first_of("0123456789", dash + 1);
    return digit == std::string_view::npos ? 0 : std::atoi(std::string(id.substr(digit)).c_str());
}

std::string curve_row_label(std::string_view id) {
    auto dash = id.find('-');
    std::string_view family = id.substr(0, dash);
    std::string_view suffix = dash == std::string_view::npos ? id : id.substr(dash + 1);
    const Curve* c = curve_by_suffix(suffix);
    return fmt::format("{:>4} bits {} ({})", c ? c->bits : curve_bits(id), family,
                       c ? c->printed : suffix);
}

}  // namespace speedlab
