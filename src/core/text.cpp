#include "core/text.h"

#include <iconv.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>

namespace speedlab {

namespace {
// Length of the UTF-8 sequence at text[i], 0 when it is not one (RFC 3629:
// no overlongs, no surrogates, nothing above U+10FFFF).
size_t sequence_length(std::string_view text, size_t i) {
    auto byte = [&](size_t k) { return static_cast<uint8_t>(text[k]); };
    uint8_t b = byte(i);
    if (b < 0x80) return 1;
    size_t n = b >= 0xC2 && b <= 0xDF   ? 2
               : b >= 0xE0 && b <= 0xEF ? 3
               : b >= 0xF0 && b <= 0xF4 ? 4
                                        : 0;
    if (n == 0 || i + n > text.size()) return 0;
    for (size_t k = 1; k < n; ++k)
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
    uint8_t b1 = byte(i + 1);
    if ((b == 0xE0 && b1 < 0xA0) || (b == 0xED && b1 > 0x9F) || (b == 0xF0 && b1 < 0x90) ||
        (b == 0xF4 && b1 > 0x8F))
        return 0;
    return n;
}
}  // namespace

std::string valid_utf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        size_t n = sequence_length(text, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
        } else {
            out.append(text.substr(i, n));
            i += n;
        }
    }
    return out;
}

namespace {
// The length of a bidi control at text[i] (U+061C, U+200E/F, U+202A..E,
// U+2066..9: they reorder what a terminal shows around them), else 0.
size_t bidi_control_length(std::string_view text, size_t i) {
    auto at = [&](size_t k) { return k < text.size() ? static_cast<uint8_t>(text[k]) : 0; };
    if (at(i) == 0xD8 && at(i + 1) == 0x9C) return 2;
    if (at(i) != 0xE2) return 0;
    uint8_t b1 = at(i + 1), b2 = at(i + 2);
    bool bidi = (b1 == 0x80 && (b2 == 0x8E || b2 == 0x8F || (b2 >= 0xAA && b2 <= 0xAE))) ||
                (b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9);
    return bidi ? 3 : 0;
}
}  // namespace

std::string terminal_safe(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        auto b = static_cast<uint8_t>(text[i]);
        bool c1 = b == 0xC2 && i + 1 < text.size() && static_cast<uint8_t>(text[i + 1]) >= 0x80 &&
                  static_cast<uint8_t>(text[i + 1]) <= 0x9F;
        size_t bidi = bidi_control_length(text, i);
        if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7F) {
            out += '?';
        } else if (c1) {
            out += '?';
            ++i;
        } else if (bidi) {
            out += '?';
            i += bidi - 1;
        } else {
            out += text[i];
        }
    }
    return out;
}

namespace {
// How common a byte is in the text import reads, higher is rarer: letters by
// their frequency in the seeds and the corpus (every throughput figure ends in
// "k"), space and digits the most common of all.
constexpr std::array<int8_t, 256> kRarity = [] {
    std::array<int8_t, 256> r{};
    r.fill(26);  // punctuation and the rest: rare
    constexpr std::string_view common_first = "esitoanrdclpmhubfkgyvxwzqj";
    for (size_t k = 0; k < common_first.size(); ++k)
        r[static_cast<uint8_t>(common_first[k])] = static_cast<int8_t>(k);
    r[' '] = -1;
    for (char d = '0'; d <= '9'; ++d) r[static_cast<uint8_t>(d)] = -1;
    return r;
}();
int rarity(char c) {
    return kRarity[static_cast<uint8_t>(c)];
}
}  // namespace

bool mentions(std::string_view text, std::string_view word) {
    return find_mention(text, word) != std::string_view::npos;
}

size_t find_mention(std::string_view whole, std::string_view word, size_t from) {
    if (from > whole.size()) return std::string_view::npos;
    std::string_view text = whole.substr(from);
    if (word.empty()) return from;
    if (word.size() > text.size()) return std::string_view::npos;
    auto ascii_lower = [](char c) {
        return c >= 'A' && c <= 'Z' ? static_cast<char>(c | 0x20) : c;
    };
    // Candidates by memchr for either case of the word's rarest byte ("p" of
    // "openssl speed"), each case searched once: few false starts in prose.
    size_t anchor = 0;
    for (size_t k = 1; k < word.size(); ++k)
        if (rarity(word[k]) > rarity(word[anchor])) anchor = k;
    char lo = word[anchor], up = lo >= 'a' && lo <= 'z' ? static_cast<char>(lo - 32) : lo;
    std::string_view hay = text.substr(anchor, text.size() - word.size() + 1);
    size_t next_lo = hay.find(lo), next_up = up == lo ? std::string_view::npos : hay.find(up);
    for (;;) {
        size_t p = std::min(next_lo, next_up);
        if (p == std::string_view::npos) return p;
        size_t k = 0;  // the word starts at p in text (p + anchor in hay's terms)
        while (k < word.size() && ascii_lower(text[p + k]) == word[k]) ++k;
        if (k == word.size()) return from + p;
        if (p == next_lo)
            next_lo = hay.find(lo, p + 1);
        else
            next_up = hay.find(up, p + 1);
    }
}

namespace {
// UTF-16 (its byte order mark first) as UTF-8; a unit that is not UTF-16
// (a lone surrogate, an odd last byte) becomes U+FFFD.
std::string utf16_to_utf8(std::string_view text) {
    iconv_t cd = iconv_open("UTF-8", "UTF-16");  // reads the byte order mark
    if (cd == reinterpret_cast<iconv_t>(-1)) return valid_utf8(text);
    std::string out(text.size() * 2 + 16, '\0');
    char* in = const_cast<char*>(text.data());
    size_t in_left = text.size(), out_left = out.size();
    char* dst = out.data();
    while (in_left > 0) {
        if (iconv(cd, &in, &in_left, &dst, &out_left) != static_cast<size_t>(-1)) break;
        if (errno == E2BIG) {  // cannot happen at two bytes out per byte in, but never overflow
            size_t used = static_cast<size_t>(dst - out.data());
            out.resize(out.size() * 2);
            dst = out.data() + used;
            out_left = out.size() - used;
            continue;
        }
        size_t skip = std::min<size_t>(in_left, 2);  // EILSEQ or EINVAL: one unit replaced
        in += skip;
        in_left -= skip;
        if (out_left < 3) break;
        std::memcpy(dst, "\xEF\xBF\xBD", 3);
        dst += 3;
        out_left -= 3;
    }
    iconv_close(cd);
    out.resize(static_cast<size_t>(dst - out.data()));
    return out;
}
}  // namespace

std::optional<std::string> as_plain_text(std::string_view text) {
    std::string out;
    if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF")) {
        out = utf16_to_utf8(text);
    } else if (text.starts_with("\xEF\xBB\xBF")) {
        out = std::string(text.substr(3));
    } else if (text.find('\n') == std::string_view::npos &&
               text.find('\r') != std::string_view::npos) {
        out = std::string(text);
    } else {
        return std::nullopt;
    }
    if (out.find('\n') == std::string::npos) std::replace(out.begin(), out.end(), '\r', '\n');
    return out;
}

std::string lower_ascii(std::string_view text) {
    std::string out(text);
    // Eight bytes at a time (the tables call this per cell and line): a byte's
    // high bit marks it as A-Z, moved to 0x20. Bytes of 0x80 and up stay.
    constexpr uint64_t kOnes = 0x0101010101010101, kHigh = kOnes * 0x80;
    char* p = out.data();
    size_t i = 0;
    for (; i + 8 <= out.size(); i += 8) {
        uint64_t x;
        std::memcpy(&x, p + i, 8);
        uint64_t low7 = x & ~kHigh;
        uint64_t from_a = low7 + kOnes * (0x80 - 'A'), past_z = low7 + kOnes * (0x80 - 'Z' - 1);
        x |= (from_a & ~past_z & ~x & kHigh) >> 2;
        std::memcpy(p + i, &x, 8);
    }
    for (; i < out.size(); ++i)
        if (p[i] >= 'A' && p[i] <= 'Z') p[i] = static_cast<char>(p[i] | 0x20);
    return out;
}

std::string_view trimmed_view(std::string_view s) {
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

std::string trimmed(std::string_view s) {
    return std::string(trimmed_view(s));
}

Needles::Needles(std::initializer_list<std::string_view> needles) : needles_(needles) {
    for (size_t k = 0; k < needles_.size() && k < 64; ++k) {
        if (needles_[k].size() < 2) continue;
        auto a = static_cast<uint8_t>(needles_[k][0]), b = static_cast<uint8_t>(needles_[k][1]);
        unsigned pair = unsigned{a} << 8 | b;
        pairs_[pair >> 6] |= uint64_t{1} << (pair & 63);
        by_first_[a] |= uint64_t{1} << k;
    }
}

uint64_t Needles::found(std::string_view text) const {
    uint64_t out = 0;
    for (size_t i = 0; i + 1 < text.size(); ++i) {
        auto a = static_cast<uint8_t>(text[i]);
        // Most bytes start no needle: one load says so before the pair's bit.
        if (!by_first_[a] || !starts_pair(a, static_cast<uint8_t>(text[i + 1]))) continue;
        std::string_view rest = text.substr(i);
        for (uint64_t m = by_first_[a] & ~out; m; m &= m - 1) {
            auto k = static_cast<size_t>(__builtin_ctzll(m));
            if (rest.starts_with(needles_[k])) out |= uint64_t{1} << k;
        }
    }
    return out;
}

}  // namespace speedlab
