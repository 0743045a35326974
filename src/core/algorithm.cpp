#include "core/algorithm.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "core/text.h"

namespace speedlab {

namespace {

// Names that differ from the canonical id after lowercasing and turning spaces
// into hyphens.
constexpr std::array<std::pair<std::string_view, std::string_view>, 24> kAliases{{
    {"blowfish", "bf-cbc"},     {"blowfish-cbc", "bf-cbc"},
    {"bf", "bf-cbc"},           {"cast-cbc", "cast5-cbc"},
    {"cast", "cast5-cbc"},      {"rc5-32/12-cbc", "rc5-cbc"},
    {"rc5", "rc5-cbc"},         {"rc2", "rc2-cbc"},
    {"idea", "idea-cbc"},       {"seed", "seed-cbc"},
    {"des", "des-cbc"},         {"des-ede3-cbc", "des-ede3"},
    {"sha2-256", "sha256"},     {"sha2-512", "sha512"},
    {"sha-256", "sha256"},      {"sha-512", "sha512"},
    {"sha-1", "sha1"},          {"ripemd160", "rmd160"},
    {"ripemd-160", "rmd160"},   {"ripemd", "rmd160"},
    {"aes-128", "aes-128-cbc"}, {"aes-192", "aes-192-cbc"},
    {"aes-256", "aes-256-cbc"}, {"chacha20-poly1305", "chacha20-poly1305"},
}};

// Classic print order: the 1.x names array, then the newer symmetric rows,
// then the public-key families in table order.
constexpr std::array<std::string_view, 45> kOrder{{
    "md2",
    "mdc2",
    "md4",
    "md5",
    "hmac-md5",
    "sha1",
    "rmd160",
    "rc4",
    "des-cbc",
    "des-ede3",
    "idea-cbc",
    "seed-cbc",
    "rc2-cbc",
    "rc5-cbc",
    "bf-cbc",
    "cast5-cbc",
    "aes-128-cbc",
    "aes-192-cbc",
    "aes-256-cbc",
    "camellia-128-cbc",
    "camellia-192-cbc",
    "camellia-256-cbc",
    "sha256",
    "sha512",
    "whirlpool",
    "aes-128-ige",
    "aes-192-ige",
    "aes-256-ige",
    "hmac-sha256",
    "ghash",
    "aes-128-gcm",
    "aes-256-gcm",
    "chacha20-poly1305",
    "rand",
    "rsa",
    "dsa",
    "ecdsa",
    "ecdh",
    "ed",
    "sm2",
    "ffdh",
    "ml-kem",
    "ml-dsa",
    "slh-dsa",
    "bogomips",
}};

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

}  // namespace

std::string_view to_string(AlgorithmKind kind) {
    switch (kind) {
        case AlgorithmKind::digest:
            return "digest";
        case AlgorithmKind::cipher:
            return "cipher";
        case AlgorithmKind::public_key:
            return "public key";
        case AlgorithmKind::bogomips:
            return "BogoMips";
    }
    return "unknown";
}

std::string canonical_symmetric_id(std::string_view printed_name) {
    std::string name = lower_ascii(printed_name);
    // "hmac(md5)" -> "hmac-md5", "cmac(aes-128-cbc)" -> "cmac-aes-128-cbc"
    if (auto open = name.find('('); open != std::string::npos && name.back() == ')') {
        std::string inner = canonical_symmetric_id(name.substr(open + 1, name.size() - open - 2));
        return name.substr(0, open) + "-" + inner;
    }
    std::replace(name.begin(), name.end(), ' ', '-');
    for (const auto& [alias, id] : kAliases)
        if (name == alias) return std::string(id);
    return name;
}

std::string canonical_curve_id(std::string_view family, std::string_view curve) {
    std::string c = lower_ascii(curve);
    if (starts_with(c, "nist")) c = c.substr(4);   // nistp256 -> p256, nistk163 -> k163
    if (starts_with(c, "curve")) c = c.substr(5);  // CurveSM2 -> sm2
    std::string fam = lower_ascii(family);
    if (fam == "eddsa") return c;  // ed25519, ed448
    if (fam == "sm2") return "sm2";
    return fam + "-" + c;
}

AlgorithmKind kind_of(std::string_view id) {
    if (id == kBogomipsId) return AlgorithmKind::bogomips;
    static constexpr std::array<std::string_view, 10> pk_prefixes{
        "rsa", "dsa", "ecdsa", "ecdh", "ed25519", "ed448", "sm2", "ffdh", "ml-", "slh-"};
    for (auto p : pk_prefixes)
        if (starts_with(id, p)) {
            // "rsa" alone or followed by digits; avoid matching e.g. "rsa-..." ciphers (none exist)
            return AlgorithmKind::public_key;
        }
    static constexpr std::array<std::string_view, 14> digest_prefixes{
        "md2",  "md4",   "md5",  "mdc2", "sha",  "rmd",   "whirlpool",
        "hmac", "ghash", "cmac", "kmac", "rand", "blake", "sm3"};
    for (auto p : digest_prefixes)
        if (starts_with(id, p)) return AlgorithmKind::digest;
    return AlgorithmKind::cipher;
}

bool looks_like_algorithm(std::string_view id) {
    if (std::find(kOrder.begin(), kOrder.end(), id) != kOrder.end()) return true;
    static constexpr std::array<std::string_view, 30> families{
        "aes-",  "aria-", "camellia-", "sm4",  "chacha20", "des-",      "des",    "bf-",
        "cast",  "rc2",   "rc4",       "rc5",  "idea",     "seed",      "sha",    "md2",
        "md4",   "md5",   "mdc2",      "rmd",  "ripemd",   "whirlpool", "blake2", "sm3",
        "ghash", "hmac-", "cmac-",     "kmac", "poly1305", "shake"};
    for (auto f : families)
        if (starts_with(id, f) && id.find(' ') == std::string_view::npos) return true;
    return kind_of(id) == AlgorithmKind::public_key;
}

int print_rank(std::string_view id) {
    for (size_t i = 0; i < kOrder.size(); ++i)
        if (id == kOrder[i]) return static_cast<int>(i) * 1000;
    // Public-key ids sort by family, then by key size.
    for (size_t i = 0; i < kOrder.size(); ++i) {
        if (kind_of(kOrder[i]) != AlgorithmKind::public_key) continue;
        if (!starts_with(id, kOrder[i])) continue;
        int bits = 0;
        for (char c : id)
            if (std::isdigit(static_cast<unsigned char>(c)))
                bits = std::min(bits * 10 + (c - '0'), 999);
        return static_cast<int>(i) * 1000 + bits;
    }
    return static_cast<int>(kOrder.size()) * 1000;
}

std::string openssl3_row_name(std::string_view id) {
    if (id == "bf-cbc") return "blowfish";
    if (id == "cast5-cbc") return "cast-cbc";
    if (starts_with(id, "hmac-")) return "hmac(" + std::string(id.substr(5)) + ")";
    return std::string(id);
}

int openssl3_index(std::string_view id) {
    static constexpr std::array<std::string_view, 25> names{"md2",
                                                            "mdc2",
                                                            "md4",
                                                            "md5",
                                                            "sha1",
                                                            "rmd160",
                                                            "sha256",
                                                            "sha512",
                                                            "whirlpool",
                                                            "hmac-md5",
                                                            "des-cbc",
                                                            "des-ede3",
                                                            "rc4",
                                                            "idea-cbc",
                                                            "seed-cbc",
                                                            "rc2-cbc",
                                                            "rc5-cbc",
                                                            "bf-cbc",
                                                            "cast5-cbc",
                                                            "aes-128-cbc",
                                                            "aes-192-cbc",
                                                            "aes-256-cbc",
                                                            "camellia-128-cbc",
                                                            "camellia-192-cbc",
                                                            "camellia-256-cbc"};
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == id) return static_cast<int>(i);
    return 25;
}

std::vector<std::string_view> ordered_ids() {
    return {kOrder.begin(), kOrder.end()};
}

}  // namespace speedlab
