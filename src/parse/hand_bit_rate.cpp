// A table's unit stated in bits per second ("### 单核吞吐（Mbps）", "(Mbit/s)"):
// a network engineer's unit, 125000 bytes/s per Mbps, never openssl's k.
#include <string>

#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// Bytes/s of one word naming bits per second ("Mbps", "Gbit/s", "kbits/s");
// 0 when it names none. "MBps" (a capital B) is bytes: not read here.
double bit_rate_word(std::string_view w) {
    if (w.size() < 4) return 0;
    char prefix = static_cast<char>(w[0] | 0x20);
    double scale = prefix == 'k' ? 1e3 : prefix == 'm' ? 1e6 : prefix == 'g' ? 1e9 : 0;
    std::string_view rest = w.substr(1);
    std::string low = lower_ascii(rest);
    bool bits =
        rest == "bps" || low == "bit/s" || low == "bits/s" || low == "bit/sec" || low == "bits/sec";
    return bits ? scale / 8 : 0;
}

bool word_byte(char c) {
    return ascii_alpha(c) || c == '/';
}

}  // namespace

double stated_bit_rate(std::string_view t) {
    double found = 0;
    for (size_t b = 0, e; b < t.size(); b = e + 1) {
        for (; b < t.size() && !word_byte(t[b]);) ++b;
        for (e = b; e < t.size() && word_byte(t[e]);) ++e;
        double unit = bit_rate_word(t.substr(b, e - b));
        if (unit <= 0) continue;
        size_t before = b;
        while (before > 0 && t[before - 1] == ' ') --before;
        if (before > 0 && ascii_digit(t[before - 1])) continue;  // "283 Mbps": a figure
        if (found > 0 && found != unit) return 0;
        found = unit;
    }
    return found;
}

bool names_unit_only(std::string_view title) {
    // Words split at spaces and brackets, the full-width ones of CJK text too.
    constexpr std::string_view kOpen = "\xEF\xBC\x88", kClose = "\xEF\xBC\x89";
    std::string plain(title);
    for (std::string_view bracket : {kOpen, kClose})
        for (size_t p; (p = plain.find(bracket)) != std::string::npos;)
            plain.replace(p, bracket.size(), " ");
    bool unit = false;
    for (const auto& w : words(plain)) {
        std::string_view word = w;
        while (!word.empty() && (word.front() == '(' || word.front() == '[')) word.remove_prefix(1);
        while (!word.empty() && (word.back() == ')' || word.back() == ']' || word.back() == ':'))
            word.remove_suffix(1);
        if (rate_unit(word) > 0 || bit_rate_word(word) > 0) {
            unit = true;
            continue;
        }
        for (char c : word)
            if (ascii_alnum(c)) return false;  // a name in Latin letters or a model number
    }
    return unit;
}

}  // namespace speedlab::parse
