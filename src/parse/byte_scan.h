#pragma once
// Eight bytes at a time where every parse stage walks a line byte by byte
// (white space around words and cells, a table's padding): the same answers
// as the byte loops, at a fraction of the instructions per byte.
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "parse/cells.h"

namespace speedlab::parse {

namespace byte_scan {
constexpr uint64_t kOnes = 0x0101010101010101ULL;
constexpr uint64_t kHighs = 0x8080808080808080ULL;
constexpr bool kLittle = std::endian::native == std::endian::little;

inline uint64_t load8(const char* p) {
    uint64_t x;
    std::memcpy(&x, p, 8);
    return x;
}
// High bit of each byte below `n` (n <= 128); the lowest one is exact, the
// ones above it may be false: a caller tests the byte it points at.
constexpr uint64_t below(uint64_t x, uint8_t n) {
    return (x - kOnes * n) & ~x & kHighs;
}
// High bit of each zero byte; the lowest exact, as in `below`.
constexpr uint64_t zero_bytes(uint64_t x) {
    return below(x, 1);
}
inline size_t first_flagged(uint64_t mask) {
    return static_cast<size_t>(std::countr_zero(mask)) / 8;
}
}  // namespace byte_scan

// The first byte at or after `i` that is not white space (s.size() if none).
inline size_t skip_spaces(std::string_view s, size_t i) {
    using namespace byte_scan;
    if constexpr (kLittle) {
        while (i + 8 <= s.size()) {
            uint64_t diff = load8(s.data() + i) ^ (kOnes * ' ');
            if (diff == 0) {
                i += 8;
                continue;
            }
            i += static_cast<size_t>(std::countr_zero(diff)) / 8;  // the first byte not ' '
            if (!space(s[i])) return i;
            ++i;  // a tab or another white space byte
        }
    }
    while (i < s.size() && space(s[i])) ++i;
    return i;
}

// The first white space byte at or after `i` (s.size() if none).
inline size_t word_end(std::string_view s, size_t i) {
    using namespace byte_scan;
    if constexpr (kLittle) {
        while (i + 8 <= s.size()) {
            // White space is ' ' or 9..13: every byte of it is below '!'.
            uint64_t low = below(load8(s.data() + i), '!');
            if (low == 0) {
                i += 8;
                continue;
            }
            i += first_flagged(low);
            if (space(s[i])) return i;
            ++i;  // a control byte, no white space
        }
    }
    while (i < s.size() && !space(s[i])) ++i;
    return i;
}

}  // namespace speedlab::parse
