// hand_size_words.cpp: "bytes" as the languages of typed tables write it
// (issue 34): 字节, байт, بايت, בתים, octets. A header cell "16 字节" names a
// block size as "16 bytes" does; the word alone, after its number, says so.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {
// Each spelled as a table's header writes it, the plural where it differs.
constexpr std::array<std::string_view, 11> kByteWords = {
    "\xE5\xAD\x97\xE8\x8A\x82",              // 字节 (Chinese, simplified)
    "\xE4\xBD\x8D\xE5\x85\x83\xE7\xB5\x84",  // 位元組 (Chinese, traditional)
    "\xE3\x83\x90\xE3\x82\xA4\xE3\x83\x88",  // バイト (Japanese)
    "\xEB\xB0\x94\xEC\x9D\xB4\xED\x8A\xB8",  // 바이트 (Korean)
    "\xD0\xB1\xD0\xB0\xD0\xB9\xD1\x82",      // байт (Russian; байта, байтов)
    "\xD0\x91\xD0\xB0\xD0\xB9\xD1\x82",      // Байт
    "\xD8\xA8\xD8\xA7\xD9\x8A\xD8\xAA",      // بايت (Arabic)
    "\xD8\xA8\xD8\xA7\xDB\x8C\xD8\xAA",      // بایت (Persian)
    "\xD7\x91\xD7\xAA\xD7\x99\xD7\x9D",      // בתים (Hebrew)
    "\xD7\x91\xD7\x99\xD7\x99\xD7\x98",      // בייט
    "octet",                                 // octets (French; the cell is lower case)
};
}  // namespace

bool sized_in_other_words(const std::vector<std::string>& words) {
    for (size_t k = 1; k < words.size(); ++k) {
        const std::string& n = words[k - 1];
        if (n.empty() || n.find_first_not_of("0123456789") != std::string::npos) continue;
        for (std::string_view w : kByteWords)
            if (std::string_view(words[k]).starts_with(w)) return true;
    }
    return false;
}

}  // namespace speedlab::parse
