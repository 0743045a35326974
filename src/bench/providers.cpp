#define OPENSSL_SUPPRESS_DEPRECATED
#include "bench/providers.h"

#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/provider.h>

#include <string_view>

namespace speedlab::bench {

OSSL_LIB_CTX* library_context() {
    static OSSL_LIB_CTX* ctx = [] {
        OSSL_LIB_CTX* c = OSSL_LIB_CTX_new();
        OSSL_PROVIDER_load(c, "legacy");
        OSSL_PROVIDER_load(c, "default");
        return c;
    }();
    return ctx;
}

namespace {
// OpenSSL_version() prefixes some answers with their own label ("built on: ").
std::string without_prefix(const char* text, std::string_view prefix) {
    std::string_view s(text);
    if (s.substr(0, prefix.size()) == prefix) s.remove_prefix(prefix.size());
    return std::string(s);
}
}  // namespace

std::string libcrypto_version() {
    return OpenSSL_version(OPENSSL_VERSION);
}
std::string libcrypto_built_on() {
    return without_prefix(OpenSSL_version(OPENSSL_BUILT_ON), "built on: ");
}
// What `openssl speed` 3.x prints after "options:" (BN_options is deprecated, not gone).
std::string libcrypto_options() {
    return BN_options();
}
std::string libcrypto_compiler() {
    return without_prefix(OpenSSL_version(OPENSSL_CFLAGS), "compiler: ");
}
std::string libcrypto_cpuinfo() {
    return OpenSSL_version(OPENSSL_CPU_INFO);
}

std::string to_hex(const unsigned char* data, size_t len) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(len * 2);
    for (size_t i = 0; i < len; ++i) {
        out += digits[data[i] >> 4];
        out += digits[data[i] & 15];
    }
    return out;
}

std::vector<uint8_t> from_hex(std::string_view hex) {
    auto nibble = [](char c) {
        return static_cast<uint8_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    };
    std::vector<uint8_t> out;
    for (size_t i = 0; i + 1 < hex.size(); i += 2)
        out.push_back(static_cast<uint8_t>(nibble(hex[i]) << 4 | nibble(hex[i + 1])));
    return out;
}

}  // namespace speedlab::bench
