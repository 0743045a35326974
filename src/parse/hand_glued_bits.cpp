// "ecdsa256", "ecdh384": a curve family people glue to its key bits as
// openssl glues rsa's ("rsa2048"). openssl names no such id: the header reads
// it as the family with the bits beside it ("ecdsa 256"), which a table's
// reading turns into the curve of that size (key_id in hand_table.cpp).
#include <cctype>
#include <charconv>

#include "core/algorithm.h"
#include "core/text.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

bool glued_key_bits(std::string_view word, std::string& family, int64_t& bits) {
    // Ends in a digit and starts with a letter: most words end here.
    if (word.size() < 5 || !std::isdigit(static_cast<unsigned char>(word.back())) ||
        !std::isalpha(static_cast<unsigned char>(word.front())))
        return false;
    std::string w = lower_ascii(word);
    size_t digits = w.find_first_of("0123456789");
    std::string f = w.substr(0, digits);
    if (!named_with_key_bits(f) || joins_key_bits(f)) return false;
    int64_t b = 0;
    auto [p, ec] = std::from_chars(w.data() + digits, w.data() + w.size(), b);
    if (ec != std::errc{} || p != w.data() + w.size() || b < 128 || b > 1024) return false;
    family = std::move(f);
    bits = b;
    return true;
}

}  // namespace speedlab::parse
