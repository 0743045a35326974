#pragma once
// The one registry of elliptic curves as `openssl speed` knows them: how each
// is printed, its key bits as rows print them, its libcrypto group and its
// index in the 1.1.1+/3.x `-mr` records (+F4 ECDSA, +F5 ECDH).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace speedlab {

struct Curve {
    std::string_view suffix;   // canonical id after "ecdsa-"/"ecdh-": "p256", "x25519"
    std::string_view printed;  // in table rows: "nistp256", "brainpoolP256r1", "X25519"
    std::string_view group;    // libcrypto's group name: "P-256"
    int bits = 0;              // as rows print them: 253 for X25519
    int mr_index = 0;          // +F4/+F5 record index since 1.1.1
    bool signs = true;         // false: key agreement only (X25519, X448)
};

std::span<const Curve> curves();
const Curve* curve_by_suffix(std::string_view suffix);
const Curve* curve_by_printed(std::string_view printed);  // case-insensitive
// The curve of a -mr record; an index of another version whose bits disagree
// falls back on the prime curve of that size. Wide types: a record's numbers
// are read as int64, and bits past an int are no curve's (not 256 wrapped).
const Curve* curve_by_mr_index(int64_t index, int64_t bits);
// FAMILY's ("ecdsa", "ecdh") key on the curve of a -mr record's INDEX and
// BITS, or with no index (-1) on openssl's first curve of that size: "ecdsa-p256".
// A size no curve has keeps the prime-curve spelling, so the id still says its bits.
std::string curve_key_id(std::string_view family, int64_t bits, int64_t index = -1);

// Key bits a row or progress line prints for a curve algorithm id:
// "ecdsa-p256" 256, "ecdh-x25519" and "ed25519" 253, "ed448" 456, "sm2" 256.
int curve_bits(std::string_view canonical_id);

// " 256 bits ecdsa (nistp256)": a row label in openssl's EC table style.
std::string curve_row_label(std::string_view canonical_id);

}  // namespace speedlab
