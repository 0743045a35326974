// Public-key family words as data (algorithm_families.h).
#include "core/algorithm_families.h"

#include <algorithm>

namespace speedlab {

namespace {

struct FamilyWord {
    std::string_view word, family;
};
// In the order a line is tested: "ecdsa" before "ecdh" and "eddsa".
constexpr FamilyWord kFamilyWords[] = {
    {kEcdsaFamily, kEcdsaFamily},    {kEcdhFamily, kEcdhFamily},      {kSm2Family, kSm2Family},
    {kEddsaCurves[0], kEddsaFamily}, {kEddsaCurves[1], kEddsaFamily}, {kEddsaFamily, kEddsaFamily},
    {kFfdhFamily, kFfdhFamily},
};

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
    for (const auto& w : kFamilyWords)
        if (lower_text.find(w.word) != std::string_view::npos) return w.family;
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

}  // namespace speedlab
