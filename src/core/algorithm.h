#pragma once
// Canonical algorithm ids and the names every openssl speed era printed for them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace speedlab {

// `bogomips` is a family of its own: a kernel's delay-loop figure (unit
// "BogoMips"), never mixed into the throughput or public-key means.
enum class AlgorithmKind { digest, cipher, public_key, bogomips };
std::string_view to_string(AlgorithmKind kind);

// The id of a BogoMips figure: operation `score`, unit "BogoMips".
inline constexpr std::string_view kBogomipsId = "bogomips";

// Maps a row or EVP name of any openssl speed version ("des cbc", "blowfish",
// "rc5-32/12 cbc", "hmac(md5)", "AES-128-CBC", "SHA2-256") to its canonical
// id ("des-cbc", "bf-cbc", "rc5-cbc", "hmac-md5", "aes-128-cbc", "sha256").
std::string canonical_symmetric_id(std::string_view printed_name);

// Canonical id of an elliptic-curve row: ("ecdsa", "nistp256") -> "ecdsa-p256".
std::string canonical_curve_id(std::string_view family, std::string_view curve);

AlgorithmKind kind_of(std::string_view canonical_id);

// Whether a canonical id names a real algorithm family (known ids, and EVP
// names such as "aes-128-ctr" or "camellia-256-cbc"), not a word of prose.
bool looks_like_algorithm(std::string_view canonical_id);

// Position of an algorithm in the classic print order (md2, mdc2, md4, md5,
// hmac, sha1, ... rsa, dsa, ecdsa ...); unknown ids sort after known ones.
int print_rank(std::string_view canonical_id);

// The name `openssl speed` 3.0 prints for a canonical id ("bf-cbc" -> "blowfish").
std::string openssl3_row_name(std::string_view canonical_id);

// The row's index in OpenSSL 3.0's names array (the number of `-mr` "+F:"
// records); 25, the EVP slot, for anything else.
int openssl3_index(std::string_view canonical_id);

// "rsa2048" -> "rsa", "dsa1024" -> "dsa": the family of an id that joins its
// family and key bits in one word; empty for any other id.
std::string_view key_size_family(std::string_view id);
// Whether a family's ids join family and key bits: "rsa", "dsa".
bool joins_key_bits(std::string_view family);
// ("rsa", 2048) -> "rsa2048"; empty for a family whose ids do not join the two.
std::string key_size_id(std::string_view family, int64_t bits);
// How reports group public-key rows: "rsa", "ecdsa", "eddsa"; other ids up to their first hyphen.
std::string report_family(std::string_view id);
// Public-key families people name with key bits beside them: "rsa 2048", "ecdsa 256bit".
bool named_with_key_bits(std::string_view family);

// The registry's canonical ids in the classic print order (for completion and help).
std::vector<std::string_view> ordered_ids();

}  // namespace speedlab
