#include "bench/symmetric.h"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <array>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "bench/own/own.h"
#include "bench/providers.h"
#include "core/algorithm_registry.h"

namespace speedlab::bench {

namespace {

std::vector<uint8_t> bytes_of(std::string_view text) {
    return {text.begin(), text.end()};
}

// Published answers: digests of "abc" (FIPS 180, RFC 1319/1320/1321, ISO
// 10118-3) or the first cipher block of a published ECB vector (which CBC
// with a zero IV reproduces).
struct Vector {
    std::string_view id;
    std::string_view key_hex;  // empty for digests
    std::string_view input;    // hex for ciphers, text for digests
    std::string_view expected_hex;
    std::string_view source;
};
constexpr std::array<Vector, 30> kVectors{{
    {"md2", "", "abc", "da853b0d3f88d99b30283a69e6ded6bb", "RFC 1319"},
    {"md4", "", "abc", "a448017aaf21d8525fc10ae87aa6729d", "RFC 1320"},
    {"md5", "", "abc", "900150983cd24fb0d6963f7d28e17f72", "RFC 1321"},
    {"mdc2", "", "Now is the time for all ", "42e50cd224baceba760bdd2bd409281a", "ISO/IEC 10118-2"},
    {"sha1", "", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d", "FIPS 180-2"},
    {"sha224", "", "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7", "FIPS 180-2"},
    {"sha256", "", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
     "FIPS 180-2"},
    {"sha384", "", "abc",
     "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c82"
     "5a7",
     "FIPS 180-2"},
    {"sha512", "", "abc",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3fee"
     "bbd"
     "454d4423643ce80e2a9ac94fa54ca49f",
     "FIPS 180-2"},
    {"sha3-256", "", "abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532",
     "FIPS 202"},
    {"rmd160", "", "abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc", "RIPEMD-160 paper"},
    {"whirlpool", "", "abc",
     "4e2448a4c6f486bb16b6562c73b4020bf3043e3a731bce721ae1b303d97e6d4c7181eebdb6c57e277d0e34957114c"
     "bd6"
     "c797fc9d95d8b582d225292076d4eef5",
     "ISO/IEC 10118-3"},
    {"hmac-md5", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "Hi There", "9294727a3638bb1c13f48ef8158bfc9d",
     "RFC 2104"},
    {"hmac-sha256", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "Hi There",
     "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7", "RFC 4231"},
    {"rc4", "0102030405", "00000000000000000000000000000000", "b2396305f03dc027ccc3524a0a1118a8",
     "RFC 6229"},
    {"des-cbc", "0123456789abcdef", "4e6f772069732074", "3fa40e8a984d4815", "FIPS 81"},
    {"des-ede3", "0123456789abcdef23456789abcdef01456789abcdef0123", "5468652071756663",
     "a826fd8ce53b855f", "NIST SP 800-67"},
    {"bf-cbc", "0000000000000000", "0000000000000000", "4ef997456198dd78", "Schneier's vectors"},
    {"cast5-cbc", "0123456712345678234567893456789a", "0123456789abcdef", "238b4fe5847e44b2",
     "RFC 2144"},
    {"rc2-cbc", "88bca90e90875a7f0f79c384627bafb2", "0000000000000000", "2269552ab0f85ca6",
     "RFC 2268"},
    {"idea-cbc", "00010002000300040005000600070008", "0000000100020003", "11fbed2b01986de5",
     "Lai and Massey"},
    {"rc5-cbc", "00000000000000000000000000000000", "0000000000000000", "21a5dbee154b8f6d",
     "Rivest, RC5 paper"},
    {"seed-cbc", "00000000000000000000000000000000", "000102030405060708090a0b0c0d0e0f",
     "5ebac6e0054e166819aff1cc6d346cdb", "RFC 4269"},
    {"aes-128-cbc", "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
     "69c4e0d86a7b0430d8cdb78070b4c55a", "FIPS 197"},
    {"aes-192-cbc", "000102030405060708090a0b0c0d0e0f1011121314151617",
     "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191", "FIPS 197"},
    {"aes-256-cbc", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089", "FIPS 197"},
    {"camellia-128-cbc", "0123456789abcdeffedcba9876543210", "0123456789abcdeffedcba9876543210",
     "67673138549669730857065648eabe43", "RFC 3713"},
    {"camellia-192-cbc", "0123456789abcdeffedcba98765432100011223344556677",
     "0123456789abcdeffedcba9876543210", "b4993401b3e996f84ee5cee7d79b09b9", "RFC 3713"},
    {"camellia-256-cbc", "0123456789abcdeffedcba987654321000112233445566778899aabbccddeeff",
     "0123456789abcdeffedcba9876543210", "9acc237dff16d76c20ef7c919e3a7509", "RFC 3713"},
    {"aes-128-gcm", "00000000000000000000000000000000", "00000000000000000000000000000000",
     "0388dace60b6a392f328c2b971b2fe78", "GCM spec, test case 2"},
}};

const Vector* find_vector(std::string_view id) {
    for (const auto& v : kVectors)
        if (v.id == id) return &v;
    return nullptr;
}

// libcrypto's name for a canonical id.
std::string evp_name(const std::string& id) {
    const AlgorithmInfo* a = algorithm_info(id);
    return a && !a->evp.empty() ? std::string(a->evp) : id;
}

struct MdDeleter {
    void operator()(EVP_MD* p) const { EVP_MD_free(p); }
};
struct CipherDeleter {
    void operator()(EVP_CIPHER* p) const { EVP_CIPHER_free(p); }
};
struct CipherCtxDeleter {
    void operator()(EVP_CIPHER_CTX* p) const { EVP_CIPHER_CTX_free(p); }
};
struct MacCtxDeleter {
    void operator()(EVP_MAC_CTX* p) const { EVP_MAC_CTX_free(p); }
};
using MdPtr = std::shared_ptr<EVP_MD>;
using CipherPtr = std::shared_ptr<EVP_CIPHER>;
using CipherCtxPtr = std::shared_ptr<EVP_CIPHER_CTX>;

KnownAnswer compare(const Vector& v, const std::string& got_hex) {
    std::string want(v.expected_hex);
    if (got_hex == want) return {true, std::string("matches ") + std::string(v.source)};
    return {false, "expected " + want + " (" + std::string(v.source) + "), got " + got_hex};
}

std::string backend_of(const std::string& id) {
    // The legacy provider serves some in OpenSSL 3 (see docs/architecture.md).
    const AlgorithmInfo* a = algorithm_info(id);
    return a && a->provider == Provider::legacy ? "libcrypto legacy" : "libcrypto default";
}

CipherCtxPtr cipher_ctx(EVP_CIPHER* cipher, const std::vector<uint8_t>& key, bool encrypt = true) {
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new(), CipherCtxDeleter{});
    std::vector<uint8_t> iv(static_cast<size_t>(std::max(EVP_CIPHER_get_iv_length(cipher), 0)), 0);
    if (!EVP_CipherInit_ex(ctx.get(), cipher, nullptr, nullptr, nullptr, encrypt)) return nullptr;
    if (static_cast<int>(key.size()) != EVP_CIPHER_get_key_length(cipher) &&
        !EVP_CIPHER_CTX_set_key_length(ctx.get(), static_cast<int>(key.size())))
        return nullptr;
    if (!EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, key.data(),
                           iv.empty() ? nullptr : iv.data(), encrypt))
        return nullptr;
    EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
    return ctx;
}

bool is_aead(const EVP_CIPHER* cipher) {
    return (EVP_CIPHER_get_flags(cipher) & EVP_CIPH_FLAG_AEAD_CIPHER) != 0;
}

// Encrypts `in` with a fresh context the way the timed loop will.
std::vector<uint8_t> encrypt_once(EVP_CIPHER* cipher, const std::vector<uint8_t>& key,
                                  const std::vector<uint8_t>& in, bool encrypt = true) {
    auto ctx = cipher_ctx(cipher, key, encrypt);
    if (!ctx) return {};
    std::vector<uint8_t> out(in.size() + 32);
    int outl = 0;
    if (!EVP_CipherUpdate(ctx.get(), out.data(), &outl, in.data(), static_cast<int>(in.size())))
        return {};
    out.resize(static_cast<size_t>(outl));
    return out;
}

std::vector<uint8_t> random_bytes(size_t n) {
    std::vector<uint8_t> v(n);
    RAND_bytes(v.data(), static_cast<int>(n));
    return v;
}

SymmetricSetup own_kernel(const std::string& id) {
    SymmetricSetup s;
    const Vector* v = find_vector(id);
    SymmetricKernel k{id, "speedlab", {}};
    if (id == "md2" || id == "mdc2") {
        auto fn = id == "md2" ? own::md2 : own::mdc2;
        auto got = fn(bytes_of(v->input));
        s.check = compare(*v, to_hex(got.data(), got.size()));
        k.op = [fn](uint8_t* buf, size_t len) {
            auto d = fn({buf, len});
            asm volatile("" : : "r"(d.data()) : "memory");  // keep the result alive
        };
    } else {
        auto key_bytes = from_hex(v->key_hex);
        std::array<uint8_t, 16> key{};
        std::copy(key_bytes.begin(), key_bytes.end(), key.begin());
        auto block = from_hex(v->input);
        auto iv = std::make_shared<std::array<uint8_t, 8>>();
        auto run_check = [&](const auto& cipher) {
            uint8_t out[8];
            cipher.encrypt_block(block.data(), out);
            return to_hex(out, 8);
        };
        std::array<uint8_t, 16> bench_key;
        auto rnd = random_bytes(16);
        std::copy(rnd.begin(), rnd.end(), bench_key.begin());
        if (id == "rc5-cbc") {
            s.check = compare(*v, run_check(own::Rc5(key)));
            auto c = std::make_shared<own::Rc5>(bench_key);
            k.op = [c, iv](uint8_t* buf, size_t len) { c->cbc_encrypt(buf, len, iv->data()); };
        } else {
            s.check = compare(*v, run_check(own::Idea(key)));
            auto c = std::make_shared<own::Idea>(bench_key);
            k.op = [c, iv](uint8_t* buf, size_t len) { c->cbc_encrypt(buf, len, iv->data()); };
        }
    }
    if (s.check.passed) s.kernel = std::move(k);
    return s;
}

SymmetricSetup hmac_kernel(const std::string& id) {
    SymmetricSetup s;
    std::string digest = id.substr(5);
    EVP_MAC* mac = EVP_MAC_fetch(library_context(), "HMAC", nullptr);
    std::unique_ptr<EVP_MD, MdDeleter> md(
        EVP_MD_fetch(library_context(), evp_name(digest).c_str(), nullptr));
    if (!mac || !md) {
        EVP_MAC_free(mac);
        s.error = "libcrypto has no HMAC with " + digest;
        return s;
    }
    auto make_ctx = [mac, digest](const std::vector<uint8_t>& key) {
        std::shared_ptr<EVP_MAC_CTX> ctx(EVP_MAC_CTX_new(mac), MacCtxDeleter{});
        std::string dname = evp_name(digest);
        OSSL_PARAM params[] = {
            OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, dname.data(), 0),
            OSSL_PARAM_construct_end()};
        if (!EVP_MAC_init(ctx.get(), key.data(), key.size(), params))
            return std::shared_ptr<EVP_MAC_CTX>();
        return ctx;
    };
    std::vector<uint8_t> out(EVP_MAX_MD_SIZE);
    if (const Vector* v = find_vector(id)) {
        auto ctx = make_ctx(from_hex(v->key_hex));
        auto msg = bytes_of(v->input);
        size_t len = 0;
        if (ctx && EVP_MAC_update(ctx.get(), msg.data(), msg.size()) &&
            EVP_MAC_final(ctx.get(), out.data(), &len, out.size()))
            s.check = compare(*v, to_hex(out.data(), len));
        else
            s.check = {false, "HMAC computation failed"};
    } else {
        s.check = {true, "no published vector; HMAC computed without error"};
    }
    auto ctx = make_ctx(bytes_of("This is a key..."));
    EVP_MAC_free(mac);
    if (!s.check.passed || !ctx) return s;
    auto buf = std::make_shared<std::vector<uint8_t>>(EVP_MAX_MD_SIZE);
    // Like openssl speed: re-init (same key), update, final for every operation.
    s.kernel = SymmetricKernel{id, "libcrypto default", [ctx, buf](uint8_t* data, size_t len) {
                                   size_t outl = 0;
                                   EVP_MAC_init(ctx.get(), nullptr, 0, nullptr);
                                   EVP_MAC_update(ctx.get(), data, len);
                                   EVP_MAC_final(ctx.get(), buf->data(), &outl, buf->size());
                               }};
    return s;
}

SymmetricSetup digest_kernel(const std::string& id, MdPtr md) {
    SymmetricSetup s;
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (const Vector* v = find_vector(id)) {
        auto msg = bytes_of(v->input);
        if (EVP_Digest(msg.data(), msg.size(), out, &len, md.get(), nullptr))
            s.check = compare(*v, to_hex(out, len));
        else
            s.check = {false, "digest computation failed"};
    } else {
        // No published vector on file: one-shot and two-part hashing must agree.
        unsigned char two[EVP_MAX_MD_SIZE];
        unsigned int len2 = 0;
        EVP_MD_CTX* ctx = EVP_MD_CTX_new();
        bool ok = EVP_Digest("abcdef", 6, out, &len, md.get(), nullptr) &&
                  EVP_DigestInit_ex(ctx, md.get(), nullptr) && EVP_DigestUpdate(ctx, "abc", 3) &&
                  EVP_DigestUpdate(ctx, "def", 3) && EVP_DigestFinal_ex(ctx, two, &len2);
        EVP_MD_CTX_free(ctx);
        ok = ok && len == len2 && std::memcmp(out, two, len) == 0;
        s.check = {ok, ok ? "no published vector; one-shot and streamed digests agree"
                          : "one-shot and streamed digests differ"};
    }
    if (!s.check.passed) return s;
    s.kernel = SymmetricKernel{id, backend_of(id), [md](uint8_t* buf, size_t len) {
                                   unsigned char d[EVP_MAX_MD_SIZE];
                                   EVP_Digest(buf, len, d, nullptr, md.get(), nullptr);
                               }};
    return s;
}

SymmetricSetup cipher_kernel(const std::string& id, CipherPtr cipher) {
    SymmetricSetup s;
    if (const Vector* v = find_vector(id)) {
        auto got = encrypt_once(cipher.get(), from_hex(v->key_hex), from_hex(v->input));
        s.check = compare(*v, to_hex(got.data(), got.size()));
    } else {
        // No published vector on file: decryption must undo encryption.
        auto key = random_bytes(static_cast<size_t>(EVP_CIPHER_get_key_length(cipher.get())));
        auto plain = random_bytes(64);
        auto enc = encrypt_once(cipher.get(), key, plain);
        auto dec = encrypt_once(cipher.get(), key, enc, false);
        bool ok = enc.size() == plain.size() && enc != plain && dec == plain;
        s.check = {ok, ok ? "no published vector; decryption restores the plaintext"
                          : "decryption does not restore the plaintext"};
    }
    if (!s.check.passed) return s;
    auto ctx = cipher_ctx(
        cipher.get(), random_bytes(static_cast<size_t>(EVP_CIPHER_get_key_length(cipher.get()))));
    if (!ctx) {
        s.error = "cannot initialise " + id;
        return s;
    }
    SymmetricKernel k{id, backend_of(id), {}};
    if (is_aead(cipher.get())) {
        k.op = [ctx, cipher](uint8_t* buf, size_t len) {
            int outl = 0;
            EVP_CipherUpdate(ctx.get(), buf, &outl, buf, static_cast<int>(len));
        };
    } else {
        // openssl speed times named ciphers through EVP_Cipher on one context.
        k.op = [ctx, cipher](uint8_t* buf, size_t len) {
            EVP_Cipher(ctx.get(), buf, buf, static_cast<unsigned int>(len));
        };
    }
    s.kernel = std::move(k);
    return s;
}

CipherPtr fetch_cipher(const std::string& id) {
    EVP_CIPHER* c = EVP_CIPHER_fetch(library_context(), evp_name(id).c_str(), nullptr);
    return c ? CipherPtr(c, CipherDeleter{}) : nullptr;
}
MdPtr fetch_md(const std::string& id) {
    EVP_MD* m = EVP_MD_fetch(library_context(), evp_name(id).c_str(), nullptr);
    return m ? MdPtr(m, MdDeleter{}) : nullptr;
}

bool own_has(const std::string& id) {
    const AlgorithmInfo* a = algorithm_info(id);
    return a && a->has(kOwnCode);
}

}  // namespace

bool symmetric_name_known(const std::string& id) {
    if (own_has(id)) return true;
    if (id.rfind("hmac-", 0) == 0) return fetch_md(id.substr(5)) != nullptr;
    return fetch_cipher(id) != nullptr || fetch_md(id) != nullptr;
}

SymmetricSetup make_symmetric_kernel(const std::string& id) {
    if (id.rfind("hmac-", 0) == 0) return hmac_kernel(id);
    // libcrypto first; speedlab's own code only where this build lacks it.
    if (auto c = fetch_cipher(id)) return cipher_kernel(id, c);
    if (auto m = fetch_md(id)) return digest_kernel(id, m);
    if (own_has(id)) return own_kernel(id);
    SymmetricSetup s;
    s.error = "libcrypto has no cipher or digest named " + id;
    return s;
}

}  // namespace speedlab::bench
