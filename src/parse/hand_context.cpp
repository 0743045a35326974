// What the text around a typed table says that its cells leave out: the
// algorithms of its `openssl speed` commands, "1024 byte blocks", "2048 bit
// keys", "16k chunk", the machine a caption above it names, the group a row
// of one label names for the rows under it.
#include <algorithm>
#include <bit>
#include <cctype>
#include <unordered_set>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/algorithm.h"
#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"
#include "parse/table_heading.h"

namespace speedlab::parse {

namespace {

// The number written before `phrase` ("1024 byte blocks", "2048-bit keys"), 0: none.
int64_t number_before(const std::string& t, std::string_view phrase) {
    auto at = t.find(phrase);
    if (at == std::string::npos) return 0;
    size_t end = at;
    while (end > 0 && (t[end - 1] == ' ' || t[end - 1] == '-')) --end;
    size_t start = end;
    while (start > 0 && std::isdigit(static_cast<unsigned char>(t[start - 1]))) --start;
    if (start == end || end - start > 6) return 0;
    return std::stoll(t.substr(start, end - start));
}

// "16k chunk", "16 KiB chunk", "16384-byte chunk": the block size a text
// says the figures of a table are at; 0: none.
int64_t chunk_size(const std::string& t) {
    auto at = t.find(" chunk");
    if (at == std::string::npos) return 0;
    std::string before = t.substr(0, at);
    int64_t unit = 1;
    for (std::string_view u : {"kib", "kb", "k"})
        if (before.ends_with(u)) {
            before.resize(before.size() - u.size());
            unit = 1024;
            break;
        }
    if (unit == 1 && before.ends_with("byte")) before.resize(before.size() - 4);
    int64_t n = number_before(before + "#", "#");
    return n > 0 && n <= (1 << 20) ? n * unit : 0;
}

// Whether a line can hold "byte block", "bit key", "openssl speed" or "k
// chunk". The first two have a y, the third a p, the last a u: memchr spares
// most lines (rows of figures) the rest. Each has one space between a known
// pair of letters: one pass over the line's spaces spares most others four searches.
bool may_give_context(std::string_view t) {
    auto has = [&](char c) { return t.find(c) != std::string_view::npos; };
    if (!has('y') && !has('Y') && !has('p') && !has('P') && !has('u')) return false;
    auto low = [](char c) { return static_cast<char>(c | 0x20); };
    for (size_t p = 1; p + 1 < t.size(); ++p) {  // a plain loop: tables pad with many spaces
        if (t[p] != ' ') continue;
        char a = low(t[p - 1]), b = low(t[p + 1]);
        if ((a == 'e' && b == 'b') || (a == 't' && b == 'k') || (a == 'l' && b == 's') ||
            (b == 'c' && (a == 'k' || a == 'b' || a == 'e')))  // "16k chunk"
            return true;
    }
    return false;
}

// Where a phrase of read_context starts in `text`, in order. Each holds one
// space, before a b, k, s or c (its own letter): the text is passed sixteen
// bytes at a time for such a space, and only there is a phrase compared.
std::vector<size_t> phrase_starts(std::string_view text) {
    struct Phrase {
        std::string_view word;
        size_t space;  // the space's offset in it
        char after;    // the letter after the space
    };
    constexpr Phrase kPhrases[] = {
        {"byte block", 4, 'b'}, {"bit key", 3, 'k'}, {"openssl speed", 7, 's'}, {" chunk", 0, 'c'}};
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c | 0x20) : c; };
    std::vector<size_t> out;
    auto at_space = [&](size_t at) {  // text[at] is a space, text[at + 1] exists
        for (const Phrase& p : kPhrases) {
            if (lower(text[at + 1]) != p.after || at < p.space) continue;
            size_t start = at - p.space;
            if (start + p.word.size() > text.size()) return;
            size_t k = 0;
            while (k < p.word.size() && lower(text[start + k]) == p.word[k]) ++k;
            if (k == p.word.size()) out.push_back(start);
            return;  // one phrase per letter
        }
    };
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i space = _mm_set1_epi8(' '), case_bit = _mm_set1_epi8(0x20);
    const __m128i b = _mm_set1_epi8('b'), k = _mm_set1_epi8('k'), s = _mm_set1_epi8('s'),
                  c = _mm_set1_epi8('c');
    for (; i + 17 <= text.size(); i += 16) {
        auto x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i));
        auto y = _mm_or_si128(
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i + 1)), case_bit);
        auto letter = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(y, b), _mm_cmpeq_epi8(y, k)),
                                   _mm_or_si128(_mm_cmpeq_epi8(y, s), _mm_cmpeq_epi8(y, c)));
        auto mask = static_cast<unsigned>(
            _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(x, space), letter)));
        for (; mask; mask &= mask - 1) at_space(i + static_cast<size_t>(std::countr_zero(mask)));
    }
#endif
    for (; i + 1 < text.size(); ++i)
        if (text[i] == ' ') at_space(i);
    std::sort(out.begin(), out.end());  // a phrase's start may lie before an earlier space
    return out;
}

// The lines of `lines` that may give context: those where a phrase starts.
// Most lines are views of `text`, in its order: a cursor over the phrases'
// starts passes each once. A line unwrap rewrote is tested alone.
std::vector<size_t> context_lines(const std::vector<CleanLine>& lines, std::string_view text) {
    const std::vector<size_t> starts = phrase_starts(text);
    std::vector<size_t> out;
    size_t next = 0, last = 0;  // the first start not before the last line's
    auto base = reinterpret_cast<uintptr_t>(text.data());
    for (size_t k = 0; k < lines.size(); ++k) {
        std::string_view t = lines[k].text();
        auto at = reinterpret_cast<uintptr_t>(t.data());
        if (at < base || at + t.size() > base + text.size()) {
            if (may_give_context(t)) out.push_back(k);
            continue;
        }
        size_t begin = at - base, end = begin + t.size();
        if (begin < last)
            next = static_cast<size_t>(std::lower_bound(starts.begin(), starts.end(), begin) -
                                       starts.begin());
        while (next < starts.size() && starts[next] < begin) ++next;
        last = begin;
        if (next < starts.size() && starts[next] < end) out.push_back(k);
    }
    return out;
}

// "... from tilia:" or "... on tilia:" at the end of a line: the name, else
// empty. Read by hand: a std::regex here cost more than the table it names.
std::string caption_name(std::string_view t) {
    t = trim(t);
    if (t.empty() || t.back() != ':') return {};
    t = trim(t.substr(0, t.size() - 1));
    size_t start = t.size();
    auto name_char = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
    };
    while (start > 0 && name_char(t[start - 1])) --start;
    // The name starts with a letter: skip what \w allows before one.
    while (start < t.size() && !std::isalpha(static_cast<unsigned char>(t[start]))) ++start;
    if (start == t.size()) return {};
    std::string_view name = t.substr(start), before = t.substr(0, start);
    if (before.empty() || (before.back() != ' ' && before.back() != '\t')) return {};
    before = trim(before);
    auto ends_with_word = [&](std::string_view w) {
        return before.size() >= w.size() &&
               lower_ascii(before.substr(before.size() - w.size())) == w;
    };
    return ends_with_word("from") || ends_with_word("on") ? std::string(name) : std::string();
}

// A word's algorithm, else the first one its brackets hold: "(AES-256-GCM)"
// of a heading, "[aes-256-cbc](Sorted-Results.md)" of a link. The word is
// read whole first: "hmac(md5)" names one as it stands.
std::string word_algorithm(std::string_view w) {
    std::string alg = hand_algorithm_word(w);
    if (!alg.empty() || w.find_first_of("()[]") == std::string_view::npos) return alg;
    for (size_t i = 0, j; i < w.size(); i = j + 1) {
        j = std::min(w.find_first_of("()[]", i), w.size());
        alg = hand_algorithm_word(w.substr(i, j - i));
        if (!alg.empty() && !named_with_key_bits(alg)) return alg;
    }
    return {};
}

}  // namespace

TableContext read_context(const std::vector<CleanLine>& lines, std::string_view text) {
    TableContext c;
    std::unordered_set<std::string> commands;
    for (size_t k : context_lines(lines, text)) {
        const CleanLine& l = lines[k];
        if (!may_give_context(l.text()) ||
            (!mentions(l.text(), "byte block") && !mentions(l.text(), "bit key") &&
             !mentions(l.text(), "openssl speed") && !mentions(l.text(), " chunk")))
            continue;
        std::string t = lower_ascii(l.text());
        if (auto b = number_before(t, "byte block")) c.block_size = b;
        if (auto b = chunk_size(t)) c.block_size = b;
        if (auto k = number_before(t, "bit key")) c.key_bits = k;
        auto at = t.find("openssl speed");
        if (at == std::string::npos) continue;
        // A command read before adds nothing (a text may quote it many times).
        std::string rest = t.substr(at + 13);
        if (!commands.insert(rest).second) continue;
        for (size_t p = 0, q; p < rest.size(); p = q + 1) {
            q = rest.find(' ', p);
            if (q == std::string::npos) q = rest.size();
            std::string alg = hand_algorithm_word(rest.substr(p, q - p));
            if (p >= 6 && rest.compare(p - 6, 6, "-hmac ") == 0 && !hmac_of(alg).empty())
                alg = hmac_of(alg);  // "-hmac sha256": hmac(sha256)
            if (auto family = key_size_family(alg); !family.empty()) {
                if (!c.key_bits) c.key_bits = std::stoll(alg.substr(family.size()));
                continue;
            }
            if (!alg.empty() && std::find(c.command_algorithms.begin(), c.command_algorithms.end(),
                                          alg) == c.command_algorithms.end())
                c.command_algorithms.push_back(alg);
        }
    }
    return c;
}

std::string context_algorithm(const std::vector<CleanLine>& lines, size_t first,
                              const TableContext& c) {
    if (c.command_algorithms.size() == 1) return c.command_algorithms.front();
    // "`openssl speed sha256`, on two machines": a command typed inline keeps
    // its marks on its last word.
    auto separator = [](char ch) {
        return std::isspace(static_cast<unsigned char>(ch)) || ch == ',' || ch == '.' ||
               ch == '`' || ch == '*' || ch == '"' || ch == ':' || ch == ';';
    };
    for (size_t k = first; k-- > 0 && k + 40 > first;) {
        std::string_view t = lines[k].text();
        for (size_t i = 0, j; i <= t.size(); i = j + 1) {
            for (j = i; j < t.size() && !separator(t[j]);) ++j;
            std::string alg = word_algorithm(t.substr(i, j - i));
            if (!alg.empty() && !named_with_key_bits(alg)) return alg;
        }
    }
    return {};
}

std::string caption_machine(const std::vector<CleanLine>& lines, size_t first) {
    for (size_t k = first; k-- > 0 && k + 3 > first;) {
        if (trim(lines[k].text()).empty()) continue;
        std::string name = caption_name(lines[k].text());
        return name.empty() ? heading_name(lines, k) : name;
    }
    return {};
}

std::string group_row_name(const Grid& t, size_t r, size_t& column) {
    if (t.row(0).size() < 3 || t.row(r).size() < 2) return {};
    std::string name;
    for (size_t k = 0; k < t.row(r).size(); ++k) {
        if (t.text(r, k).empty()) continue;
        if (!name.empty()) return {};
        name = t.text(r, k), column = k;
    }
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])) ||
        t.header(r, column).size > 0 || !hand_algorithm_word(name).empty() ||
        !label_algorithm(name).empty() || name == t.text(0, column))
        return {};
    return name;
}

double clock_header(std::string_view header) {
    std::string h = lower_ascii(trim(header));
    if (h.find('/') != std::string::npos || h.find("per") != std::string::npos) return 0;
    if (h.find("ghz") != std::string::npos) return 1000;
    if (h.find("mhz") != std::string::npos || h == "clock" || h == "clockspeed") return 1;
    return 0;
}

bool names_build(std::string_view header) {
    static constexpr std::string_view kBuilds[] = {
        "baseline", "optimized", "optimised", "patched", "unpatched", "before",
        "after",    "original",  "upstream",  "vanilla", "stock"};
    std::string h = lower_ascii(header);
    for (char& c : h)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = ' ';
    for (std::string_view w : words(h))
        if (std::find(std::begin(kBuilds), std::end(kBuilds), w) != std::end(kBuilds)) return true;
    return false;
}

}  // namespace speedlab::parse
