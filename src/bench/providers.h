#pragma once
// The libcrypto context speedlab fetches algorithms from: default and legacy
// providers loaded together, as `openssl speed -provider legacy -provider default`.
#include <openssl/types.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace speedlab::bench {

OSSL_LIB_CTX* library_context();

// "OpenSSL 3.0.19 27 Jan 2026", and the build facts libcrypto reports about itself.
std::string libcrypto_version();
std::string libcrypto_built_on();
std::string libcrypto_options();
std::string libcrypto_compiler();
std::string libcrypto_cpuinfo();

// Hex string of bytes, lowercase, and back.
std::string to_hex(const unsigned char* data, size_t len);
std::vector<uint8_t> from_hex(std::string_view hex);

}  // namespace speedlab::bench
