#include "core/algorithm.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "core/algorithm_families.h"
#include "core/algorithm_registry.h"
#include "core/enum_names.h"
#include "core/text.h"

namespace speedlab {

namespace {
constexpr std::pair<AlgorithmKind, std::string_view> kKindNames[] = {
    {AlgorithmKind::digest, "digest"},
    {AlgorithmKind::cipher, "cipher"},
    {AlgorithmKind::public_key, "public key"},
    {AlgorithmKind::bogomips, "BogoMips"}};
}  // namespace

std::string_view to_string(AlgorithmKind kind) {
    return name_in(kKindNames, kind).value_or("unknown");
}

std::string canonical_symmetric_id(std::string_view printed_name) {
    std::string name = lower_ascii(printed_name);
    // "hmac(md5)" -> "hmac-md5", "cmac(aes-128-cbc)" -> "cmac-aes-128-cbc"
    if (auto open = name.find('('); open != std::string::npos && name.back() == ')') {
        std::string inner = canonical_symmetric_id(name.substr(open + 1, name.size() - open - 2));
        return name.substr(0, open) + "-" + inner;
    }
    std::replace(name.begin(), name.end(), ' ', '-');
    const AlgorithmInfo* a = algorithm_named(name, false);
    return a && a->kind != AlgorithmKind::public_key ? std::string(a->id) : name;
}

std::string canonical_curve_id(std::string_view family, std::string_view curve) {
    std::string c = lower_ascii(curve);
    if (c.starts_with("nist")) c = c.substr(4);   // nistp256 -> p256, nistk163 -> k163
    if (c.starts_with("curve")) c = c.substr(5);  // CurveSM2 -> sm2
    std::string fam = lower_ascii(family);
    if (fam == kEddsaFamily) return c;  // ed25519, ed448
    if (fam == kSm2Family) return fam;
    return fam + "-" + c;
}

AlgorithmKind kind_of(std::string_view id) {
    // Public-key stems first ("sm2" before "sm3"), then digests; ciphers are the rest.
    for (const auto& [stem, kind] : algorithm_stems())
        if (id.starts_with(stem)) return kind;
    // Rows no stem begins: "rand", "bogomips".
    const AlgorithmInfo* a = algorithm_info(id);
    return a && a->kind != AlgorithmKind::public_key ? a->kind : AlgorithmKind::cipher;
}

bool looks_like_algorithm(std::string_view id) {
    if (const AlgorithmInfo* a = algorithm_info(id); a && a->has(kListed)) return true;
    if (id.find(' ') == std::string_view::npos)
        for (const auto& s : algorithm_stems())
            if (id.starts_with(s.stem)) return true;
    return kind_of(id) == AlgorithmKind::public_key;
}

int print_rank(std::string_view id) {
    static const std::vector<std::string_view> listed = ordered_ids();
    for (size_t i = 0; i < listed.size(); ++i)
        if (id == listed[i]) return static_cast<int>(i) * 1000;
    // Public-key ids sort by family, then by key size.
    for (size_t i = 0; i < listed.size(); ++i) {
        if (kind_of(listed[i]) != AlgorithmKind::public_key) continue;
        if (!id.starts_with(listed[i])) continue;
        int bits = 0;
        for (char c : id)
            if (std::isdigit(static_cast<unsigned char>(c)))
                bits = std::min(bits * 10 + (c - '0'), 999);
        return static_cast<int>(i) * 1000 + bits;
    }
    return static_cast<int>(listed.size()) * 1000;
}

std::string openssl3_row_name(std::string_view id) {
    const AlgorithmInfo* a = algorithm_info(id);
    if (a && !a->row_3x.empty() && a->kind != AlgorithmKind::public_key)
        return std::string(a->row_3x);
    if (auto digest = hmac_digest(id); !digest.empty())
        return std::string(kHmacFamily) + "(" + std::string(digest) + ")";
    return std::string(id);
}

int openssl3_index(std::string_view id) {
    const AlgorithmInfo* a = algorithm_info(id);
    return a && a->mr_index >= 0 ? a->mr_index : 25;
}

std::string_view key_size_family(std::string_view id) {
    // Only names that end in their bits: most are spared the walk of the table.
    if (id.empty() || id.back() < '0' || id.back() > '9') return {};
    for (const auto& a : algorithm_table()) {
        if (!a.has(kKeySizes) || !id.starts_with(a.family)) continue;
        std::string_view bits = id.substr(a.family.size());
        if (!bits.empty() && bits.find_first_not_of("0123456789") == std::string_view::npos)
            return a.family;
    }
    return {};
}

bool joins_key_bits(std::string_view family) {
    static const auto families = families_with(kKeySizes);
    return std::find(families.begin(), families.end(), family) != families.end();
}

std::string key_size_id(std::string_view family, int64_t bits) {
    return joins_key_bits(family) ? std::string(family) + std::to_string(bits) : std::string();
}

std::string report_family(std::string_view id) {
    if (auto family = key_size_family(id); !family.empty()) return std::string(family);
    const AlgorithmInfo* a = algorithm_info(id);
    if (a && a->kind == AlgorithmKind::public_key) return std::string(a->family);
    return std::string(id.substr(0, id.find('-')));
}

bool named_with_key_bits(std::string_view family) {
    const AlgorithmInfo* a = algorithm_info(family);
    return a && a->kind == AlgorithmKind::public_key && a->bits == 0 && a->has(kInTables);
}

std::vector<std::string_view> ordered_ids() {
    std::vector<std::string_view> out;
    for (const auto& a : algorithm_table())
        if (a.has(kListed)) out.push_back(a.id);
    return out;
}

}  // namespace speedlab
