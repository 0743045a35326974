// Public-key family words as data (algorithm_families.h).
#include "core/algorithm_families.h"

#include <algorithm>

#include "core/curve.h"

namespace speedlab {

namespace {

// In the order a line is tested: "ecdsa" before "ecdh" and "eddsa"; EdDSA
// also by its curves' ids ("ed25519").
constexpr std::string_view kFamilyWords[] = {kEcdsaFamily, kEcdhFamily, kSm2Family, kEddsaFamily,
                                             kFfdhFamily};

constexpr std::string_view kCurveRowFamilies[] = {kEcdsaFamily, kEddsaFamily, kSm2Family,
                                                  kEcdhFamily};

struct TablePrefix {
    bool signature;
    std::string_view prefix;
    std::string_view families[2];
};
constexpr TablePrefix kTablePrefixes[] = {
    {true, "sig-", {kRsaFamily, kDsaFamily}},
    {false, "kem-", {kRsaFamily, "ecp"}},  // "ECP-256": an EC key's KEM
};

}  // namespace

std::string_view key_family_in(std::string_view lower_text) {
    for (auto family : kFamilyWords) {
        if (lower_text.find(family) != std::string_view::npos) return family;
        if (family != kEddsaFamily) continue;
        for (const auto& a : algorithm_table())  // its curves' rows (is_eddsa)
            if (a.family == family && a.bits > 0 && lower_text.find(a.id) != std::string_view::npos)
                return family;
    }
    return {};
}

bool curve_row_family(std::string_view family) {
    return std::find(std::begin(kCurveRowFamilies), std::end(kCurveRowFamilies), family) !=
           std::end(kCurveRowFamilies);
}

bool derives_only(std::string_view family) {
    return family == kEcdhFamily || family == kFfdhFamily;
}

std::string table_row_id(bool signature_table, std::string name) {
    for (const auto& t : kTablePrefixes)
        if (t.signature == signature_table)
            for (auto f : t.families)
                if (name.starts_with(f)) return std::string(t.prefix) + name;
    return name;
}

bool kem_table_id(std::string_view id) {
    for (const auto& t : kTablePrefixes)
        if (!t.signature && id.starts_with(t.prefix)) return true;
    if (const Curve* c = curve_by_suffix(id)) return !c->signs;
    for (const auto& a : algorithm_table()) {
        if (a.kind != AlgorithmKind::public_key || a.family.find("kem") == std::string_view::npos)
            continue;
        std::string joined(a.family);  // "mlkem" inside a hybrid's name
        std::erase(joined, '-');
        if (id.starts_with(a.family) || id.find(joined) != std::string_view::npos) return true;
    }
    return false;
}

}  // namespace speedlab
