// The cells of a table a person typed (for hand_table): headers naming an
// algorithm with a size or an operation (`1 KB` as 1024), a rate's unit in a
// header or a cell (rate_unit), figures grouped in thousands with or without
// `k`, and empty cells (`n/a`, `---`) that keep their column's place.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

#include "core/algorithm.h"
#include "core/algorithm_families.h"
#include "core/algorithm_registry.h"
#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"
#include "parse/hand_table.h"

namespace speedlab::parse {

namespace {

constexpr ByteSet kMarkup("<'*`[");
constexpr ByteSet kSeparators(",' \xE2\xC2");
constexpr ByteSet kMarkupOrSeparators("<'*`[, \xE2\xC2");
constexpr ByteSet kDecimal("0123456789.");

// "[RK3308](http://ix.io/1XKY)": a Markdown link's end (the index of its
// ')') when one starts at s[i]; 0 when none. Its text names the cell.
size_t link_end(std::string_view s, size_t i) {
    if (s[i] != '[') return 0;
    size_t close = s.find("](", i);
    if (close == std::string_view::npos || close == i + 1) return 0;
    size_t end = s.find(')', close + 2);
    return end == std::string_view::npos || s.find(' ', close) < end ? 0 : end;
}

// Wiki and HTML markup around a cell: '''bold''', **bold**, <style=...>, `code`,
// a Markdown link (its text). Most cells have none: those are trimmed
// without a copy per character.
std::string strip_markup(std::string_view s) {
    if (!kMarkup.any_in(s)) return std::string(trimmed_view(s));
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        if (size_t end = link_end(s, i)) {
            out += strip_markup(s.substr(i + 1, s.find("](", i) - i - 1));
            i = end;
            continue;
        }
        if (s[i] == '<') {
            auto close = s.find('>', i);
            if (close != std::string_view::npos) {
                i = close;
                continue;
            }
        }
        if (s[i] == '\'' && i + 2 < s.size() && s[i + 1] == '\'' && s[i + 2] == '\'') {
            i += 2;
            continue;
        }
        if (s[i] == '*' || s[i] == '`') continue;
        out += s[i];
    }
    return std::string(trimmed_view(out));
}

// Whether the digits `out` ends in are a number's, not a word's tail: "md5"
// and "aes-128" in "md5 256 bytes", "aes-128 256 bytes" group no thousands.
bool ends_in_number(std::string_view out) {
    size_t s = out.size();
    // A long run of digits is a number's whatever precedes it (and is not read again).
    while (s > 0 && s + 64 > out.size() && std::isdigit(static_cast<unsigned char>(out[s - 1])))
        --s;
    if (s == out.size()) return false;
    if (s == 0 || s + 64 <= out.size()) return true;
    auto c = static_cast<unsigned char>(out[s - 1]);
    bool joiner = c == '-' || c == '_' || c == '.';
    return !std::isalpha(c) &&
           !(joiner && s >= 2 && std::isalnum(static_cast<unsigned char>(out[s - 2])));
}

// Thousands separators a person typed: "12,391.77", "646’811.75", "8 192",
// "1 523.4" (a group of three digits after each).
std::string without_thousands(std::string_view s) {
    if (!kSeparators.any_in(s)) return std::string(s);
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        // ',' and "'" (English, Swiss), '’', and spaces: ' ', no-break (U+00A0)
        // and narrow no-break (U+202F), as French and Russian pages print them.
        size_t len = s.substr(i, 3) == "\xE2\x80\x99" || s.substr(i, 3) == "\xE2\x80\xAF" ? 3
                     : s.substr(i, 2) == "\xC2\xA0"                                       ? 2
                     : (s[i] == ',' || s[i] == '\'' || s[i] == ' ')                       ? 1
                                                                                          : 0;
        if (len && i + len + 2 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + len])) &&
            std::isdigit(static_cast<unsigned char>(s[i + len + 1])) &&
            std::isdigit(static_cast<unsigned char>(s[i + len + 2])) &&
            (i + len + 3 >= s.size() ||
             !std::isdigit(static_cast<unsigned char>(s[i + len + 3]))) &&
            ends_in_number(out)) {
            i += len - 1;
            continue;
        }
        out += s[i];
    }
    return out;
}

// "aes128ecb", "aes-128", "camellia-256-cbc": a block cipher, hyphens or not.
std::string block_cipher(std::string_view w) {
    for (const auto& a : algorithm_table()) {
        std::string_view f = a.family;
        if (!a.has(kBitsAndMode) || w.substr(0, f.size()) != f) continue;
        std::string_view rest = w.substr(f.size());
        if (!rest.empty() && rest.front() == '-') rest.remove_prefix(1);
        std::string_view bits = rest.substr(0, 3);
        if (bits != "128" && bits != "192" && bits != "256") return {};
        rest.remove_prefix(3);
        if (!rest.empty() && rest.front() == '-') rest.remove_prefix(1);
        if (rest.empty()) rest = kBlockCipherModes[0];
        for (auto m : kBlockCipherModes)
            if (rest == m) return std::string(f) + "-" + std::string(bits) + "-" + std::string(m);
        return {};
    }
    return {};
}

// Names people give algorithms in summary tables (the registry's kInTables
// rows), mapped to canonical ids; "rsa", "dsa", "ecdsa" and "ecdh" carry their
// key bits separately.
std::string algorithm_word(std::string_view word) {
    auto in_tables = [](const AlgorithmInfo* a) { return a && a->has(kInTables); };
    if (word.empty() || word.size() > 40) return {};
    // Every name below starts with one of these: most words of prose are spared.
    char first = static_cast<char>(std::tolower(static_cast<unsigned char>(word.front())));
    if (std::string_view("3abcdeghimprstw").find(first) == std::string_view::npos) return {};
    std::string w = lower_ascii(word);
    // Punctuation of the sentence around it: "(aes-128-cbc):", "md5," — but
    // the parentheses of "hmac(md5)" are the name's.
    bool paren = w.find('(') != std::string::npos;
    while (!w.empty() && std::string_view(":,;\"'])").find(w.back()) != std::string_view::npos &&
           !(paren && w.back() == ')'))
        w.pop_back();
    while (!w.empty() && std::string_view("(\"'[").find(w.front()) != std::string_view::npos)
        w.erase(0, 1);
    if (w.empty()) return {};
    if (const AlgorithmInfo* a = algorithm_named(w, true); in_tables(a)) return std::string(a->id);
    if (auto c = block_cipher(w); !c.empty()) return c;
    std::string id = canonical_symmetric_id(w);
    return in_tables(algorithm_info(id)) || block_cipher(id) == id ? id : std::string();
}

// "rsa2048", "dsa1024": the algorithm and its bits in one word.
bool key_word(std::string_view word, std::string& alg, int64_t& bits) {
    // Such a word ends in a digit: most words are spared the copy below.
    if (word.size() < 6 || !std::isdigit(static_cast<unsigned char>(word.back()))) return false;
    std::string w = lower_ascii(word);
    std::string_view family = key_size_family(w);
    if (w.size() < 6 || family.empty()) return false;
    int64_t b = 0;
    auto [p, ec] = std::from_chars(w.data() + family.size(), w.data() + w.size(), b);
    if (ec != std::errc{} || p != w.data() + w.size()) return false;
    alg = std::string(family);
    bits = b;
    return true;
}

std::vector<std::string> tokens(std::string_view s) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (std::isspace(static_cast<unsigned char>(c)) || c == '(' || c == ')' || c == '|') {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

std::optional<int64_t> leading_integer(std::string_view s) {
    int64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    // No block size or key has a trillion bytes or bits (and KiB stay in range).
    if (ec != std::errc{} || p == s.data() || v < 0 || v > kMaxSizeOrBits) return std::nullopt;
    std::string_view rest = s.substr(static_cast<size_t>(p - s.data()));
    // "1kb", "8KiB", "16k": block sizes in KiB, as people shorten openssl's;
    // "1MB", "1M" in MiB.
    if (rest == "kb" || rest == "kib" || rest == "k") return v * 1024;
    if (rest == "mb" || rest == "mib" || rest == "m") return v * 1024 * 1024;
    if (!rest.empty() && rest != "bytes" && rest != "byte" && rest != "b" && rest != "bits" &&
        rest != "bit")
        return std::nullopt;
    return v;
}

}  // namespace

std::string hand_algorithm_word(std::string_view word) {
    // Labels and the prose above tables repeat their words: each word is read
    // once (bounded, as read_header_cell's cache), not looked up by name again.
    thread_local std::unordered_map<std::string, std::string, TextHash, std::equal_to<>> seen;
    if (auto it = seen.find(word); it != seen.end()) return it->second;
    if (seen.size() >= 4096) seen.clear();
    std::string alg;
    int64_t bits = 0;
    if (key_word(word, alg, bits))
        alg += std::to_string(bits);
    else
        alg = algorithm_word(word);
    seen.emplace(word, alg);
    return alg;
}

bool names_block_size(std::string_view cell) {
    std::string t = lower_ascii(strip_markup(cell));
    if (t.find("byte") != std::string::npos) return true;
    auto ws = tokens(t);
    if (sized_in_other_words(ws)) return true;
    // "16B", "1KB", "8 KiB": a number and a byte unit, nothing else. Every
    // unit has a b, k or m: most cells (figures, names) end here.
    if (t.find_first_of("bkm") == std::string::npos) return false;
    std::string joined;
    for (const auto& w : ws)  // a word in another script ("8 KB 块") is the label's, not the unit's
        if (std::all_of(w.begin(), w.end(), [](char c) { return c >= 0; }) &&
            rate_unit(w) == 0)  // "16B [MB/s]": the figures' unit, not the size's
            joined += w;
    if (joined.empty() || !std::isdigit(static_cast<unsigned char>(joined[0]))) return false;
    size_t digits = joined.find_first_not_of("0123456789,");
    if (digits == std::string::npos) return false;
    std::string unit = joined.substr(digits);
    // "16K" of a header: a whole number of KiB (figures have decimals)
    return unit == "b" || unit == "kb" || unit == "kib" || unit == "k" || unit == "mb" ||
           unit == "mib" || unit == "m";
}

std::string hand_cell_text(std::string_view cell) {
    return strip_markup(cell);
}

bool cell_is_its_text(std::string_view cell) {
    return !kMarkup.any_in(cell) && trimmed_view(cell).size() == cell.size();
}

namespace {
// A rate's unit as one word, its case kept: "(KBytes/Sec)" -> "KBytes/s",
// "MiB/sec" -> "MiB/s"; empty when the word ends in no "/s".
std::string rate_word(std::string_view w) {
    while (!w.empty() && (w.front() == '(' || w.front() == '[' || w.front() == ','))
        w.remove_prefix(1);
    while (!w.empty() && (w.back() == ')' || w.back() == ']' || w.back() == ',' || w.back() == ':'))
        w.remove_suffix(1);
    auto slash = w.rfind('/');
    if (slash == std::string_view::npos || slash == 0 || w.size() > 16) return {};
    std::string per = lower_ascii(w.substr(slash + 1));
    if (per != "s" && per != "sec" && per != "second") return {};
    return std::string(w.substr(0, slash)) + "/s";
}

double rate_unit_bytes(std::string_view word) {
    // French pages count octets: "Mo/s", "Go/s".
    static constexpr std::pair<std::string_view, double> kUnits[] = {
        {"b/s", 1},        {"bytes/s", 1},     {"kb/s", 1e3},           {"kbytes/s", 1e3},
        {"mb/s", 1e6},     {"mbytes/s", 1e6},  {"gb/s", 1e9},           {"gbytes/s", 1e9},
        {"kib/s", 1024.0}, {"mib/s", 1048576}, {"gib/s", 1073741824.0}, {"o/s", 1},
        {"ko/s", 1e3},     {"mo/s", 1e6},      {"go/s", 1e9},           {"k/s", 1e3},
        {"kbyte/s", 1e3},  {"mbyte/s", 1e6},   {"gbyte/s", 1e9}};
    std::string w = lower_ascii(rate_word(word));
    if (w.empty() || w.size() > 8) return 0;
    for (const auto& [name, bytes] : kUnits)
        if (w == name) return bytes;
    return 0;
}
}  // namespace

// Bytes/s of a rate's unit; "Mb/s", "Gb/s", "kb/s" (a lower-case b) are bits.
double rate_unit(std::string_view word) {
    std::string w = rate_word(word);
    bool bits = w.size() >= 4 && w.ends_with("b/s");
    double bytes = rate_unit_bytes(word);
    return bits ? bytes / 8 : bytes;
}

namespace {
// "[MB/s]," -> "MB/s".
std::string_view unit_word(std::string_view w) {
    while (!w.empty() && (w.front() == '[' || w.front() == ',')) w.remove_prefix(1);
    while (!w.empty() && (w.back() == ']' || w.back() == ',')) w.remove_suffix(1);
    return w;
}

// What a header cell names, from its text alone (read_header_cell keeps it).
HeaderCell read_header_text(std::string_view text) {
    HeaderCell h;
    std::string t = lower_ascii(without_thousands(strip_markup(text)));
    for (std::string_view r : {"ratio", "speedup", "speed-up", "improvement", "relative", "%",
                               "diff", "faster", "gain", "delta", "\xCE\x94"})  // Δ
        if (t.find(r) != std::string::npos) h.ratio = true;
    bool sign = t.find("sign") != std::string::npos, verify = t.find("verif") != std::string::npos;
    if (sign != verify) h.operation = sign ? Operation::sign : Operation::verify;
    // "(MB/s)": bytes; "(Mb/s)": bits, told apart by case.
    for (const auto& w : tokens(strip_markup(text)))
        if (double unit = rate_unit(unit_word(w)); unit > 0) h.unit = unit;
    auto ws = tokens(t);
    for (size_t k = 0; k < ws.size(); ++k) {
        std::string alg;
        int64_t bits = 0;
        if (rate_unit_bytes(unit_word(ws[k])) > 0) continue;  // h.unit, read in its case
        if (h.algorithm.empty() &&
            (key_word(ws[k], alg, bits) || glued_key_bits(ws[k], alg, bits))) {
            h.algorithm = alg;
            h.size = bits;
            continue;
        }
        // Two words the page separated: "aes-128 cbc".
        if (h.algorithm.empty() && k + 1 < ws.size() &&
            !(alg = algorithm_word(ws[k] + "-" + ws[k + 1])).empty() &&
            algorithm_word(ws[k]).empty()) {
            h.algorithm = alg;
            ++k;
            continue;
        }
        if (h.algorithm.empty() && !(alg = algorithm_word(ws[k])).empty()) {
            h.algorithm = alg;
            continue;
        }
        if (h.size == 0)
            if (auto n = leading_integer(ws[k]); n && *n > 0) {
                // "1 KB", "8 KiB", "16 MB": the unit a word of its own
                bool bare = ws[k].find_first_not_of("0123456789") == std::string::npos;
                std::string unit = bare && k + 1 < ws.size() ? ws[k + 1] : "";
                int64_t scale = unit == "kb" || unit == "kib"   ? 1024
                                : unit == "mb" || unit == "mib" ? 1024 * 1024
                                                                : 1;
                h.size = *n * scale;
                k += scale > 1;
            }
    }
    return h;
}
}  // namespace

HeaderCell read_header_cell(std::string_view text) {
    // Tables repeat their headers, and rows their first cells: each text is
    // read once (the cache is bounded: a text may hold any number of labels).
    thread_local std::unordered_map<std::string, HeaderCell, TextHash, std::equal_to<>> seen;
    if (auto it = seen.find(text); it != seen.end()) return it->second;
    if (seen.size() >= 4096) seen.clear();
    HeaderCell h = read_header_text(text);
    seen.emplace(text, h);
    return h;
}

namespace {
// "523 MB/s" -> "523" and 1e6; the cell unchanged and 0 without such a unit.
double cut_rate_unit(std::string_view& t) {
    auto space = t.find_last_of(" 0123456789.");
    if (space == std::string_view::npos || space + 1 >= t.size()) return 0;
    double unit = rate_unit(t.substr(space + 1));
    if (unit > 0) t = trimmed_view(t.substr(0, space + 1));
    return unit;
}

// The figure of a cell that is digits and one point, maybe with k, a rate's
// unit or %.
std::optional<HandNumber> plain_number(std::string_view t) {
    HandNumber n;
    double unit = 0;
    cut_approximate(t);
    if (!t.empty() && t.back() == '%') {
        n.percent = true;
        t.remove_suffix(1);
    } else if (!t.empty() && (t.back() == 'k' || t.back() == 'K')) {
        t.remove_suffix(1);
        if (!t.empty() && t.back() == ' ') t.remove_suffix(1);  // "4681.10 k"
        n.own_unit = true;
    } else if ((unit = cut_rate_unit(t)) > 0) {
        n.own_unit = true;
    }
    // Digits and one point only: "1e308" and "0x10" are nobody's typed figure.
    if (t.empty() || !std::isdigit(static_cast<unsigned char>(t.front())) ||
        kDecimal.find_not(t) != std::string_view::npos)
        return std::nullopt;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), n.value);
    if (ec != std::errc{} || p != t.data() + t.size() || !std::isfinite(n.value) || n.value <= 0)
        return std::nullopt;
    auto dot = t.find('.');
    size_t decimals = dot == std::string_view::npos ? 0 : t.size() - dot - 1;
    n.step = decimal_step(decimals);
    if (unit > 0) n.value *= unit / 1000, n.step *= unit / 1000;  // in 1000s of bytes/s
    return n;
}
}  // namespace

namespace {
// "23874.22 (min 22797.65, max 24305.66)", "1.52 (±0.03)": a figure with its
// spread in brackets after it; where the bracket opens, or none.
std::optional<size_t> spread_after(std::string_view cell) {
    auto open = cell.find('(');
    if (open == std::string_view::npos || open == 0 || cell.back() != ')') return std::nullopt;
    std::string inside = lower_ascii(cell.substr(open + 1));
    for (std::string_view w : {"min", "max", "\xC2\xB1", "+/-", "sd", "stdev", "cv"})
        if (inside.find(w) != std::string::npos) return open;
    return std::nullopt;
}

// What read_hand_number reads, from the cell's text alone.
std::optional<HandNumber> read_number_text(std::string_view cell) {
    std::string_view plain = trimmed_view(cell);
    if (cut_approximate(plain)) return read_number_text(plain);
    // Most cells are plain figures or words: those need no copy to be read.
    if (!kMarkup.any_in(plain) &&
        (plain.empty() || !std::isdigit(static_cast<unsigned char>(plain.front()))))
        return std::nullopt;
    if (!kMarkupOrSeparators.any_in(plain)) return plain_number(plain);
    if (auto spread = spread_after(plain)) return read_number_text(plain.substr(0, *spread));
    std::string bare = strip_markup(cell);
    if (auto n = plain_number(without_thousands(bare))) return n;
    // "123.456,78k": a decimal comma, points grouping the thousands.
    std::string_view t = trimmed_view(bare);
    bool k = !t.empty() && (t.back() == 'k' || t.back() == 'K');
    std::string plain_form = ungrouped(k ? t.substr(0, t.size() - 1) : t);
    if (plain_form.empty()) return std::nullopt;
    return plain_number(k ? plain_form + "k" : plain_form);
}

}  // namespace

std::optional<HandNumber> read_hand_number(std::string_view cell) {
    // The rules of a table read its cells again and again (percent, label,
    // figure): each text is read once (bounded, as read_header_cell's cache).
    thread_local std::unordered_map<std::string, std::optional<HandNumber>, TextHash,
                                    std::equal_to<>>
        seen;
    if (auto it = seen.find(cell); it != seen.end()) return it->second;
    if (seen.size() >= 4096) seen.clear();
    auto n = read_number_text(cell);
    seen.emplace(cell, n);
    return n;
}

}  // namespace speedlab::parse
