// A public-key operation as a comparison table's row names it ("X25519",
// "ECDH P-256", "Ed25519 sign", "ECDSA P-384 verify", "RSA-2048
// sign/decrypt"): openssl speed's id for the key and the operation timed.
#include "core/algorithm.h"
#include "core/algorithm_registry.h"
#include "core/curve.h"
#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// "sign/decrypt" signs first: the first word naming sign or verify.
std::optional<Operation> named_operation(const std::vector<std::string_view>& w) {
    for (auto x : w) {
        if (x.starts_with("sign")) return Operation::sign;
        if (x.starts_with("verif")) return Operation::verify;
    }
    return std::nullopt;
}

// "p-256", "p256", "x25519": a curve's id suffix; empty when none.
std::string curve_suffix(std::string_view word) {
    std::string s;
    for (char c : word)
        if (c != '-') s += c;
    const Curve* c = curve_by_suffix(s);
    return c ? std::string(c->suffix) : std::string();
}

}  // namespace

bool public_key_label(std::string_view label, std::string& id, Operation& op) {
    const std::string l = lower_ascii(trimmed_view(label));
    auto w = words(l);
    if (w.empty()) return false;
    const auto said = named_operation(w);
    std::string_view first = w[0];
    if (const Curve* c = curve_by_suffix(first); c && !c->signs) {  // X25519: openssl's ecdh row
        id = canonical_curve_id(kEcdhFamily, first);
        op = Operation::derive;
        return !said;
    }
    if ((first == kEcdhFamily || first == kEcdsaFamily) && w.size() > 1) {  // "ECDSA P-256"
        std::string curve = curve_suffix(w[1]);
        if (curve.empty()) return false;
        id = canonical_curve_id(first, curve);
        if (first == kEcdhFamily) {
            op = Operation::derive;
            return !said;
        }
    } else if (first.starts_with(kRsaFamily)) {  // "rsa-2048", "rsa2048", "rsa 2048"
        std::string_view bits = first.substr(kRsaFamily.size());
        if (!bits.empty() && bits.front() == '-') bits.remove_prefix(1);
        if (bits.empty() && w.size() > 1) bits = w[1];
        auto n = read_hand_number(bits);
        // No key has a trillion bits ("RSA-99999999999999999999" is no int64_t).
        if (!n || n->step < 1 || n->value > static_cast<double>(kMaxSizeOrBits)) return false;
        id = key_size_id(kRsaFamily, static_cast<int64_t>(n->value));
    } else if (algorithm_info(first) && kind_of(first) == AlgorithmKind::public_key &&
               !named_with_key_bits(first)) {  // a key's own id: "ed25519"
        id = std::string(first);
    } else {
        return false;
    }
    if (!said || id.empty()) return false;
    op = *said;
    return true;
}

std::string typed_key_id(std::string_view name) {
    name = trimmed_view(name.substr(0, name.find('/')));  // "RSA-2048/SHA-256": the digest signed
    if (name.empty() || name.find('+') != std::string_view::npos) return {};  // a composite
    std::string id;
    if (Operation op; public_key_label(std::string(name) + " sign", id, op)) return id;
    std::string l = lower_ascii(name);
    if (const Curve* c = curve_by_suffix(curve_suffix(l)); c && c->signs)  // "P-256": ECDSA's
        return canonical_curve_id(kEcdsaFamily, c->suffix);
    // "ML-DSA-44", "SLH-DSA-SHAKE-256f": a key openssl 3.5 prints by its name.
    bool plain = l.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos;
    if (!plain || l.find_first_of("0123456789") == std::string::npos ||
        kind_of(l) != AlgorithmKind::public_key || !key_size_family(l).empty() ||
        !curve_family(l).empty() || l.starts_with(kRsaFamily) || l.starts_with(kDsaFamily))
        return {};
    for (const auto& s : algorithm_stems())
        if (s.kind == AlgorithmKind::public_key && l.starts_with(s.stem) &&
            l.size() > s.stem.size())
            return l;
    return {};
}

}  // namespace speedlab::parse
