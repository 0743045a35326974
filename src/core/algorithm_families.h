#pragma once
// The words openssl prints for public-key families, as data the parse stages
// read: no stage spells an algorithm's name (issue 32, item 1).
#include <string>
#include <string_view>

#include "core/algorithm_registry.h"

namespace speedlab {

// SM2's id is its family's name: one key on one curve.
inline constexpr std::string_view kSm2Family = "sm2";
// The modes a kBitsAndMode cipher is written with ("aes128ecb"); none: CBC, the first.
inline constexpr std::string_view kBlockCipherModes[] = {"cbc", "ecb", "ctr", "gcm", "ofb",
                                                         "cfb", "ccm", "xts", "ocb"};

// The family a progress line names by one of its words (lower case:
// "ecdsa", "ed25519", "ffdh"), the table's first match; empty: none.
std::string_view key_family_in(std::string_view lower_text);
// Families whose rows print their curve after the bits ("256 bits ecdsa (nistp256)").
bool curve_row_family(std::string_view family);
// Families that only agree keys (ECDH, FFDH): their one operation is derive.
bool derives_only(std::string_view family);
// The id of a row of a 3.2+ KEM or signature table from its lower-case
// name: classic keys get a prefix there ("sig-rsa2048", "kem-ecp-256"),
// apart from the same keys' rows of the classic tables.
std::string table_row_id(bool signature_table, std::string name);
// Whether ID is a row of that KEM table as table_row_id names it: an ML-KEM
// key ("ml-kem-768") or a hybrid holding one ("x25519mlkem768"), a curve that
// only agrees keys ("x25519"), a classic key under the table's prefix
// ("kem-rsa2048"); false for a signature's or another key's id.
bool kem_table_id(std::string_view id);

}  // namespace speedlab
