#pragma once
// Which kinds of byte a line holds, found in one pass over it: unwrap asks
// before it searches a line for markup or escapes, classify before it looks
// for a command, a record or a figure, the machine reader before its needles.
// Most lines hold none of what each stage searches for, and a search per
// stage (memchr, a byte loop) cost more than this one pass.
#include <array>
#include <cstdint>
#include <string_view>

namespace speedlab::parse {

class LineFacts {
  public:
    LineFacts() = default;
    explicit LineFacts(std::string_view line) : bits_(classes_of(line)) {}

    // What a line holds if it holds `word`: its bytes' classes, for may_hold.
    static constexpr uint64_t needs(std::string_view word) { return classes_of(word); }
    // The same in any ASCII case, for may_mention (core/text's mentions()).
    static constexpr uint64_t needs_any_case(std::string_view word) {
        return folded(classes_of(word));
    }
    // False: the line holds no word of those classes (true may be wrong: a
    // test that has to be sure searches after it).
    constexpr bool may_hold(uint64_t need) const { return (bits_ & need) == need; }
    constexpr bool may_mention(uint64_t need) const { return (folded(bits_) & need) == need; }
    constexpr bool may_hold(char c) const { return bits_ & kClass[static_cast<unsigned char>(c)]; }
    constexpr bool digit() const { return bits_ & kDigit; }

  private:
    // Bits 0-25: 'a'-'z'; 26-51: 'A'-'Z'; then digits, a few marks the stages
    // search for, bytes of UTF-8 sequences, and one bit for every other byte.
    static constexpr uint64_t kDigit = uint64_t{1} << 52;
    static constexpr uint64_t kLetters = (uint64_t{1} << 26) - 1;
    static constexpr std::array<uint64_t, 256> kClass = [] {
        std::array<uint64_t, 256> c{};
        for (auto& bit : c) bit = uint64_t{1} << 63;
        for (int k = 0; k < 26; ++k) {
            c['a' + k] = uint64_t{1} << k;
            c['A' + k] = uint64_t{1} << (26 + k);
        }
        for (int k = '0'; k <= '9'; ++k) c[k] = kDigit;
        int next = 53;
        for (unsigned char m : {':', '|', '+', '<', '&', '\x1b', '^', ' ', '.'})
            c[m] = uint64_t{1} << next++;
        for (int k = 0x80; k < 0x100; ++k) c[k] = uint64_t{1} << next;
        return c;
    }();
    static constexpr uint64_t folded(uint64_t bits) {
        return (bits & ~(kLetters << 26)) | ((bits >> 26) & kLetters);
    }
    // Four bytes a step into two masks: one load and one OR a byte.
    static constexpr uint64_t classes_of(std::string_view s) {
        uint64_t a = 0, b = 0;
        size_t i = 0;
        auto at = [&](size_t k) { return kClass[static_cast<unsigned char>(s[k])]; };
        for (; i + 4 <= s.size(); i += 4) {
            a |= at(i) | at(i + 1);
            b |= at(i + 2) | at(i + 3);
        }
        for (; i < s.size(); ++i) a |= at(i);
        return a | b;
    }

    uint64_t bits_ = 0;
};

// What classify and the machine reader ask of a line before they search it.
// Unwrap answers from the facts of each input line and keeps the answers in
// six bits of each clean line it makes of it (clean_line.h), so the bytes
// are read once; a line it rewrote answers "maybe" to all.
enum LineHint : uint8_t {
    kMayHoldFigure = 1,    // a digit, "inf" or "nan"
    kMayHoldDigit = 2,     // a typed header's sizes
    kMayHoldPlus = 4,      // a -mr record
    kMayNameCommand = 8,   // "openssl speed", in any case
    kMayHoldBits = 16,     // "bit": a public-key row
    kMayNameMachine = 32,  // a needle of the machine reader (system_text.h)
};
constexpr uint8_t kAllHints = 63;
uint8_t line_hints(LineFacts facts);

}  // namespace speedlab::parse
