#include "bench/public_key.h"

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>

#include <array>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "bench/providers.h"
#include "bench/test_keys.h"
#include "core/algorithm_registry.h"
#include "core/curve.h"
#include "core/error.h"

namespace speedlab::bench {

namespace {

using PkeyPtr = std::shared_ptr<EVP_PKEY>;
using PkeyCtxPtr = std::shared_ptr<EVP_PKEY_CTX>;

PkeyPtr load_test_key(const std::string& id) {
    const char* pem = test_key_pem(id);
    if (!pem) return nullptr;
    BIO* bio = BIO_new_mem_buf(pem, -1);
    EVP_PKEY* key =
        PEM_read_bio_PrivateKey_ex(bio, nullptr, nullptr, nullptr, library_context(), nullptr);
    BIO_free(bio);
    return key ? PkeyPtr(key, EVP_PKEY_free) : nullptr;
}

PkeyPtr generate(const char* type, const char* group) {
    EVP_PKEY* key = group ? EVP_PKEY_Q_keygen(library_context(), nullptr, type, group)
                          : EVP_PKEY_Q_keygen(library_context(), nullptr, type);
    return key ? PkeyPtr(key, EVP_PKEY_free) : nullptr;
}

// The check for signatures without a published vector: the signature
// verifies, and the same signature fails for a changed message.
template <class Verify>
KnownAnswer signature_check(bool signed_ok, const Verify& verify, std::vector<uint8_t>& message) {
    bool good = signed_ok && verify();
    message[0] ^= 1;
    bool rejects = !verify();
    message[0] ^= 1;
    return {good && rejects, good && rejects ? "signature verifies; altered message is rejected"
                                             : "signature check failed"};
}

struct SignState {
    PkeyPtr key;
    PkeyCtxPtr sign_ctx, verify_ctx;
    std::vector<uint8_t> message, signature, scratch;
};

// RSA (PKCS#1 v1.5 on 36 bytes), DSA and ECDSA (20 bytes): EVP_PKEY_sign on a
// prepared context, as openssl speed does.
PublicKeySetup sign_verify_kernel(const std::string& id, int bits, PkeyPtr key, size_t msg_len,
                                  bool rsa) {
    PublicKeySetup s;
    auto st = std::make_shared<SignState>();
    st->key = key;
    st->message.assign(msg_len, 0);
    for (size_t i = 0; i < msg_len; ++i) st->message[i] = static_cast<uint8_t>(i * 7 + 1);
    st->sign_ctx.reset(EVP_PKEY_CTX_new_from_pkey(library_context(), key.get(), nullptr),
                       EVP_PKEY_CTX_free);
    st->verify_ctx.reset(EVP_PKEY_CTX_new_from_pkey(library_context(), key.get(), nullptr),
                         EVP_PKEY_CTX_free);
    if (!st->sign_ctx || EVP_PKEY_sign_init(st->sign_ctx.get()) <= 0 || !st->verify_ctx ||
        EVP_PKEY_verify_init(st->verify_ctx.get()) <= 0 ||
        (rsa && (EVP_PKEY_CTX_set_rsa_padding(st->sign_ctx.get(), RSA_PKCS1_PADDING) <= 0 ||
                 EVP_PKEY_CTX_set_rsa_padding(st->verify_ctx.get(), RSA_PKCS1_PADDING) <= 0))) {
        throw Error(ErrorKind::failed, "cannot set up signing with " + id);
    }
    st->signature.resize(static_cast<size_t>(EVP_PKEY_get_size(key.get())));
    st->scratch = st->signature;
    size_t sig_len = st->signature.size();
    bool signed_ok = EVP_PKEY_sign(st->sign_ctx.get(), st->signature.data(), &sig_len,
                                   st->message.data(), st->message.size()) > 0;
    st->signature.resize(sig_len);
    // Timed signatures go to a scratch buffer so the one verify checks stays intact.
    auto sign = [st]() {
        size_t len = st->scratch.size();
        return EVP_PKEY_sign(st->sign_ctx.get(), st->scratch.data(), &len, st->message.data(),
                             st->message.size()) > 0;
    };
    auto verify = [st]() {
        return EVP_PKEY_verify(st->verify_ctx.get(), st->signature.data(), st->signature.size(),
                               st->message.data(), st->message.size()) == 1;
    };
    s.check = signature_check(signed_ok, verify, st->message);
    if (!s.check.passed) return s;
    PublicKeyKernel k{id, bits, {{Operation::sign, sign}, {Operation::verify, verify}}, st};
    s.kernel = std::move(k);
    return s;
}

struct EdState {
    PkeyPtr key;
    std::shared_ptr<EVP_MD_CTX> sign_ctx, verify_ctx;
    std::vector<uint8_t> message, signature;
};

// EdDSA's published vector (RFC 8032 section 7.1, test 1: the empty message
// under a fixed key), signed with the libcrypto key type EVP.
KnownAnswer eddsa_known_answer(const KnownAnswerVector& v, const std::string& evp) {
    auto secret = from_hex(std::string(v.key_hex));
    const std::string expected(v.expected_hex);
    EVP_PKEY* key = EVP_PKEY_new_raw_private_key_ex(library_context(), evp.c_str(), nullptr,
                                                    secret.data(), secret.size());
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    unsigned char sig[114];  // Ed448's size, the larger
    size_t len = sizeof sig;
    auto message = from_hex(std::string(v.input));
    bool ok = key &&
              EVP_DigestSignInit_ex(ctx.get(), nullptr, nullptr, library_context(), nullptr, key,
                                    nullptr) > 0 &&
              EVP_DigestSign(ctx.get(), sig, &len, message.data(), message.size()) > 0;
    EVP_PKEY_free(key);
    std::string got = ok ? to_hex(sig, len) : "an error";
    if (got == expected) return {true, "matches " + std::string(v.source)};
    return {false, "expected " + expected + " (" + std::string(v.source) + "), got " + got};
}

// EdDSA: one-shot EVP_DigestSign of a 20-byte message.
PublicKeySetup eddsa_kernel(const std::string& id, int bits, const char* type) {
    PublicKeySetup s;
    const KnownAnswerVector* vector = known_answer_vector(id);
    if (vector) {
        s.check = eddsa_known_answer(*vector, type);
        if (!s.check.passed) return s;
    }
    auto st = std::make_shared<EdState>();
    st->key = generate(type, nullptr);
    st->message.assign(20, 0x5a);
    st->sign_ctx.reset(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    st->verify_ctx.reset(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    if (!st->key ||
        EVP_DigestSignInit_ex(st->sign_ctx.get(), nullptr, nullptr, library_context(), nullptr,
                              st->key.get(), nullptr) <= 0 ||
        EVP_DigestVerifyInit_ex(st->verify_ctx.get(), nullptr, nullptr, library_context(), nullptr,
                                st->key.get(), nullptr) <= 0) {
        throw Error(ErrorKind::failed, "cannot set up " + id);
    }
    st->signature.resize(static_cast<size_t>(EVP_PKEY_get_size(st->key.get())));
    auto sign = [st]() {
        size_t len = st->signature.size();
        return EVP_DigestSign(st->sign_ctx.get(), st->signature.data(), &len, st->message.data(),
                              st->message.size()) > 0;
    };
    auto verify = [st]() {
        return EVP_DigestVerify(st->verify_ctx.get(), st->signature.data(), st->signature.size(),
                                st->message.data(), st->message.size()) == 1;
    };
    KnownAnswer own = signature_check(sign(), verify, st->message);
    if (!vector || !own.passed) s.check = own;
    if (!s.check.passed) return s;
    s.kernel =
        PublicKeyKernel{id, bits, {{Operation::sign, sign}, {Operation::verify, verify}}, st};
    return s;
}

struct DeriveState {
    PkeyPtr mine, peer;
    PkeyCtxPtr ctx;
    std::vector<uint8_t> secret;
};

// ECDH: one EVP_PKEY_derive per operation with a prepared context.
PublicKeySetup ecdh_kernel(const std::string& id, const Curve& curve) {
    PublicKeySetup s;
    bool is_x = !curve.signs;  // X25519, X448: keys of their own type, no EC group
    std::string group(curve.group);
    auto make = [&]() {
        return is_x ? generate(group.c_str(), nullptr) : generate("EC", group.c_str());
    };
    auto st = std::make_shared<DeriveState>();
    st->mine = make();
    st->peer = make();
    auto derive_with = [](EVP_PKEY* a, EVP_PKEY* b, std::vector<uint8_t>& out) {
        std::unique_ptr<EVP_PKEY_CTX, decltype(&EVP_PKEY_CTX_free)> c(
            EVP_PKEY_CTX_new_from_pkey(library_context(), a, nullptr), EVP_PKEY_CTX_free);
        size_t len = 0;
        if (!c || EVP_PKEY_derive_init(c.get()) <= 0 || EVP_PKEY_derive_set_peer(c.get(), b) <= 0 ||
            EVP_PKEY_derive(c.get(), nullptr, &len) <= 0)
            return false;
        out.resize(len);
        return EVP_PKEY_derive(c.get(), out.data(), &len) > 0;
    };
    std::vector<uint8_t> ab, ba;
    if (!st->mine || !st->peer) {
        throw Error(ErrorKind::failed, "libcrypto cannot make keys on " + group);
    }
    bool ok = derive_with(st->mine.get(), st->peer.get(), ab) &&
              derive_with(st->peer.get(), st->mine.get(), ba) && ab == ba && !ab.empty();
    s.check = {ok,
               ok ? "both sides derive the same secret" : "the two sides derive different secrets"};
    if (!ok) return s;
    st->ctx.reset(EVP_PKEY_CTX_new_from_pkey(library_context(), st->mine.get(), nullptr),
                  EVP_PKEY_CTX_free);
    EVP_PKEY_derive_init(st->ctx.get());
    EVP_PKEY_derive_set_peer(st->ctx.get(), st->peer.get());
    st->secret.resize(ab.size());
    auto derive = [st]() {
        size_t len = st->secret.size();
        return EVP_PKEY_derive(st->ctx.get(), st->secret.data(), &len) > 0;
    };
    s.kernel = PublicKeyKernel{id, curve.bits, {{Operation::derive, derive}}, st};
    return s;
}

}  // namespace

bool public_key_id_known(const std::string& id) {
    if (test_key_pem(id) || is_eddsa(id)) return true;
    const Curve* c = curve_of(id);
    return c && (c->signs || curve_family(id) == kEcdhFamily);
}

PublicKeySetup make_public_key_kernel(const std::string& id) {
    if (!public_key_id_known(id))
        throw Error(ErrorKind::usage, "unknown public-key benchmark " + id);
    const AlgorithmInfo* a = algorithm_info(id);
    if (test_key_pem(id)) {  // RSA and DSA: openssl speed's fixed keys
        auto key = load_test_key(id);
        if (!key) throw Error(ErrorKind::failed, "cannot load the test key " + id);
        // openssl speed signs 36 bytes with RSA (PKCS#1 v1.5), 20 with DSA.
        bool rsa = EVP_PKEY_get_base_id(key.get()) == EVP_PKEY_RSA;
        return sign_verify_kernel(id, a->bits, key, rsa ? 36 : 20, rsa);
    }
    if (is_eddsa(id)) return eddsa_kernel(id, a->bits, std::string(a->evp).c_str());
    const Curve* c = curve_of(id);
    if (curve_family(id) == kEcdhFamily) return ecdh_kernel(id, *c);
    auto key = generate("EC", std::string(c->group).c_str());
    if (!key)
        throw Error(ErrorKind::failed, "libcrypto cannot make keys on " + std::string(c->group));
    return sign_verify_kernel(id, c->bits, key, 20, false);
}

}  // namespace speedlab::bench
