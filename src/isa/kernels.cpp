#include "isa/kernels.h"

#include <cmath>
#include <cstring>

namespace speedlab::isa {

std::string hex(const uint8_t* p, size_t n) {
    static const char* d = "0123456789abcdef";
    std::string s;
    for (size_t i = 0; i < n; ++i) s += d[p[i] >> 4], s += d[p[i] & 15];
    return s;
}

namespace {

uint32_t rotl(uint32_t x, int n) {
    return (x << n) | (x >> (32 - n));
}
uint32_t be32(const uint8_t* p) {
    return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3];
}
void put_be32(uint32_t v, uint8_t* p) {
    for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (24 - 8 * i));
}
uint64_t be64(const uint8_t* p) {
    return uint64_t(be32(p)) << 32 | be32(p + 4);
}
void put_be64(uint64_t v, uint8_t* p) {
    put_be32(uint32_t(v >> 32), p), put_be32(uint32_t(v), p + 4);
}
uint32_t le32(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

// MD5 and SHA-1 padding: 0x80, zeros, the bit length in the last 8 bytes
// (little-endian for MD5, big-endian for SHA-1); `block` eats 64 bytes.
template <class Block>
void merkle_damgard(const uint8_t* data, size_t len, bool big_endian_length, const Block& block) {
    size_t full = len / 64 * 64;
    for (size_t i = 0; i < full; i += 64) block(data + i);
    uint8_t tail[128] = {};
    size_t rest = len - full;
    std::memcpy(tail, data + full, rest);
    tail[rest] = 0x80;
    size_t tlen = rest + 9 <= 64 ? 64 : 128;
    uint64_t bits = uint64_t(len) * 8;
    for (int i = 0; i < 8; ++i)
        tail[big_endian_length ? tlen - 1 - i : tlen - 8 + i] = uint8_t(bits >> (8 * i));
    for (size_t i = 0; i < tlen; i += 64) block(tail + i);
}

// ---- MD5 (RFC 1321); the sine table is computed as the RFC defines it ----
struct Md5Tables {
    uint32_t t[64];
    Md5Tables() {
        for (int i = 0; i < 64; ++i)
            t[i] = uint32_t(std::floor(std::fabs(std::sin(double(i + 1))) * 4294967296.0));
    }
};
const Md5Tables& md5_tables() {
    static const Md5Tables t;
    return t;
}
void md5_block(uint32_t h[4], const uint8_t* b) {
    static const int s[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
    const uint32_t* t = md5_tables().t;
    uint32_t m[16];
    for (int i = 0; i < 16; ++i) m[i] = le32(b + 4 * i);
    uint32_t a = h[0], bb = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; ++i) {
        uint32_t f;
        int g;
        if (i < 16)
            f = (bb & c) | (~bb & d), g = i;
        else if (i < 32)
            f = (d & bb) | (~d & c), g = (5 * i + 1) % 16;
        else if (i < 48)
            f = bb ^ c ^ d, g = (3 * i + 5) % 16;
        else
            f = c ^ (bb | ~d), g = (7 * i) % 16;
        uint32_t tmp = d;
        d = c;
        c = bb;
        bb = bb + rotl(a + f + t[i] + m[g], s[i / 16][i % 4]);
        a = tmp;
    }
    h[0] += a, h[1] += bb, h[2] += c, h[3] += d;
}
void md5(const uint8_t* data, size_t len, uint8_t out[16]) {
    uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    merkle_damgard(data, len, false, [&](const uint8_t* b) { md5_block(h, b); });
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) out[4 * i + j] = uint8_t(h[i] >> (8 * j));
}

// ---- SHA-1 (FIPS 180) ----
void sha1_block(uint32_t h[5], const uint8_t* b) {
    uint32_t w[80];
    for (int i = 0; i < 16; ++i) w[i] = be32(b + 4 * i);
    for (int i = 16; i < 80; ++i) w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    uint32_t a = h[0], bb = h[1], c = h[2], d = h[3], e = h[4];
    for (int i = 0; i < 80; ++i) {
        uint32_t f, k;
        if (i < 20)
            f = (bb & c) | (~bb & d), k = 0x5a827999;
        else if (i < 40)
            f = bb ^ c ^ d, k = 0x6ed9eba1;
        else if (i < 60)
            f = (bb & c) | (bb & d) | (c & d), k = 0x8f1bbcdc;
        else
            f = bb ^ c ^ d, k = 0xca62c1d6;
        uint32_t t = rotl(a, 5) + f + e + k + w[i];
        e = d, d = c, c = rotl(bb, 30), bb = a, a = t;
    }
    h[0] += a, h[1] += bb, h[2] += c, h[3] += d, h[4] += e;
}
void sha1(const uint8_t* data, size_t len, uint8_t out[20]) {
    uint32_t h[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
    merkle_damgard(data, len, true, [&](const uint8_t* b) { sha1_block(h, b); });
    for (int i = 0; i < 5; ++i) put_be32(h[i], out + 4 * i);
}

// ---- RC4 ----
struct Rc4 {
    uint8_t s[256];
    uint8_t i = 0, j = 0;
    Rc4(const uint8_t* key, size_t n) {
        for (int k = 0; k < 256; ++k) s[k] = uint8_t(k);
        uint8_t jj = 0;
        for (int k = 0; k < 256; ++k) {
            jj = uint8_t(jj + s[k] + key[k % n]);
            std::swap(s[k], s[jj]);
        }
    }
    void apply(uint8_t* buf, size_t len) {
        for (size_t k = 0; k < len; ++k) {
            i = uint8_t(i + 1);
            j = uint8_t(j + s[i]);
            std::swap(s[i], s[j]);
            buf[k] ^= s[uint8_t(s[i] + s[j])];
        }
    }
};

// ---- DES (FIPS 46-3), bit by bit from the standard's tables ----
const uint8_t kIP[64] = {58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4,
                         62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8,
                         57, 49, 41, 33, 25, 17, 9,  1, 59, 51, 43, 35, 27, 19, 11, 3,
                         61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7};
const uint8_t kE[48] = {32, 1,  2,  3,  4,  5,  4,  5,  6,  7,  8,  9,  8,  9,  10, 11,
                        12, 13, 12, 13, 14, 15, 16, 17, 16, 17, 18, 19, 20, 21, 20, 21,
                        22, 23, 24, 25, 24, 25, 26, 27, 28, 29, 28, 29, 30, 31, 32, 1};
const uint8_t kP[32] = {16, 7, 20, 21, 29, 12, 28, 17, 1,  15, 23, 26, 5,  18, 31, 10,
                        2,  8, 24, 14, 32, 27, 3,  9,  19, 13, 30, 6,  22, 11, 4,  25};
const uint8_t kPC1[56] = {57, 49, 41, 33, 25, 17, 9,  1,  58, 50, 42, 34, 26, 18,
                          10, 2,  59, 51, 43, 35, 27, 19, 11, 3,  60, 52, 44, 36,
                          63, 55, 47, 39, 31, 23, 15, 7,  62, 54, 46, 38, 30, 22,
                          14, 6,  61, 53, 45, 37, 29, 21, 13, 5,  28, 20, 12, 4};
const uint8_t kPC2[48] = {14, 17, 11, 24, 1,  5,  3,  28, 15, 6,  21, 10, 23, 19, 12, 4,
                          26, 8,  16, 7,  27, 20, 13, 2,  41, 52, 31, 37, 47, 55, 30, 40,
                          51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32};
const uint8_t kShifts[16] = {1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1};
const uint8_t kS[8][64] = {
    {14, 4,  13, 1, 2,  15, 11, 8, 3, 10, 6, 12, 5,  9,  0,  7,  0,  15, 7,  4,  14, 2,
     13, 1,  10, 6, 12, 11, 9,  5, 3, 8,  4, 1,  14, 8,  13, 6,  2,  11, 15, 12, 9,  7,
     3,  10, 5,  0, 15, 12, 8,  2, 4, 9,  1, 7,  5,  11, 3,  14, 10, 0,  6,  13},
    {15, 1,  8,  14, 6,  11, 3,  4, 9,  7,  2, 13, 12, 0,  5,  10, 3,  13, 4,  7, 15, 2,
     8,  14, 12, 0,  1,  10, 6,  9, 11, 5,  0, 14, 7,  11, 10, 4,  13, 1,  5,  8, 12, 6,
     9,  3,  2,  15, 13, 8,  10, 1, 3,  15, 4, 2,  11, 6,  7,  12, 0,  5,  14, 9},
    {10, 0,  9,  14, 6, 3,  15, 5,  1,  13, 12, 7, 11, 4,  2,  8,  13, 7, 0,  9, 3, 4,
     6,  10, 2,  8,  5, 14, 12, 11, 15, 1,  13, 6, 4,  9,  8,  15, 3,  0, 11, 1, 2, 12,
     5,  10, 14, 7,  1, 10, 13, 0,  6,  9,  8,  7, 4,  15, 14, 3,  11, 5, 2,  12},
    {7, 13, 14, 3, 0, 6,  9, 10, 1,  2, 8,  5, 11, 12, 4,  15, 13, 8,  11, 5, 6, 15,
     0, 3,  4,  7, 2, 12, 1, 10, 14, 9, 10, 6, 9,  0,  12, 11, 7,  13, 15, 1, 3, 14,
     5, 2,  8,  4, 3, 15, 0, 6,  10, 1, 13, 8, 9,  4,  5,  11, 12, 7,  2,  14},
    {2,  12, 4, 1,  7,  10, 11, 6, 8, 5,  3, 15, 13, 0,  14, 9,  14, 11, 2,  12, 4,  7,
     13, 1,  5, 0,  15, 10, 3,  9, 8, 6,  4, 2,  1,  11, 10, 13, 7,  8,  15, 9,  12, 5,
     6,  3,  0, 14, 11, 8,  12, 7, 1, 14, 2, 13, 6,  15, 0,  9,  10, 4,  5,  3},
    {12, 1,  10, 15, 9,  2,  6, 8,  0, 13, 3,  4,  14, 7,  5, 11, 10, 15, 4, 2, 7, 12,
     9,  5,  6,  1,  13, 14, 0, 11, 3, 8,  9,  14, 15, 5,  2, 8,  12, 3,  7, 0, 4, 10,
     1,  13, 11, 6,  4,  3,  2, 12, 9, 5,  15, 10, 11, 14, 1, 7,  6,  0,  8, 13},
    {4, 11, 2,  14, 15, 0,  8,  13, 3, 12, 9,  7, 5,  10, 6,  1,  13, 0,  11, 7,  4, 9,
     1, 10, 14, 3,  5,  12, 2,  15, 8, 6,  1,  4, 11, 13, 12, 3,  7,  14, 10, 15, 6, 8,
     0, 5,  9,  2,  6,  11, 13, 8,  1, 4,  10, 7, 9,  5,  0,  15, 14, 2,  3,  12},
    {13, 2, 8,  4, 6, 15, 11, 1,  10, 9,  3, 14, 5,  0,  12, 7,  1,  15, 13, 8, 10, 3,
     7,  4, 12, 5, 6, 11, 0,  14, 9,  2,  7, 11, 4,  1,  9,  12, 14, 2,  0,  6, 10, 13,
     15, 3, 5,  8, 2, 1,  14, 7,  4,  10, 8, 13, 15, 12, 9,  0,  3,  5,  6,  11}};

// Permutes the high `in_bits` of `in` (bit 1 = most significant) by `table`.
uint64_t permute(uint64_t in, int in_bits, const uint8_t* table, int out_bits) {
    uint64_t out = 0;
    for (int i = 0; i < out_bits; ++i) out = out << 1 | ((in >> (in_bits - table[i])) & 1);
    return out;
}

struct Des {
    uint64_t subkeys[16];
    uint8_t ip_inverse[64];
    explicit Des(const uint8_t key[8]) {
        for (int i = 0; i < 64; ++i) ip_inverse[kIP[i] - 1] = uint8_t(i + 1);
        uint64_t cd = permute(be64(key), 64, kPC1, 56);
        uint32_t c = uint32_t(cd >> 28) & 0xfffffff, d = uint32_t(cd) & 0xfffffff;
        for (int r = 0; r < 16; ++r) {
            for (int s = 0; s < kShifts[r]; ++s) {
                c = ((c << 1) | (c >> 27)) & 0xfffffff;
                d = ((d << 1) | (d >> 27)) & 0xfffffff;
            }
            subkeys[r] = permute(uint64_t(c) << 28 | d, 56, kPC2, 48);
        }
    }
    uint64_t encrypt(uint64_t block) const {
        uint64_t x = permute(block, 64, kIP, 64);
        uint32_t l = uint32_t(x >> 32), r = uint32_t(x);
        for (int round = 0; round < 16; ++round) {
            uint64_t e = permute(r, 32, kE, 48) ^ subkeys[round];
            uint32_t s_out = 0;
            for (int s = 0; s < 8; ++s) {
                unsigned six = unsigned(e >> (42 - 6 * s)) & 63;
                unsigned row = (six & 32) >> 4 | (six & 1), col = (six >> 1) & 15;
                s_out = s_out << 4 | kS[s][row * 16 + col];
            }
            uint32_t f = uint32_t(permute(s_out, 32, kP, 32));
            uint32_t next = l ^ f;
            l = r;
            r = next;
        }
        return permute(uint64_t(r) << 32 | l, 64, ip_inverse, 64);
    }
};

// ---- Blowfish; its P-array and S-boxes are the hex digits of pi ----
std::vector<uint32_t> pi_fraction_words(size_t words) {
    // pi = 16 atan(1/5) - 4 atan(1/239) in fixed point with 32-bit limbs.
    size_t n = words + 4;
    auto atan_inv = [n](uint32_t x, uint32_t scale) {
        std::vector<uint32_t> sum(n + 1, 0), term(n + 1, 0);
        term[0] = scale;  // integer part in limb 0
        auto div = [](std::vector<uint32_t>& v, uint64_t d) {
            uint64_t rem = 0;
            for (auto& limb : v) {
                uint64_t cur = rem << 32 | limb;
                limb = uint32_t(cur / d);
                rem = cur % d;
            }
        };
        auto add = [](std::vector<uint32_t>& a, const std::vector<uint32_t>& b, bool subtract) {
            int64_t carry = 0;
            for (size_t i = a.size(); i-- > 0;) {
                int64_t v = int64_t(a[i]) + (subtract ? -int64_t(b[i]) : int64_t(b[i])) + carry;
                carry = v < 0 ? -1 : v >> 32;
                a[i] = uint32_t(v);
            }
        };
        div(term, x);
        bool zero = false;
        for (uint64_t k = 1; !zero; k += 2) {
            std::vector<uint32_t> t = term;
            div(t, k);
            add(sum, t, (k / 2) % 2 == 1);
            div(term, uint64_t(x) * x);
            zero = true;
            for (auto limb : term) zero = zero && limb == 0;
        }
        return sum;
    };
    auto a = atan_inv(5, 16), b = atan_inv(239, 4);
    int64_t carry = 0;
    for (size_t i = a.size(); i-- > 0;) {
        int64_t v = int64_t(a[i]) - int64_t(b[i]) + carry;
        carry = v < 0 ? -1 : 0;
        a[i] = uint32_t(v);
    }
    return std::vector<uint32_t>(a.begin() + 1, a.begin() + 1 + long(words));
}

struct Blowfish {
    uint32_t p[18], s[4][256];
    explicit Blowfish(const uint8_t* key, size_t len) {
        static const std::vector<uint32_t> pi = pi_fraction_words(18 + 1024);
        for (int i = 0; i < 18; ++i) p[i] = pi[size_t(i)];
        for (int b = 0; b < 4; ++b)
            for (int i = 0; i < 256; ++i) s[b][i] = pi[size_t(18 + 256 * b + i)];
        for (int i = 0, k = 0; i < 18; ++i) {
            uint32_t v = 0;
            for (int j = 0; j < 4; ++j) v = v << 8 | key[k++ % len];
            p[i] ^= v;
        }
        uint32_t l = 0, r = 0;
        for (int i = 0; i < 18; i += 2) encrypt(l, r), p[i] = l, p[i + 1] = r;
        for (int b = 0; b < 4; ++b)
            for (int i = 0; i < 256; i += 2) encrypt(l, r), s[b][i] = l, s[b][i + 1] = r;
    }
    uint32_t f(uint32_t x) const {
        return ((s[0][x >> 24] + s[1][(x >> 16) & 255]) ^ s[2][(x >> 8) & 255]) + s[3][x & 255];
    }
    void encrypt(uint32_t& l, uint32_t& r) const {
        for (int i = 0; i < 16; ++i) {
            l ^= p[i];
            r ^= f(l);
            std::swap(l, r);
        }
        std::swap(l, r);
        r ^= p[16];
        l ^= p[17];
    }
};

// ---- AES-128 (FIPS 197); the S-box is built from GF(2^8) inverses ----
struct AesTables {
    uint8_t sbox[256];
    AesTables() {
        uint8_t p = 1, q = 1;
        do {  // p runs over the multiplicative group by 3, q over inverses by 3^-1
            p = uint8_t(p ^ (p << 1) ^ (p & 0x80 ? 0x1b : 0));
            q ^= uint8_t(q << 1);
            q ^= uint8_t(q << 2);
            q ^= uint8_t(q << 4);
            if (q & 0x80) q ^= 0x09;
            uint8_t x = uint8_t(q ^ rot8(q, 1) ^ rot8(q, 2) ^ rot8(q, 3) ^ rot8(q, 4));
            sbox[p] = uint8_t(x ^ 0x63);
        } while (p != 1);
        sbox[0] = 0x63;
    }
    static uint8_t rot8(uint8_t x, int n) { return uint8_t((x << n) | (x >> (8 - n))); }
};
const AesTables& aes_tables() {
    static const AesTables t;
    return t;
}
uint8_t xtime(uint8_t x) {
    return uint8_t((x << 1) ^ (x & 0x80 ? 0x1b : 0));
}

struct Aes128 {
    uint8_t rk[176];
    explicit Aes128(const uint8_t key[16]) {
        const uint8_t* sb = aes_tables().sbox;
        std::memcpy(rk, key, 16);
        uint8_t rcon = 1;
        for (int i = 16; i < 176; i += 4) {
            uint8_t t[4] = {rk[i - 4], rk[i - 3], rk[i - 2], rk[i - 1]};
            if (i % 16 == 0) {
                uint8_t first = t[0];
                t[0] = uint8_t(sb[t[1]] ^ rcon), t[1] = sb[t[2]], t[2] = sb[t[3]], t[3] = sb[first];
                rcon = xtime(rcon);
            }
            for (int j = 0; j < 4; ++j) rk[i + j] = uint8_t(rk[i - 16 + j] ^ t[j]);
        }
    }
    void encrypt(uint8_t s[16]) const {
        const uint8_t* sb = aes_tables().sbox;
        for (int i = 0; i < 16; ++i) s[i] ^= rk[i];
        for (int round = 1; round <= 10; ++round) {
            uint8_t t[16];
            for (int i = 0; i < 16; ++i)
                t[i] = sb[s[(i + 4 * (i % 4)) % 16]];  // SubBytes + ShiftRows
            if (round < 10)
                for (int c = 0; c < 4; ++c) {  // MixColumns
                    uint8_t* col = t + 4 * c;
                    uint8_t a0 = col[0], a1 = col[1], a2 = col[2], a3 = col[3],
                            all = uint8_t(a0 ^ a1 ^ a2 ^ a3);
                    col[0] = uint8_t(a0 ^ all ^ xtime(uint8_t(a0 ^ a1)));
                    col[1] = uint8_t(a1 ^ all ^ xtime(uint8_t(a1 ^ a2)));
                    col[2] = uint8_t(a2 ^ all ^ xtime(uint8_t(a2 ^ a3)));
                    col[3] = uint8_t(a3 ^ all ^ xtime(uint8_t(a3 ^ a0)));
                }
            for (int i = 0; i < 16; ++i) s[i] = uint8_t(t[i] ^ rk[16 * round + i]);
        }
    }
};

std::vector<uint8_t> unhex(const char* h) {
    std::vector<uint8_t> v;
    for (size_t i = 0; h[i] && h[i + 1]; i += 2) {
        auto nib = [](char c) { return uint8_t(c <= '9' ? c - '0' : c - 'a' + 10); };
        v.push_back(uint8_t(nib(h[i]) << 4 | nib(h[i + 1])));
    }
    return v;
}

// CBC with a running IV kept in the state, as openssl speed keeps its context.
template <class Cipher>
struct CbcState {
    Cipher cipher;
    uint8_t iv[16] = {};
};

const uint8_t kKey16[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

// A digest of N bytes as a kernel, its check the digest of "abc".
template <void (*Digest)(const uint8_t*, size_t, uint8_t*), size_t N>
Kernel digest_kernel(const char* name, const char* known_answer) {
    return {name,
            [](uint8_t* buf, size_t len, void*) {
                uint8_t d[N];
                Digest(buf, len, d);
                buf[0] ^= d[0];  // a data dependence, so the work cannot be dropped
            },
            []() -> void* { return nullptr; },
            [](void*) {},
            known_answer,
            []() {
                uint8_t d[N];
                Digest(reinterpret_cast<const uint8_t*>("abc"), 3, d);
                return hex(d, N);
            }};
}

}  // namespace

const std::vector<Kernel>& kernels() {
    static const std::vector<Kernel> list{
        digest_kernel<md5, 16>("md5", "900150983cd24fb0d6963f7d28e17f72"),
        digest_kernel<sha1, 20>("sha1", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        {"rc4", [](uint8_t* buf, size_t len, void* st) { static_cast<Rc4*>(st)->apply(buf, len); },
         []() -> void* { return new Rc4(kKey16, 16); },
         [](void* st) { delete static_cast<Rc4*>(st); }, "b2396305f03dc027ccc3524a0a1118a8",
         []() {
             const uint8_t key[5] = {1, 2, 3, 4, 5};
             Rc4 rc4(key, 5);
             uint8_t z[16] = {};
             rc4.apply(z, 16);
             return hex(z, 16);
         }},
        {"des-cbc",
         [](uint8_t* buf, size_t len, void* st) {
             auto* s = static_cast<CbcState<Des>*>(st);
             uint64_t iv = be64(s->iv);
             for (size_t off = 0; off + 8 <= len; off += 8) {
                 iv = s->cipher.encrypt(be64(buf + off) ^ iv);
                 put_be64(iv, buf + off);
             }
             put_be64(iv, s->iv);
         },
         []() -> void* {
             return new CbcState<Des>{Des(kKey16), {}};
         },
         [](void* st) { delete static_cast<CbcState<Des>*>(st); }, "3fa40e8a984d4815",
         []() {
             auto key = unhex("0123456789abcdef");
             Des des(key.data());
             uint8_t out[8];
             put_be64(des.encrypt(0x4e6f772069732074ull), out);  // "Now is t", FIPS 81
             return hex(out, 8);
         }},
        {"bf-cbc",
         [](uint8_t* buf, size_t len, void* st) {
             auto* s = static_cast<CbcState<Blowfish>*>(st);
             uint32_t l = be32(s->iv), r = be32(s->iv + 4);
             for (size_t off = 0; off + 8 <= len; off += 8) {
                 l ^= be32(buf + off), r ^= be32(buf + off + 4);
                 s->cipher.encrypt(l, r);
                 put_be32(l, buf + off), put_be32(r, buf + off + 4);
             }
             put_be32(l, s->iv), put_be32(r, s->iv + 4);
         },
         []() -> void* {
             return new CbcState<Blowfish>{Blowfish(kKey16, 16), {}};
         },
         [](void* st) { delete static_cast<CbcState<Blowfish>*>(st); }, "4ef997456198dd78",
         []() {
             const uint8_t zero[8] = {};
             Blowfish bf(zero, 8);
             uint32_t l = 0, r = 0;
             bf.encrypt(l, r);
             uint8_t out[8];
             put_be32(l, out), put_be32(r, out + 4);
             return hex(out, 8);
         }},
        {"aes-128-cbc",
         [](uint8_t* buf, size_t len, void* st) {
             auto* s = static_cast<CbcState<Aes128>*>(st);
             for (size_t off = 0; off + 16 <= len; off += 16) {
                 for (int i = 0; i < 16; ++i) buf[off + size_t(i)] ^= s->iv[i];
                 s->cipher.encrypt(buf + off);
                 std::memcpy(s->iv, buf + off, 16);
             }
         },
         []() -> void* {
             return new CbcState<Aes128>{Aes128(kKey16), {}};
         },
         [](void* st) { delete static_cast<CbcState<Aes128>*>(st); },
         "69c4e0d86a7b0430d8cdb78070b4c55a",
         []() {
             auto key = unhex("000102030405060708090a0b0c0d0e0f");
             auto block = unhex("00112233445566778899aabbccddeeff");
             Aes128 aes(key.data());
             aes.encrypt(block.data());
             return hex(block.data(), 16);
         }},
    };
    return list;
}

}  // namespace speedlab::isa
