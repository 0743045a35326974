// Texts about another program's benchmark: their tables hold that program's
// figures, though shaped like openssl's (an algorithm down, sizes across).
#include <array>
#include <string_view>

#include "core/text.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

bool names_other_benchmark(std::string_view text) {
    // Each a command or library that prints its own cipher and digest
    // benchmarks (the corpus's negatives hold their outputs). No fork of
    // openssl: a text naming one is about openssl (read_hand_tables).
    static constexpr std::array<std::string_view, 15> kOthers = {
        "go test",     "cargo bench", "bssl speed", "wolfcrypt",        "wolfssl",
        "mbedtls",     "mbed tls",    "cryptsetup", "hashcat",          "libsodium",
        "botan speed", "crypto++",    "cryptopp",   "nettle-benchmark", "gnutls-cli --benchmark"};
    for (std::string_view other : kOthers)
        if (mentions(text, other)) return true;
    return false;
}

}  // namespace speedlab::parse
