#include <algorithm>

#include "bench/own/own.h"

namespace speedlab::own {

namespace {
// Multiplication modulo 2^16+1, where the 16-bit value 0 stands for 2^16.
uint16_t mul(uint16_t a, uint16_t b) {
    if (a == 0) return static_cast<uint16_t>(0x10001 - b);
    if (b == 0) return static_cast<uint16_t>(0x10001 - a);
    uint32_t p = uint32_t(a) * b;
    uint32_t lo = p & 0xffff, hi = p >> 16;
    return static_cast<uint16_t>(lo - hi + (lo < hi ? 1 : 0));
}
uint16_t load_be(const uint8_t* p) {
    return static_cast<uint16_t>(p[0] << 8 | p[1]);
}
void store_be(uint16_t v, uint8_t* p) {
    p[0] = static_cast<uint8_t>(v >> 8);
    p[1] = static_cast<uint8_t>(v);
}
}  // namespace

Idea::Idea(std::span<const uint8_t, 16> key) {
    // Subkeys are successive 16-bit words of the key, rotated left by 25 bits
    // after every eight.
    uint8_t kb[16];
    std::copy(key.begin(), key.end(), kb);
    for (int n = 0; n < 52; ++n) {
        int w = n % 8;
        if (n > 0 && w == 0) {
            uint8_t r[16];
            for (int i = 0; i < 16; ++i)  // rotate left by 25 = 3 bytes + 1 bit
                r[i] = static_cast<uint8_t>(kb[(i + 3) % 16] << 1 | kb[(i + 4) % 16] >> 7);
            std::copy(r, r + 16, kb);
        }
        k_[n] = load_be(kb + 2 * w);
    }
}

void Idea::encrypt_block(const uint8_t in[8], uint8_t out[8]) const {
    uint16_t x1 = load_be(in), x2 = load_be(in + 2), x3 = load_be(in + 4), x4 = load_be(in + 6);
    const uint16_t* k = k_.data();
    for (int r = 0; r < 8; ++r, k += 6) {
        uint16_t a = mul(x1, k[0]);
        uint16_t b = static_cast<uint16_t>(x2 + k[1]);
        uint16_t c = static_cast<uint16_t>(x3 + k[2]);
        uint16_t d = mul(x4, k[3]);
        uint16_t e = mul(a ^ c, k[4]);
        uint16_t f = mul(static_cast<uint16_t>((b ^ d) + e), k[5]);
        e = static_cast<uint16_t>(e + f);
        x1 = a ^ f;
        x4 = d ^ e;
        x2 = c ^ f;
        x3 = b ^ e;
    }
    store_be(mul(x1, k[0]), out);
    store_be(static_cast<uint16_t>(x3 + k[1]), out + 2);
    store_be(static_cast<uint16_t>(x2 + k[2]), out + 4);
    store_be(mul(x4, k[3]), out + 6);
}

void Idea::cbc_encrypt(uint8_t* data, size_t len, uint8_t iv[8]) const {
    cbc_encrypt_blocks(*this, data, len, iv);
}

}  // namespace speedlab::own
