// The portable kernels of `experiment isa` compute what libcrypto computes.
#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <random>

#include "bench/providers.h"
#include "isa/kernels.h"

using namespace speedlab;

namespace {
const isa::Kernel& kernel(const std::string& name) {
    for (const auto& k : isa::kernels())
        if (k.name == name) return k;
    throw std::runtime_error("no kernel " + name);
}

std::vector<uint8_t> random_buffer(size_t n) {
    std::mt19937 rng(42);
    std::vector<uint8_t> v(n);
    for (auto& b : v) b = uint8_t(rng());
    return v;
}

// Encrypts with libcrypto, key 1..16 (as the kernels use), zero IV, no padding.
std::vector<uint8_t> libcrypto_encrypt(const char* cipher_name, size_t key_len,
                                       std::vector<uint8_t> data) {
    EVP_CIPHER* cipher = EVP_CIPHER_fetch(bench::library_context(), cipher_name, nullptr);
    EXPECT_NE(cipher, nullptr) << cipher_name;
    uint8_t key[16], iv[16] = {};
    for (int i = 0; i < 16; ++i) key[i] = uint8_t(i + 1);
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    EVP_EncryptInit_ex(ctx, cipher, nullptr, nullptr, nullptr);
    EVP_CIPHER_CTX_set_key_length(ctx, int(key_len));
    EVP_EncryptInit_ex(ctx, nullptr, nullptr, key, iv);
    EVP_CIPHER_CTX_set_padding(ctx, 0);
    int outl = 0;
    std::vector<uint8_t> out(data.size() + 32);
    EVP_EncryptUpdate(ctx, out.data(), &outl, data.data(), int(data.size()));
    out.resize(size_t(outl));
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(cipher);
    return out;
}
}  // namespace

TEST(IsaKernels, KnownAnswers) {
    for (const auto& k : isa::kernels()) EXPECT_EQ(k.check(), k.known_answer) << k.name;
}

TEST(IsaKernels, CiphersAgreeWithLibcryptoOnRandomData) {
    struct Case {
        const char *kernel, *evp;
        size_t key_len;
    };
    for (const Case& c : {Case{"rc4", "RC4", 16}, Case{"des-cbc", "DES-CBC", 8},
                          Case{"bf-cbc", "BF-CBC", 16}, Case{"aes-128-cbc", "AES-128-CBC", 16}}) {
        auto data = random_buffer(4096);
        auto expected = libcrypto_encrypt(c.evp, c.key_len, data);
        const auto& k = kernel(c.kernel);
        void* state = k.make_state();
        // Two calls continue one chain, as the timed loop does.
        k.process(data.data(), 1024, state);
        k.process(data.data() + 1024, 3072, state);
        k.free_state(state);
        EXPECT_EQ(isa::hex(data.data(), data.size()), isa::hex(expected.data(), expected.size()))
            << c.kernel;
    }
}

TEST(IsaKernels, DigestsAgreeWithLibcrypto) {
    for (const char* name : {"md5", "sha1"}) {
        for (size_t len : {0u, 55u, 56u, 64u, 1000u, 8192u}) {
            auto data = random_buffer(len);
            unsigned char md[EVP_MAX_MD_SIZE];
            unsigned int md_len = 0;
            EVP_Digest(data.data(), len, md, &md_len, name[0] == 'm' ? EVP_md5() : EVP_sha1(),
                       nullptr);
            // The kernel folds the digest's first byte into the buffer's first byte.
            auto copy = data;
            if (len == 0) continue;
            kernel(name).process(copy.data(), len, nullptr);
            EXPECT_EQ(copy[0], uint8_t(data[0] ^ md[0])) << name << " " << len;
        }
    }
}
