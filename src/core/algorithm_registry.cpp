#include "core/algorithm_registry.h"

#include <algorithm>
#include <map>

#include "core/text.h"

namespace speedlab {

namespace {

constexpr auto kDigest = AlgorithmKind::digest;
constexpr auto kCipher = AlgorithmKind::cipher;
constexpr auto kKey = AlgorithmKind::public_key;
constexpr auto kDef = Provider::default_provider;
constexpr auto kLeg = Provider::legacy;
constexpr auto kNone = Provider::none;
constexpr unsigned kRow = kListed | kAll | kInTables;  // a row of the classic table
constexpr unsigned kPk = kAll;

// Listed rows first, in openssl's print order (the 1.x names array, then the
// newer rows, then the public-key families); then the ids `speedlab run`
// times; then names people's tables use that openssl speed prints only by EVP.
// {id, kind, family, row_1x, row_3x, spellings, typed, arguments, evp, provider,
//  mr_index, bits, flags, stems, own}
constexpr AlgorithmInfo kAlgorithms[] = {
    {"md2", kDigest, "md2", "md2", "md2", "", "", "md2", "MD2", kDef, 0, 0, kRow, "md2",
     OwnCode::md2},
    {"mdc2", kDigest, "mdc2", "mdc2", "mdc2", "", "", "mdc2", "MDC2", kLeg, 1, 0, kRow, "mdc2",
     OwnCode::mdc2},
    {"md4", kDigest, "md4", "md4", "md4", "", "", "md4", "MD4", kLeg, 2, 0, kRow, "md4"},
    {"md5", kDigest, "md5", "md5", "md5", "", "", "md5", "MD5", kDef, 3, 0,
     kRow | kClassic | kFeatures | kEmulator | kReferenceMean, "md5"},
    {"hmac-md5", kDigest, "hmac", "hmac(md5)", "hmac(md5)", "", "", "hmac", "", kDef, 9, 0, kRow,
     "hmac- cmac- kmac"},
    {"sha1", kDigest, "sha", "sha1", "sha1", "sha-1", "", "sha1 sha", "SHA1", kDef, 4, 0,
     kRow | kClassic | kFeatures | kEmulator | kReferenceMean, "sha shake"},
    {"rmd160", kDigest, "rmd160", "rmd160", "rmd160", "ripemd160 ripemd-160 ripemd", "",
     "rmd160 ripemd160 ripemd", "RIPEMD160", kDef, 5, 0, kRow, "rmd ripemd"},
    {"rc4", kCipher, "rc4", "rc4", "rc4", "", "", "rc4", "RC4", kLeg, 12, 0,
     kRow | kClassic | kEmulator | kReferenceMean, "rc4"},
    {"des-cbc", kCipher, "des", "des cbc", "des-cbc", "des", "", "des-cbc des", "DES-CBC", kLeg, 10,
     0, kRow | kClassic | kEmulator | kReferenceMean, "des"},
    {"des-ede3", kCipher, "des", "des ede3", "des-ede3", "des-ede3-cbc", "3des des3 tdes",
     "des-ede3 des", "DES-EDE3-CBC", kDef, 11, 0, kRow | kClassic | kEmulator | kReferenceMean},
    {"idea-cbc", kCipher, "idea", "idea cbc", "idea-cbc", "idea", "", "idea idea-cbc", "IDEA-CBC",
     kLeg, 13, 0, kRow, "idea", OwnCode::idea},
    {"seed-cbc", kCipher, "seed", "seed cbc", "seed-cbc", "seed", "", "seed seed-cbc", "SEED-CBC",
     kLeg, 14, 0, kRow, "seed"},
    {"rc2-cbc", kCipher, "rc2", "rc2 cbc", "rc2-cbc", "rc2", "", "rc2 rc2-cbc", "RC2-CBC", kLeg, 15,
     0, kRow, "rc2"},
    {"rc5-cbc", kCipher, "rc5", "rc5-32/12 cbc", "rc5-cbc", "rc5", "", "rc5 rc5-cbc", "RC5-CBC",
     kLeg, 16, 0, kRow, "rc5", OwnCode::rc5},
    {"bf-cbc", kCipher, "bf", "blowfish cbc", "blowfish", "bf", "", "bf blowfish bf-cbc", "BF-CBC",
     kLeg, 17, 0, kRow | kClassic | kEmulator | kReferenceMean, "bf-"},
    {"cast5-cbc", kCipher, "cast", "cast cbc", "cast-cbc", "cast", "", "cast cast-cbc cast5",
     "CAST5-CBC", kLeg, 18, 0, kRow, "cast"},
    {"aes-128-cbc", kCipher, "aes", "aes-128 cbc", "aes-128-cbc", "aes-128", "", "aes aes-128-cbc",
     "AES-128-CBC", kDef, 19, 0,
     kRow | kClassic | kFeatures | kEmulator | kReferenceMean | kBitsAndMode, "aes-"},
    {"aes-192-cbc", kCipher, "aes", "aes-192 cbc", "aes-192-cbc", "aes-192", "", "aes aes-192-cbc",
     "AES-192-CBC", kDef, 20, 0, kRow},
    {"aes-256-cbc", kCipher, "aes", "aes-256 cbc", "aes-256-cbc", "aes-256", "", "aes aes-256-cbc",
     "AES-256-CBC", kDef, 21, 0, kRow | kReferenceMean},
    {"camellia-128-cbc", kCipher, "camellia", "camellia-128 cbc", "camellia-128-cbc", "", "",
     "camellia camellia-128-cbc", "CAMELLIA-128-CBC", kDef, 22, 0, kRow | kBitsAndMode,
     "camellia-"},
    {"camellia-192-cbc", kCipher, "camellia", "camellia-192 cbc", "camellia-192-cbc", "", "",
     "camellia camellia-192-cbc", "CAMELLIA-192-CBC", kDef, 23, 0, kRow},
    {"camellia-256-cbc", kCipher, "camellia", "camellia-256 cbc", "camellia-256-cbc", "", "",
     "camellia camellia-256-cbc", "CAMELLIA-256-CBC", kDef, 24, 0, kRow},
    {"sha256", kDigest, "sha", "sha256", "sha256", "sha2-256 sha-256", "", "sha256 sha", "SHA256",
     kDef, 6, 0, kRow | kFeatures | kReferenceMean},
    {"sha512", kDigest, "sha", "sha512", "sha512", "sha2-512 sha-512", "", "sha512 sha", "SHA512",
     kDef, 7, 0, kRow},
    {"whirlpool", kDigest, "whirlpool", "whirlpool", "whirlpool", "", "", "whirlpool", "WHIRLPOOL",
     kLeg, 8, 0, kRow, "whirlpool"},
    // kInTables: tables keep openssl 1.0's ige rows as printed ("aes-128 ige")
    {"aes-128-ige", kCipher, "aes", "aes-128 ige", "aes-128-ige", "", "", "", "", kNone, -1, 0,
     kListed | kInTables},
    {"aes-192-ige", kCipher, "aes", "aes-192 ige", "aes-192-ige", "", "", "", "", kNone, -1, 0,
     kListed | kInTables},
    {"aes-256-ige", kCipher, "aes", "aes-256 ige", "aes-256-ige", "", "", "", "", kNone, -1, 0,
     kListed | kInTables},
    {"hmac-sha256", kDigest, "hmac", "", "hmac(sha256)", "", "", "", "", kDef, -1, 0,
     kListed | kInTables},
    {"ghash", kDigest, "ghash", "ghash", "ghash", "", "", "", "", kNone, -1, 0, kListed | kInTables,
     "ghash"},
    {"aes-128-gcm", kCipher, "aes", "", "aes-128-gcm", "", "", "", "AES-128-GCM", kDef, -1, 0,
     kListed | kInTables | kFeatures},
    {"aes-256-gcm", kCipher, "aes", "", "aes-256-gcm", "", "", "", "AES-256-GCM", kDef, -1, 0,
     kListed | kInTables},
    {"chacha20-poly1305", kCipher, "chacha20", "", "chacha20-poly1305", "", "", "",
     "CHACHA20-POLY1305", kDef, -1, 0, kListed | kInTables | kFeatures},
    {"rand", kDigest, "rand", "rand", "rand", "", "", "", "", kNone, -1, 0, kListed},
    // Public-key families: their ids rank by family, then key bits.
    {"rsa", kKey, "rsa", "", "", "", "", "", "", kNone, -1, 0, kListed | kInTables | kBitsJoined,
     "rsa"},
    {"dsa", kKey, "dsa", "", "", "", "", "", "", kNone, -1, 0, kListed | kInTables | kBitsJoined,
     "dsa"},
    {"ecdsa", kKey, "ecdsa", "", "", "", "", "", "", kNone, -1, 0, kListed | kInTables | kCurveKeys,
     "ecdsa"},
    {"ecdh", kKey, "ecdh", "", "", "", "", "", "", kNone, -1, 0, kListed | kInTables | kCurveKeys,
     "ecdh"},
    {"ed", kKey, "eddsa", "", "", "", "", "", "", kNone, -1, 0, kListed},
    {"sm2", kKey, "sm2", "", "", "", "", "", "", kNone, -1, 0, kListed, "sm2"},
    {"ffdh", kKey, "ffdh", "", "", "", "", "", "", kNone, -1, 0, kListed | kBitsJoined, "ffdh"},
    {"ml-kem", kKey, "ml-kem", "", "", "", "", "", "", kNone, -1, 0, kListed, "ml-"},
    {"ml-dsa", kKey, "ml-dsa", "", "", "", "", "", "", kNone, -1, 0, kListed},
    {"slh-dsa", kKey, "slh-dsa", "", "", "", "", "", "", kNone, -1, 0, kListed, "slh-"},
    {"bogomips", AlgorithmKind::bogomips, "bogomips", "", "", "", "", "", "", kNone, -1, 0,
     kListed},
    // What `speedlab run` times of the public-key families.
    {"rsa512", kKey, "rsa", "", "", "", "", "rsa512 rsa", "", kNone, -1, 512,
     kPk | kClassic | kKeySizes},
    {"rsa1024", kKey, "rsa", "", "", "", "", "rsa1024 rsa", "", kNone, -1, 1024,
     kPk | kClassic | kKeySizes | kEmulator},
    {"rsa2048", kKey, "rsa", "", "", "", "", "rsa2048 rsa", "", kNone, -1, 2048,
     kPk | kClassic | kKeySizes | kFeatures},
    {"rsa3072", kKey, "rsa", "", "", "", "", "rsa3072 rsa", "", kNone, -1, 3072, kPk | kKeySizes},
    {"rsa4096", kKey, "rsa", "", "", "", "", "rsa4096 rsa", "", kNone, -1, 4096,
     kPk | kClassic | kKeySizes},
    {"rsa7680", kKey, "rsa", "", "", "", "", "rsa7680 rsa", "", kNone, -1, 7680, kPk | kKeySizes},
    {"rsa15360", kKey, "rsa", "", "", "", "", "rsa15360 rsa", "", kNone, -1, 15360,
     kPk | kKeySizes},
    {"dsa512", kKey, "dsa", "", "", "", "", "dsa512 dsa", "", kNone, -1, 512,
     kPk | kClassic | kKeySizes},
    {"dsa1024", kKey, "dsa", "", "", "", "", "dsa1024 dsa", "", kNone, -1, 1024,
     kPk | kClassic | kKeySizes | kEmulator},
    {"dsa2048", kKey, "dsa", "", "", "", "", "dsa2048 dsa", "", kNone, -1, 2048,
     kPk | kClassic | kKeySizes},
    {"ecdsa-p192", kKey, "ecdsa", "", "", "", "", "ecdsap192", "", kNone, -1, 192, kPk},
    {"ecdsa-p224", kKey, "ecdsa", "", "", "", "", "ecdsa ecdsap224", "", kNone, -1, 224, kPk},
    {"ecdsa-p256", kKey, "ecdsa", "", "", "", "", "ecdsa ecdsap256", "", kNone, -1, 256,
     kPk | kFeatures},
    {"ecdsa-p384", kKey, "ecdsa", "", "", "", "", "ecdsa ecdsap384", "", kNone, -1, 384, kPk},
    {"ecdsa-p521", kKey, "ecdsa", "", "", "", "", "ecdsa ecdsap521", "", kNone, -1, 521, kPk},
    {"ecdsa-brainpoolp256r1", kKey, "ecdsa", "", "", "", "", "ecdsabrp256r1", "", kNone, -1, 256,
     kPk},
    {"ecdsa-brainpoolp384r1", kKey, "ecdsa", "", "", "", "", "ecdsabrp384r1", "", kNone, -1, 384,
     kPk},
    {"ecdsa-brainpoolp512r1", kKey, "ecdsa", "", "", "", "", "ecdsabrp512r1", "", kNone, -1, 512,
     kPk},
    {"ecdh-p224", kKey, "ecdh", "", "", "", "", "ecdh ecdhp224", "", kNone, -1, 224, kPk},
    {"ecdh-p256", kKey, "ecdh", "", "", "", "", "ecdh ecdhp256", "", kNone, -1, 256, kPk},
    {"ecdh-p384", kKey, "ecdh", "", "", "", "", "ecdh ecdhp384", "", kNone, -1, 384, kPk},
    {"ecdh-p521", kKey, "ecdh", "", "", "", "", "ecdh ecdhp521", "", kNone, -1, 521, kPk},
    {"ecdh-x25519", kKey, "ecdh", "", "", "", "", "ecdh ecdhx25519", "", kNone, -1, 253, kPk},
    {"ecdh-x448", kKey, "ecdh", "", "", "", "", "ecdh ecdhx448", "", kNone, -1, 448, kPk},
    {"ed25519", kKey, "eddsa", "Ed25519", "Ed25519", "", "", "eddsa ed25519", "ED25519", kDef, -1,
     253, kPk, "ed25519"},
    {"ed448", kKey, "eddsa", "Ed448", "Ed448", "", "", "eddsa ed448", "ED448", kDef, -1, 456, kPk,
     "ed448"},
    // Read in people's own tables; openssl speed times them only by EVP name.
    {"sha224", kDigest, "sha", "", "", "", "sha-224", "", "SHA224", kDef, -1, 0, kInTables},
    {"sha384", kDigest, "sha", "", "", "", "sha-384", "", "SHA384", kDef, -1, 0, kInTables},
    {"sha512-256", kDigest, "sha", "", "", "", "", "", "SHA512-256", kDef, -1, 0, kInTables},
    {"sha3-224", kDigest, "sha3", "", "", "", "", "", "SHA3-224", kDef, -1, 0, kInTables},
    {"sha3-256", kDigest, "sha3", "", "", "", "", "", "SHA3-256", kDef, -1, 0, kInTables},
    {"sha3-384", kDigest, "sha3", "", "", "", "", "", "SHA3-384", kDef, -1, 0, kInTables},
    {"sha3-512", kDigest, "sha3", "", "", "", "", "", "SHA3-512", kDef, -1, 0, kInTables},
    {"sm3", kDigest, "sm3", "", "", "", "", "", "SM3", kDef, -1, 0, kInTables, "sm3"},
    {"sm4-cbc", kCipher, "sm4", "", "", "", "", "", "SM4-CBC", kDef, -1, 0, kInTables, "sm4"},
    {"sm4-ecb", kCipher, "sm4", "", "", "", "", "", "SM4-ECB", kDef, -1, 0, kInTables},
    {"sm4-ctr", kCipher, "sm4", "", "", "", "", "", "SM4-CTR", kDef, -1, 0, kInTables},
    {"sm4-gcm", kCipher, "sm4", "", "", "", "", "", "SM4-GCM", kDef, -1, 0, kInTables},
    {"chacha20", kCipher, "chacha20", "", "", "", "", "", "CHACHA20", kDef, -1, 0, kInTables,
     "chacha20"},
    // ARIA: no row of openssl speed's, read where people run bits and mode together.
    {"aria-128-cbc", kCipher, "aria", "", "", "", "", "", "ARIA-128-CBC", kDef, -1, 0,
     kInTables | kBitsAndMode, "aria-"},
    {"poly1305", kCipher, "poly1305", "", "", "", "", "", "", kDef, -1, 0, kInTables, "poly1305"},
    {"hmac-sha1", kDigest, "hmac", "", "", "", "", "", "", kDef, -1, 0, kInTables},
    // 3.x prints the EVP name (BLAKE2B-512) where `-evp blake2b512` times it.
    {"blake2b512", kDigest, "blake2", "", "", "blake2b-512", "", "", "BLAKE2B-512", kDef, -1, 0,
     kInTables, "blake2"},
    {"blake2s256", kDigest, "blake2", "", "", "blake2s-256", "", "", "BLAKE2S-256", kDef, -1, 0,
     kInTables},
};

// The known answers of the table's ids (KnownAnswerVector).
constexpr KnownAnswerVector kKnownAnswers[] = {
    // A signature: the secret key, the (empty) message, the signature.
    {"ed25519", "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b"
     "46bd25bf5f0595bbe24655141438e7a100b",
     "RFC 8032 test 1"},
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
};

// Lower case, spaces as hyphens: the form names are looked up in.
std::string looked_up(std::string_view name) {
    std::string s = lower_ascii(name);
    std::replace(s.begin(), s.end(), ' ', '-');
    return s;
}

template <typename F>
void each_word(std::string_view list, F f) {
    while (!list.empty()) {
        auto space = list.find(' ');
        if (space != 0) f(list.substr(0, space));
        if (space == std::string_view::npos) break;
        list.remove_prefix(space + 1);
    }
}

using NameMap = std::map<std::string, const AlgorithmInfo*, std::less<>>;

NameMap build_names(bool typed) {
    NameMap out;
    for (const auto& a : kAlgorithms) {
        out.emplace(std::string(a.id), &a);
        if (!a.row_1x.empty()) out.emplace(looked_up(a.row_1x), &a);
        if (!a.row_3x.empty()) out.emplace(looked_up(a.row_3x), &a);
        each_word(a.spellings, [&](std::string_view w) { out.emplace(std::string(w), &a); });
        if (typed) each_word(a.typed, [&](std::string_view w) { out.emplace(std::string(w), &a); });
    }
    return out;
}

}  // namespace

std::span<const AlgorithmInfo> algorithm_table() {
    return kAlgorithms;
}

const KnownAnswerVector* known_answer_vector(std::string_view id) {
    for (const auto& v : kKnownAnswers)
        if (v.id == id) return &v;
    return nullptr;
}

const AlgorithmInfo* algorithm_info(std::string_view id) {
    for (const auto& a : kAlgorithms)
        if (a.id == id) return &a;
    return nullptr;
}

const AlgorithmInfo* algorithm_named(std::string_view name, bool typed) {
    static const NameMap printed = build_names(false), with_typed = build_names(true);
    const NameMap& names = typed ? with_typed : printed;
    auto it = names.find(looked_up(name));
    return it == names.end() ? nullptr : it->second;
}

std::vector<std::string> ids_with(AlgorithmFlag flag) {
    std::vector<std::string> out;
    for (const auto& a : kAlgorithms)
        if (a.has(flag)) out.emplace_back(a.id);
    return out;
}

std::vector<std::string_view> families_with(AlgorithmFlag flag) {
    std::vector<std::string_view> out;
    for (const auto& a : kAlgorithms)
        if (a.has(flag) && std::find(out.begin(), out.end(), a.family) == out.end())
            out.push_back(a.family);
    return out;
}

std::span<const AlgorithmStem> algorithm_stems() {
    static const std::vector<AlgorithmStem> stems = [] {
        std::vector<AlgorithmStem> out;
        for (auto kind : {AlgorithmKind::public_key, AlgorithmKind::digest, AlgorithmKind::cipher})
            for (const auto& a : kAlgorithms)
                if (a.kind == kind)
                    each_word(a.stems, [&](std::string_view w) { out.push_back({w, kind}); });
        return out;
    }();
    return stems;
}

std::string_view hmac_digest(std::string_view id) {
    size_t n = kHmacFamily.size();
    bool hmac = id.size() > n + 1 && id.starts_with(kHmacFamily) && id[n] == '-';
    return hmac ? id.substr(n + 1) : std::string_view();
}

std::vector<std::string_view> word_list(std::string_view list) {
    std::vector<std::string_view> out;
    each_word(list, [&](std::string_view w) { out.push_back(w); });
    return out;
}

bool in_word_list(std::string_view list, std::string_view word) {
    bool found = false;
    each_word(list, [&](std::string_view w) { found = found || w == word; });
    return found;
}

std::string_view curve_family(std::string_view id) {
    static const auto families = families_with(kCurveKeys);
    for (std::string_view family : families)
        if (id.size() > family.size() + 1 && id.substr(0, family.size()) == family &&
            id[family.size()] == '-')
            return family;
    return {};
}

const Curve* curve_of(std::string_view id) {
    auto family = curve_family(id);
    return family.empty() ? nullptr : curve_by_suffix(id.substr(family.size() + 1));
}

bool is_eddsa(std::string_view id) {
    const AlgorithmInfo* a = algorithm_info(id);
    return a && a->family == kEddsaFamily && a->bits > 0;  // not the family's own row
}

}  // namespace speedlab
