#pragma once
// Hand-written algorithms that Debian's libcrypto build leaves out (MD2, MDC2,
// IDEA, RC5). Each is checked against its published test vectors in tests/.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace speedlab::own {

using Digest16 = std::array<uint8_t, 16>;

// MD2, RFC 1319 (with the published erratum: the checksum byte is XORed).
Digest16 md2(std::span<const uint8_t> data);

// MDC-2 with DES as OpenSSL computes it (ISO/IEC 10118-2, padding method 1).
Digest16 mdc2(std::span<const uint8_t> data);

// RC5-32/12 with a 16-byte key, as OpenSSL's RC5_32_set_key(.., 16, .., 12).
class Rc5 {
  public:
    explicit Rc5(std::span<const uint8_t, 16> key, int rounds = 12);
    void encrypt_block(const uint8_t in[8], uint8_t out[8]) const;
    // CBC encryption in place; len must be a multiple of 8.
    void cbc_encrypt(uint8_t* data, size_t len, uint8_t iv[8]) const;

  private:
    int rounds_;
    std::array<uint32_t, 2 * (16 + 1)> s_{};  // room for up to 16 rounds
};

// IDEA with a 128-bit key (Lai and Massey's reference algorithm).
class Idea {
  public:
    explicit Idea(std::span<const uint8_t, 16> key);
    void encrypt_block(const uint8_t in[8], uint8_t out[8]) const;
    void cbc_encrypt(uint8_t* data, size_t len, uint8_t iv[8]) const;

  private:
    std::array<uint16_t, 52> k_{};
};

// CBC encryption in place with any 8-byte block cipher; the IV carries the
// chain from one call to the next. A trailing partial block is left alone.
template <class Cipher>
void cbc_encrypt_blocks(const Cipher& cipher, uint8_t* data, size_t len, uint8_t iv[8]) {
    for (size_t off = 0; off + 8 <= len; off += 8) {
        for (int i = 0; i < 8; ++i) data[off + i] ^= iv[i];
        cipher.encrypt_block(data + off, data + off);
        for (int i = 0; i < 8; ++i) iv[i] = data[off + i];
    }
}

}  // namespace speedlab::own
