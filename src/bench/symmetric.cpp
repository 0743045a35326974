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
#include "core/error.h"

namespace speedlab::bench {

namespace {

std::vector<uint8_t> bytes_of(std::string_view text) {
    return {text.begin(), text.end()};
}

// libcrypto's name for a canonical id.
std::string evp_name(const std::string& id) {
    const AlgorithmInfo* a = algorithm_info(id);
    return a && !a->evp.empty() ? std::string(a->evp) : id;
}

using MdPtr = std::shared_ptr<EVP_MD>;
using CipherPtr = std::shared_ptr<EVP_CIPHER>;
using CipherCtxPtr = std::shared_ptr<EVP_CIPHER_CTX>;

KnownAnswer compare(const KnownAnswerVector& v, const std::string& got_hex) {
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
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
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
    const KnownAnswerVector* v = known_answer_vector(id);
    SymmetricKernel k{id, "speedlab", {}};
    const OwnCode code = algorithm_info(id)->own;  // own_has(id): a row
    if (code == OwnCode::md2 || code == OwnCode::mdc2) {
        auto fn = code == OwnCode::md2 ? own::md2 : own::mdc2;
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
        if (code == OwnCode::rc5) {
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
    std::string digest(hmac_digest(id));
    EVP_MAC* mac = EVP_MAC_fetch(library_context(), "HMAC", nullptr);
    std::unique_ptr<EVP_MD, decltype(&EVP_MD_free)> md(
        EVP_MD_fetch(library_context(), evp_name(digest).c_str(), nullptr), EVP_MD_free);
    if (!mac || !md) {
        EVP_MAC_free(mac);
        throw Error(ErrorKind::failed, "libcrypto has no HMAC with " + digest);
    }
    auto make_ctx = [mac, digest](const std::vector<uint8_t>& key) {
        std::shared_ptr<EVP_MAC_CTX> ctx(EVP_MAC_CTX_new(mac), EVP_MAC_CTX_free);
        std::string dname = evp_name(digest);
        OSSL_PARAM params[] = {
            OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, dname.data(), 0),
            OSSL_PARAM_construct_end()};
        if (!EVP_MAC_init(ctx.get(), key.data(), key.size(), params))
            return std::shared_ptr<EVP_MAC_CTX>();
        return ctx;
    };
    std::vector<uint8_t> out(EVP_MAX_MD_SIZE);
    if (const KnownAnswerVector* v = known_answer_vector(id)) {
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
    if (const KnownAnswerVector* v = known_answer_vector(id)) {
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
    if (const KnownAnswerVector* v = known_answer_vector(id)) {
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
        throw Error(ErrorKind::failed, "cannot initialise " + id);
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
    return c ? CipherPtr(c, EVP_CIPHER_free) : nullptr;
}
MdPtr fetch_md(const std::string& id) {
    EVP_MD* m = EVP_MD_fetch(library_context(), evp_name(id).c_str(), nullptr);
    return m ? MdPtr(m, EVP_MD_free) : nullptr;
}

bool own_has(const std::string& id) {
    const AlgorithmInfo* a = algorithm_info(id);
    return a && a->own != OwnCode::none;
}

}  // namespace

bool symmetric_name_known(const std::string& id) {
    if (own_has(id)) return true;
    if (auto digest = hmac_digest(id); !digest.empty())
        return fetch_md(std::string(digest)) != nullptr;
    return fetch_cipher(id) != nullptr || fetch_md(id) != nullptr;
}

SymmetricSetup make_symmetric_kernel(const std::string& id) {
    if (!hmac_digest(id).empty()) return hmac_kernel(id);
    // libcrypto first; speedlab's own code only where this build lacks it.
    if (auto c = fetch_cipher(id)) return cipher_kernel(id, c);
    if (auto m = fetch_md(id)) return digest_kernel(id, m);
    if (own_has(id)) return own_kernel(id);
    throw Error(ErrorKind::failed, "libcrypto has no cipher or digest named " + id);
}

}  // namespace speedlab::bench
