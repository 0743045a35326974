#pragma once
// Text from anywhere made safe to store and to print.
#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace speedlab {

// Hash of text for unordered containers of strings looked up by string_view
// (with std::equal_to<>): finding a text makes no string of it.
struct TextHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const noexcept {
        return std::hash<std::string_view>{}(s);
    }
};

// The text with every byte sequence that is not UTF-8 replaced by U+FFFD.
std::string valid_utf8(std::string_view text);

// For a terminal: control characters (C0 but tab and newline, DEL, C1) and
// bidi controls become '?', so imported text cannot move the cursor, change
// colours or reorder what is shown around it.
std::string terminal_safe(std::string_view text);

// Whether `text` holds `word` (given in lower case) in any ASCII case,
// without copying the text: "OpenSSL Speed" mentions "openssl speed".
bool mentions(std::string_view text, std::string_view word);
// Where `text` mentions `word` first at or after `from`, else npos.
size_t find_mention(std::string_view text, std::string_view word, size_t from = 0);

// Text as a Windows or classic Mac program saved it, as UTF-8 with line feeds:
// UTF-16 with its byte order mark (PowerShell's "> file") transcoded, a UTF-8
// byte order mark dropped, lone carriage returns made line feeds. Empty when
// the text needs none of that; `text` is then read as it is.
std::optional<std::string> as_plain_text(std::string_view text);

// ASCII classes of a byte of any sign, as the C locale (the only one
// speedlab runs in) classes them, without <cctype>'s cast to unsigned char.
constexpr bool ascii_digit(char c) {
    return c >= '0' && c <= '9';
}
constexpr bool ascii_upper(char c) {
    return c >= 'A' && c <= 'Z';
}
constexpr bool ascii_alpha(char c) {
    return ascii_upper(c) || (c >= 'a' && c <= 'z');
}
constexpr bool ascii_alnum(char c) {
    return ascii_digit(c) || ascii_alpha(c);
}

// ASCII lower case, and the text without surrounding white space (space,
// tab, CR, LF): as a copy, or as a view into `text`.
std::string lower_ascii(std::string_view text);
std::string trimmed(std::string_view text);
std::string_view trimmed_view(std::string_view text);

// A set of bytes to scan text for in one pass: string_view's find_first_of
// searches the whole set again at every character.
class ByteSet {
  public:
    constexpr explicit ByteSet(std::string_view bytes) {
        for (char c : bytes)
            bits_[static_cast<uint8_t>(c) >> 6] |= uint64_t{1} << (static_cast<uint8_t>(c) & 63);
    }
    constexpr bool has(char c) const {
        auto u = static_cast<uint8_t>(c);
        return (bits_[u >> 6] >> (u & 63)) & 1;
    }
    // The first position of a byte in the set (find) or not in it (find_not), else npos.
    constexpr size_t find(std::string_view s) const {
        for (size_t i = 0; i < s.size(); ++i)
            if (has(s[i])) return i;
        return std::string_view::npos;
    }
    constexpr size_t find_not(std::string_view s) const {
        for (size_t i = 0; i < s.size(); ++i)
            if (!has(s[i])) return i;
        return std::string_view::npos;
    }
    constexpr bool any_in(std::string_view s) const { return find(s) != std::string_view::npos; }

  private:
    uint64_t bits_[4] = {};
};

// Up to 64 fixed strings looked for in one pass over a text: only positions
// whose two bytes start a needle are compared, instead of one search per needle.
// Needles are at least two bytes long.
class Needles {
  public:
    Needles(std::initializer_list<std::string_view> needles);
    // Bit k is set when needle k (in the order given) occurs in `text`.
    uint64_t found(std::string_view text) const;

  private:
    bool starts_pair(uint8_t a, uint8_t b) const {
        unsigned pair = unsigned{a} << 8 | b;
        return (pairs_[pair >> 6] >> (pair & 63)) & 1;
    }
    std::vector<std::string_view> needles_;
    std::array<uint64_t, 1024> pairs_{};    // the first two bytes of each needle, one bit a pair
    std::array<uint64_t, 256> by_first_{};  // needles that start with each byte
};

}  // namespace speedlab
