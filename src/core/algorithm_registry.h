#pragma once
// The one registry of algorithms: every fact bench, parse, report, completion
// and experiments must agree on, one row per canonical id (curves: core/curve.h).
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/algorithm.h"
#include "core/curve.h"

namespace speedlab {

// The libcrypto 3.x provider that serves an algorithm's EVP name.
enum class Provider { none, default_provider, legacy };

// Memberships of an algorithm, or'ed in AlgorithmInfo::flags.
enum AlgorithmFlag : unsigned {
    kListed = 1u << 0,    // in openssl speed's print order (ordered_ids, print_rank)
    kClassic = 1u << 1,   // the classic suite: what `speedlab run` times by default
    kAll = 1u << 2,       // `speedlab run all`
    kInTables = 1u << 4,  // read as an algorithm where people type it in their own tables
    kFeatures = 1u << 5,  // timed by `experiment features`
    kEmulator = 1u << 6,  // timed by `experiment emulator`
    kKeySizes = 1u << 7,  // a family of key sizes: one too slow to time skips the larger
    // In the reference chart's mean (at 8192 bytes): ciphers and digests that
    // runs from SSLeay to 3.x print, so thirty years of machines share them.
    kReferenceMean = 1u << 8,
    // A block cipher people write run together with its bits and mode
    // ("aes128ecb", "camellia-256-cbc"): its family is read so (kBlockCipherModes).
    kBitsAndMode = 1u << 9,
    // A family row whose keys are named by curve, "family-curve" ("ecdsa-p256"),
    // and run together on openssl speed's command line ("ecdsap256").
    kCurveKeys = 1u << 10,
    // A family row whose ids join family and key bits ("rsa2048", "ffdh2048"):
    // a name people write with a hyphen ("rsa-2048") means that id.
    kBitsJoined = 1u << 11,
};

// speedlab's own implementation of an algorithm, used where libcrypto lacks it.
enum class OwnCode { none, md2, mdc2, idea, rc5 };

struct AlgorithmInfo {
    std::string_view id;  // canonical: "bf-cbc", "rsa2048", "ecdsa-p256"
    AlgorithmKind kind;
    std::string_view family;  // selection and report group: "des", "aes", "sha", "rsa", "eddsa"
    std::string_view row_1x;  // as 0.9.x..1.1.x print the row: "blowfish cbc"; EdDSA: "Ed25519"
    std::string_view row_3x;  // as 3.x prints it: "blowfish"
    // Other names openssl or libcrypto print for it, space separated, spaces of a
    // name as hyphens: "blowfish-cbc bf".
    std::string_view spellings;
    // Names people type (own tables, `openssl speed` arguments), space separated: "3des tdes".
    std::string_view typed;
    // `openssl speed` arguments that select it, alone or with others: "des", "ecdsap256".
    std::string_view arguments;
    std::string_view evp;  // libcrypto's name; empty: built otherwise (HMAC, public key)
    Provider provider = Provider::none;
    int mr_index = -1;  // index in 3.0's names array (`-mr` "+F:" records); -1: none
    int bits = 0;       // key bits as rows print them (public key)
    unsigned flags = 0;
    // How ids of its family begin where no row names them ("sha": sha3-224,
    // shake128), space separated: kind_of and looks_like_algorithm read them.
    std::string_view stems = "";
    OwnCode own = OwnCode::none;
    bool has(AlgorithmFlag f) const { return (flags & f) != 0; }
};

// A published answer an algorithm's kernel must reproduce before it is timed:
// the digest of a text (FIPS 180, RFC 1319/1320/1321, ISO 10118-3) or the
// first cipher block of a published ECB vector (which CBC with a zero IV reproduces).
struct KnownAnswerVector {
    std::string_view id;
    std::string_view key_hex;  // empty for digests
    std::string_view input;    // hex for ciphers, text for digests
    std::string_view expected_hex;
    std::string_view source;
};

std::span<const AlgorithmInfo> algorithm_table();
const KnownAnswerVector* known_answer_vector(std::string_view id);  // nullptr: none on file
const AlgorithmInfo* algorithm_info(std::string_view id);
// The row whose id, row name, spelling or typed name `name` is (lower case,
// spaces as hyphens); `typed` names count only when asked for.
const AlgorithmInfo* algorithm_named(std::string_view name, bool typed);
// Ids whose flags include `flag`, in table order.
std::vector<std::string> ids_with(AlgorithmFlag flag);
// The families of rows whose flags include `flag`, each once, in table order.
std::vector<std::string_view> families_with(AlgorithmFlag flag);

// Every row's stems with its kind: public key first ("sm2" before "sm3"),
// then digests, then ciphers.
struct AlgorithmStem {
    std::string_view stem;
    AlgorithmKind kind;
};
std::span<const AlgorithmStem> algorithm_stems();

// The public-key families other modules branch on (AlgorithmInfo::family),
// spelled here once: bench picks a kernel, parse and report a table style by them.
inline constexpr std::string_view kRsaFamily = "rsa";
inline constexpr std::string_view kDsaFamily = "dsa";
inline constexpr std::string_view kFfdhFamily = "ffdh";
inline constexpr std::string_view kEcdsaFamily = "ecdsa";
inline constexpr std::string_view kEcdhFamily = "ecdh";
inline constexpr std::string_view kEddsaFamily = "eddsa";
inline constexpr std::string_view kHmacFamily = "hmac";

// The digest an HMAC id keys ("hmac-sha256" -> "sha256"), else empty.
std::string_view hmac_digest(std::string_view id);

// The family of an elliptic-curve id, ECDSA's or ECDH's ("ecdsa-p256",
// "ecdh-k163": registry row or not), else empty; and its curve, else nullptr.
std::string_view curve_family(std::string_view id);
const Curve* curve_of(std::string_view id);

// Whether ID is an EdDSA id of the table (Ed25519, Ed448).
bool is_eddsa(std::string_view id);

// Block sizes openssl speed and `speedlab run` time a symmetric algorithm at.
inline constexpr std::array<int64_t, 6> kDefaultBlockSizes{16, 64, 256, 1024, 8192, 16384};

// The words of a space-separated list; whether it holds `word`.
std::vector<std::string_view> word_list(std::string_view list);
bool in_word_list(std::string_view list, std::string_view word);

}  // namespace speedlab
