// MDC-2 needs single-block DES, which libcrypto still exports (deprecated in 3.0).
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/des.h>

#include <cstring>

#include "bench/own/own.h"

namespace speedlab::own {

namespace {
void encrypt_with(DES_cblock* key, const uint8_t in[8], uint8_t out[8]) {
    DES_key_schedule ks;
    DES_set_odd_parity(key);
    DES_set_key_unchecked(key, &ks);
    DES_cblock block;
    std::memcpy(block, in, 8);
    DES_ecb_encrypt(&block, reinterpret_cast<DES_cblock*>(out), &ks, DES_ENCRYPT);
}

void mdc2_block(uint8_t h[8], uint8_t hh[8], const uint8_t m[8]) {
    h[0] = static_cast<uint8_t>((h[0] & 0x9f) | 0x40);
    hh[0] = static_cast<uint8_t>((hh[0] & 0x9f) | 0x20);
    uint8_t a[8], b[8];
    encrypt_with(reinterpret_cast<DES_cblock*>(h), m, a);
    encrypt_with(reinterpret_cast<DES_cblock*>(hh), m, b);
    for (int i = 0; i < 8; ++i) {
        a[i] ^= m[i];
        b[i] ^= m[i];
    }
    // The two halves cross over: h = a.left | b.right, hh = b.left | a.right.
    std::memcpy(h, a, 4);
    std::memcpy(h + 4, b + 4, 4);
    std::memcpy(hh, b, 4);
    std::memcpy(hh + 4, a + 4, 4);
}
}  // namespace

Digest16 mdc2(std::span<const uint8_t> data) {
    uint8_t h[8], hh[8];
    std::memset(h, 0x52, 8);
    std::memset(hh, 0x25, 8);
    size_t full = data.size() / 8 * 8;
    for (size_t i = 0; i < full; i += 8) mdc2_block(h, hh, data.data() + i);
    if (size_t rest = data.size() - full) {
        uint8_t last[8] = {};
        std::memcpy(last, data.data() + full, rest);
        mdc2_block(h, hh, last);
    }
    Digest16 out;
    std::memcpy(out.data(), h, 8);
    std::memcpy(out.data() + 8, hh, 8);
    return out;
}

}  // namespace speedlab::own
