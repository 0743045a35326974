#include <algorithm>
#include <bit>

#include "bench/own/own.h"

namespace speedlab::own {

namespace {
constexpr uint32_t kP32 = 0xB7E15163;
constexpr uint32_t kQ32 = 0x9E3779B9;

uint32_t load_le(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
void store_le(uint32_t v, uint8_t* p) {
    for (int i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}
}  // namespace

Rc5::Rc5(std::span<const uint8_t, 16> key, int rounds) : rounds_(std::clamp(rounds, 1, 16)) {
    constexpr int c = 4;  // 16 key bytes = 4 words
    uint32_t l[c];
    for (int i = 0; i < c; ++i) l[i] = load_le(key.data() + 4 * i);
    const int t = 2 * (rounds_ + 1);
    s_[0] = kP32;
    for (int i = 1; i < t; ++i) s_[i] = s_[i - 1] + kQ32;
    uint32_t a = 0, b = 0;
    for (int k = 0, i = 0, j = 0; k < 3 * std::max(t, c); ++k) {
        a = s_[i] = std::rotl(s_[i] + a + b, 3);
        b = l[j] = std::rotl(l[j] + a + b, static_cast<int>((a + b) & 31));
        i = (i + 1) % t;
        j = (j + 1) % c;
    }
}

void Rc5::encrypt_block(const uint8_t in[8], uint8_t out[8]) const {
    uint32_t a = load_le(in) + s_[0];
    uint32_t b = load_le(in + 4) + s_[1];
    for (int i = 1; i <= rounds_; ++i) {
        a = std::rotl(a ^ b, static_cast<int>(b & 31)) + s_[2 * i];
        b = std::rotl(b ^ a, static_cast<int>(a & 31)) + s_[2 * i + 1];
    }
    store_le(a, out);
    store_le(b, out + 4);
}

void Rc5::cbc_encrypt(uint8_t* data, size_t len, uint8_t iv[8]) const {
    cbc_encrypt_blocks(*this, data, len, iv);
}

}  // namespace speedlab::own
