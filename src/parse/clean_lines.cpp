// Stage 1 of import, unwrap: undoes what mail, web pages, source comments,
// CI logs, wikis, PDFs and terminals did to openssl's lines (quoting, markers,
// markup, lines wrapped or flattened onto one) after core/text's as_plain_text.
// Each line keeps its input line number; lines are views into the input and
// only rewritten ones are stored. Every case is in tests/unwrap_test.cpp.
#include <algorithm>
#include <array>
#include <cctype>

#include "core/algorithm.h"
#include "core/algorithm_families.h"
#include "core/speed_markers.h"
#include "core/text.h"
#include "parse/byte_scan.h"
#include "parse/cells.h"
#include "parse/clean_line.h"
#include "parse/line_facts.h"
#include "parse/line_prefix.h"
#include "parse/row_emphasis.h"
#include "parse/transport_prefix.h"
#include "parse/wrapped_rows.h"

namespace speedlab::parse {

namespace {

std::string_view trim_right(std::string_view s) {
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}
std::string_view trim_left(std::string_view s) {
    return s.substr(skip_spaces(s, 0));  // indented lines: eight bytes at a time
}

// A reStructuredText line block ("| text", "|" alone) keeps the line breaks
// of what it quotes; a table row ("| a | b |") has more bars and is kept.
std::string_view unblock(std::string_view s) {
    std::string_view t = trim_left(s);
    if (t == "|") return {};
    if (!starts_with(t, "| ") || t.find('|', 1) != std::string_view::npos) return s;
    return t.substr(2);
}

// Where `needle` (lower case, starting with '<') starts in `hay`, in any
// ASCII case; memchr finds the candidates, as this looks at every line.
size_t find_nocase(std::string_view hay, std::string_view needle, size_t from = 0) {
    for (size_t i = hay.find('<', from); i != std::string_view::npos; i = hay.find('<', i + 1)) {
        if (i + needle.size() > hay.size()) break;
        size_t k = 1;  // ASCII case folded in place: no locale call per byte
        auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c | 0x20) : c; };
        while (k < needle.size() && lower(hay[i + k]) == needle[k]) ++k;
        if (k == needle.size()) return i;
    }
    return std::string_view::npos;
}

// The text of an HTML cell: tags dropped, the common entities decoded.
std::string cell_text(std::string_view html) {
    std::string out;
    for (size_t i = 0; i < html.size(); ++i) {
        if (html[i] == '<') {
            auto close = html.find('>', i);
            if (close == std::string_view::npos) break;
            i = close;
            out += ' ';
            continue;
        }
        if (html[i] == '&') {
            static constexpr std::pair<std::string_view, std::string_view> entities[] = {
                {"&nbsp;", " "}, {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&#39;", "'"}};
            bool done = false;
            for (auto [name, text] : entities)
                if (html.substr(i, name.size()) == name) {
                    out += text;
                    i += name.size() - 1;
                    done = true;
                    break;
                }
            if (done) continue;
        }
        out += html[i] == '|' ? '/' : html[i];
    }
    return trimmed(out);
}

// How many columns or rows (`attribute`: "colspan", "rowspan") a cell's
// opening tag spans: 1 when it says none; at most 64 (a page's own table).
size_t html_span(std::string_view tag, std::string_view attribute) {
    std::string t = lower_ascii(tag);
    size_t at = t.find(attribute);
    if (at == std::string::npos) return 1;
    at = t.find_first_not_of(" =\"'", at + attribute.size());
    size_t n = 0;
    while (at < t.size() && std::isdigit(static_cast<unsigned char>(t[at])) && n <= 64)
        n = n * 10 + static_cast<size_t>(t[at++] - '0');
    return std::clamp<size_t>(n, 1, 64);
}

// "<tr><td>box1</td><td>512,345.67k</td></tr>" -> "| box1 | 512,345.67k |".
// A cell spanning columns ("<th colspan=\"3\">sha256</th>") is its text then
// empty cells, as a pipe table types it; one spanning rows leaves an empty
// cell in its column of the rows under it (`below`: the rows each column is
// still held, kept from row to row).
std::string html_row(std::string_view tr, std::vector<size_t>& below) {
    std::string out = "|";
    size_t column = 0;
    auto held = [&] {  // empty cells where a cell above spans down
        for (; column < below.size() && below[column] > 0; ++column) {
            --below[column];
            out += " |";
        }
    };
    for (size_t at = 0;;) {
        size_t td = find_nocase(tr, "<td", at), th = find_nocase(tr, "<th", at);
        size_t open = std::min(td, th);
        if (open == std::string_view::npos) break;
        size_t start = tr.find('>', open);
        if (start == std::string_view::npos) break;
        size_t end = std::min({find_nocase(tr, "</t", start), find_nocase(tr, "<td", start),
                               find_nocase(tr, "<th", start), tr.size()});
        held();
        out += " " + cell_text(tr.substr(start + 1, end - start - 1)) + " |";
        std::string_view tag = tr.substr(open, start - open);
        size_t columns = html_span(tag, "colspan"), rows = html_span(tag, "rowspan");
        // No table a person typed is wider: a row of spans stays near its text's size.
        for (size_t c = 0; c < columns && (c == 0 || column < 256); ++c, ++column) {
            if (c > 0) out += " |";
            if (rows > 1 && below.size() <= column) below.resize(column + 1);
            if (rows > 1) below[column] = rows - 1;
        }
        at = end;
    }
    // Columns held past the row's own cells: as far as the last one held.
    size_t last = below.size();
    while (last > column && below[last - 1] == 0) --last;
    while (column < last) {
        if (below[column] > 0) --below[column];
        out += " |";
        ++column;
    }
    return out;
}

// "rsa 2048 bits" (from = 4, after "rsa ") or "256 bits ecdsa (nistp256)"
// (from = 0: the number starts the line only before a family): the marker's
// length, 0 when `r` starts no public-key row.
size_t key_row_at(std::string_view r, size_t from) {
    size_t d = from;
    while (d < r.size() && std::isdigit(static_cast<unsigned char>(r[d]))) ++d;
    if (d == from || !starts_with(r.substr(d), " bits ")) return 0;
    if (from > 0) return d + 6;
    std::string family = lower_ascii(r.substr(d + 6, 5));
    // A family's whole word: "ecdh " or "ecdh(", not "ecdhe"; FFDH names no curve.
    for (std::string_view f : {kEcdsaFamily, kEcdhFamily, kEddsaFamily, kSm2Family, kFfdhFamily})
        if (family.starts_with(f) && (family.size() == f.size() || family[f.size()] == ' ' ||
                                      (family[f.size()] == '(' && f != kFfdhFamily)))
            return d + 6;
    return 0;
}

// The length of `r`'s start when it is `ws`, word after word, with any run of
// spaces or tabs between them (a column header keeps its alignment when a
// page flattens the lines around it): 0 when it is not.
size_t words_at(std::string_view r, std::initializer_list<std::string_view> ws) {
    size_t at = 0;
    for (auto w : ws) {
        size_t gap = at;
        while (at > 0 && at < r.size() && (r[at] == ' ' || r[at] == '\t')) ++at;
        if ((at > 0 && at == gap) || !starts_with(r.substr(at), w)) return 0;
        at += w.size();
    }
    return at;
}

// Where a line of openssl's output starts at `at` in `t` (after a space): its
// length of marker, 0 when none does. Markers that are words of prose too
// ("type", "sign", "rsa") count only with what follows them in openssl's lines.
size_t output_line_at(std::string_view t, size_t at) {
    std::string_view r = t.substr(at);
    auto digit_at = [&](size_t k) {
        return k < r.size() && std::isdigit(static_cast<unsigned char>(r[k]));
    };
    auto marker = [&](std::initializer_list<std::string_view> ms) -> size_t {
        for (auto m : ms)
            if (starts_with(r, m)) return m.size();
        return 0;
    };
    auto is = [&](SpeedMarker m) { return marker({marker_text(m)}); };
    switch (r.empty() ? '\0' : r[0]) {  // by first byte: this looks at every word of a long line
        case 'O':
            return starts_with(r, "OpenSSL ") && digit_at(8) ? 8 : 0;
        case 'L':
            return starts_with(r, "LibreSSL ") && digit_at(9) ? 9 : 0;
        case 'S':
            return starts_with(r, "SSLeay ") && digit_at(7) ? 7 : 0;
        case 'v':  // 3.x: "version: 3.0.2"
            return starts_with(r, "version: ") && digit_at(9) ? 9 : 0;
        case 'b':
            return is(SpeedMarker::built_on);
        case 'o':  // 3.x's header over key agreement rows: "op      op/s"
            if (size_t n = is(SpeedMarker::options)) return n;
            return words_at(r, {"op", "op/s"});
        case 'c':
            return is(SpeedMarker::compiler);
        case 'C':
            if (size_t n = is(SpeedMarker::c_flags)) return n;
            return is(SpeedMarker::cpuinfo);
        case 'a':
            return is(SpeedMarker::timing_options);
        case 'T':
            return is(SpeedMarker::numbers_note);
        case 'D':
            return marker({"Doing "});
        case 's':
            return words_at(r, {"sign", "verify"});
        case 'k':
            return marker({"keygen "});
        case 't':  // "type 16 bytes", "type             16 bytes" (3.x aligns it)
            if (starts_with(r, "type ")) {
                size_t d = r.find_first_not_of(' ', 5);
                if (d != std::string_view::npos && digit_at(d)) return 5;
            }
            return is(SpeedMarker::timing_used);
        case 'r':
        case 'd': {  // "rsa 2048 bits"
            size_t space = r.find(' ');
            return space != std::string_view::npos && joins_key_bits(r.substr(0, space))
                       ? key_row_at(r, space + 1)
                       : 0;
        }
        default:
            return digit_at(0) ? key_row_at(r, 0) : 0;
    }
}

// The first bytes output_line_at knows (its cases, and the digits of
// "256 bits ecdsa"): most words of a long line start with none of them.
constexpr std::array<bool, 256> kOutputFirstBytes = [] {
    std::array<bool, 256> first{};
    for (char c : std::string_view("OLSvbocCaTDsktrd0123456789"))
        first[static_cast<unsigned char>(c)] = true;
    return first;
}();

// The rows under a flattened "type" header of `columns` sizes, from `at`:
// each a name of up to three words and that many figures. Their starts go
// to `out`; the first that is not such a row ends them (it starts a line too).
void flattened_rows(std::string_view t, size_t at, size_t columns, std::vector<size_t>& out) {
    auto ws = words(t.substr(at));
    for (size_t k = 0; k < ws.size();) {
        size_t start = static_cast<size_t>(ws[k].data() - t.data()), name = 0;
        while (k + name < ws.size() && name < 3 && !cell_like(ws[k + name])) ++name;
        size_t figures = 0;
        while (k + name + figures < ws.size() && figures < columns &&
               throughput_cell(ws[k + name + figures]))
            ++figures;
        if (out.empty() || out.back() != start) out.push_back(start);
        if (name == 0 || figures < columns) return;
        k += name + figures;
    }
}

// Where the text after a progress line's result starts in `t[at, end)`
// ("Doing ... 8054472 sha256's in 1.00s RSA sign setup failure."), else 0:
// what openssl printed next (an error, a notice) is a line of its own.
size_t after_progress_result(std::string_view t, size_t at, size_t end) {
    std::string_view line = t.substr(at, end - at);
    if (!starts_with(line, "Doing ")) return 0;
    for (size_t in = line.find(" in "); in != std::string_view::npos;
         in = line.find(" in ", in + 1)) {
        size_t k = in + 4, digits = k;
        while (k < line.size() && (std::isdigit(static_cast<unsigned char>(line[k])) ||
                                   (line[k] == '.' && k > digits)))
            ++k;
        if (k == digits || k + 1 >= line.size() || line[k] != 's' || line[k + 1] != ' ') continue;
        size_t next = line.find_first_not_of(' ', k + 1);
        return next == std::string_view::npos ? 0 : at + next;
    }
    return 0;
}

// openssl's output a page flattened onto one line: the places its lines
// started. After a "type" header, the row starts where its sizes end; after
// a progress line, where its result ends.
std::vector<size_t> output_line_starts(std::string_view t) {
    std::vector<size_t> out;
    for (size_t p = 0; p < t.size(); p = t.find(' ', p + 1)) {
        size_t at = p == 0 ? 0 : p + 1;
        if (at >= t.size()) break;
        if (!kOutputFirstBytes[static_cast<unsigned char>(t[at])] || !output_line_at(t, at))
            continue;
        if (out.empty() || out.back() != at) out.push_back(at);
        if (!starts_with(t.substr(at), "type ")) continue;
        auto ws = words(t.substr(at));
        size_t k = 1, end = at + 4;
        for (; k + 1 < ws.size() && integer(ws[k]) && ws[k + 1] == "bytes"; k += 2)
            end = static_cast<size_t>(ws[k + 1].data() + ws[k + 1].size() - t.data());
        if (k > 1 && end + 1 < t.size()) flattened_rows(t, end + 1, (k - 1) / 2, out);
    }
    std::sort(out.begin(), out.end());
    for (size_t k = 0, n = out.size(); k < n; ++k)
        if (size_t next = after_progress_result(t, out[k], k + 1 < n ? out[k + 1] : t.size()))
            out.push_back(next);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// "$ OpenSSL 1.0.0e 6 Sep 2011", "$ type 16 bytes ...": a shell prompt a
// page glued to openssl's first line. Without it; a command stays as it is.
std::string_view without_glued_prompt(std::string_view line) {
    std::string_view t = trim_left(line);
    if (t.size() < 3 || (t[0] != '$' && t[0] != '#' && t[0] != '%') || t[1] != ' ') return line;
    std::string_view rest = trim_left(t.substr(2));
    if (output_line_at(rest, 0)) return rest;
    std::string_view sizes = starts_with(rest, "type ") ? trim_left(rest.substr(5)) : "";
    return !sizes.empty() && std::isdigit(static_cast<unsigned char>(sizes[0])) ? rest : line;
}

// Only tags that group a table's rows: "<tbody>", "</thead> <tbody>".
bool table_markup_only(std::string_view line) {
    std::string_view t = trim(line);
    if (t.empty()) return false;
    while (!t.empty()) {
        if (t.front() != '<') return false;
        size_t close = t.find('>');
        if (close == std::string_view::npos) return false;
        std::string name = lower_ascii(t.substr(1, close - 1));
        if (!name.empty() && name.front() == '/') name.erase(0, 1);
        name = name.substr(0, name.find(' '));
        if (name != "thead" && name != "tbody" && name != "tfoot" && name != "colgroup" &&
            name != "col")
            return false;
        t = trim(t.substr(close + 1));
    }
    return true;
}

// "{code}", "{code:bash}", "{noformat}": a line that opens or closes a
// block in Jira's or Confluence's markup, as a fence does in Markdown.
bool wiki_block(std::string_view t) {
    if (t.size() < 6 || t.front() != '{' || t.back() != '}') return false;
    return starts_with(t, "{code") || starts_with(t, "{noformat") || starts_with(t, "{quote");
}

// "md5 123456.78 k 345678.90 k ...": a PDF's spacing put a space before each
// figure's 'k'. The figures get it back; it takes two such, so prose keeps
// its "3 k". Empty when nothing changes.
std::string units_rejoined(std::string_view line) {
    auto ws = words(line);
    auto spaced = [&](size_t k) {
        return k > 0 && (ws[k] == "k" || ws[k] == "K") &&
               std::isdigit(static_cast<unsigned char>(ws[k - 1].back()));
    };
    size_t count = 0;
    for (size_t k = 0; k < ws.size(); ++k) count += spaced(k);
    if (count < 2) return {};
    std::string out;
    size_t from = 0;  // of line, copied up to each spaced unit's gap
    for (size_t k = 0; k < ws.size(); ++k) {
        if (!spaced(k)) continue;
        size_t gap = static_cast<size_t>(ws[k - 1].data() + ws[k - 1].size() - line.data());
        out += line.substr(from, gap - from);
        from = static_cast<size_t>(ws[k].data() - line.data());
    }
    return out + std::string(line.substr(from));
}

// Whether a "k" or "K" stands alone after a space ("4681.10 k"): one pass,
// where find(" k") stops at every space of the line; eight bytes without a
// k are passed at once (every line is asked).
bool spaced_unit(std::string_view line) {
    using namespace byte_scan;
    auto alone = [&](size_t i) {
        return (line[i] | 0x20) == 'k' && line[i - 1] == ' ' &&
               (i + 1 == line.size() || line[i + 1] == ' ' || line[i + 1] == '\t');
    };
    size_t i = 1;
    if constexpr (kLittle)
        for (; i + 8 <= line.size(); i += 8)
            for (uint64_t m = zero_bytes((load8(line.data() + i) | (kOnes * 0x20)) ^ (kOnes * 'k'));
                 m; m &= m - 1)  // flagged bytes, some maybe false: each tested
                if (alone(i + first_flagged(m))) return true;
    for (; i < line.size(); ++i)
        if (alone(i)) return true;
    return false;
}

// A "Doing ..." progress line whose result has been printed (or was wrapped off).
bool doing_complete(std::string_view s) {
    s = trim_right(s);
    auto in = s.rfind(" in ");
    if (in == std::string_view::npos || s.back() != 's') return false;
    for (char c : s.substr(in + 4, s.size() - in - 5))
        if (!std::isdigit(static_cast<unsigned char>(c)) && c != '.') return false;
    return true;
}

// Splits text flattened onto one line at every occurrence of `marker` but the first.
void split_at(std::string_view line, std::string_view marker, std::vector<std::string_view>& out) {
    size_t start = 0;
    for (size_t pos = line.find(marker, 1); pos != std::string_view::npos;
         pos = line.find(marker, pos + 1)) {
        if (pos > 0 && line[pos - 1] != ' ') continue;
        out.emplace_back(trim_right(line.substr(start, pos - start)));
        start = pos;
    }
    out.emplace_back(trim_right(line.substr(start)));
}

// Terminal escape sequences, raw (ESC [ 1 ; 2 A) or as a terminal echoed them
// in copied text (^[[A), are not part of the output.
std::string strip_escapes(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        size_t len = s[i] == '\x1b' ? 1 : starts_with(s.substr(i), "^[") ? 2 : 0;
        if (len && i + len < s.size() && s[i + len] == '[') {
            size_t k = i + len + 1;
            while (k < s.size() && (std::isdigit(static_cast<unsigned char>(s[k])) || s[k] == ';'))
                ++k;
            if (k < s.size() && std::isalpha(static_cast<unsigned char>(s[k]))) {
                i = k;
                continue;
            }
        }
        out += s[i];
    }
    return out;
}

// The tags of text markup a page wraps output in ("<pre>", "<br />",
// "</code>"), in lower case; other '<' (a "<stdin>", a wiki's "<style=...>") stay.
bool markup_tag(std::string_view tag) {
    static constexpr std::string_view names[] = {
        "pre",  "code", "br",     "p",  "div",  "span",       "b",    "i",   "tt",
        "samp", "kbd",  "strong", "em", "font", "blockquote", "body", "html"};
    size_t start = tag.size() > 1 && tag[1] == '/' ? 2 : 1, end = start;
    while (end < tag.size() && std::isalpha(static_cast<unsigned char>(tag[end]))) ++end;
    if (end == start || (end < tag.size() && tag[end] != '>' && tag[end] != ' ' && tag[end] != '/'))
        return false;
    std::string name = lower_ascii(tag.substr(start, end - start));
    return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

// A line of a web page's source: markup tags dropped ("<br>" ends a line:
// '\n' here, split by the caller), the common entities decoded, no-break
// spaces made spaces. Unchanged text comes back as it was.
std::string web_text(std::string_view s) {
    static constexpr std::pair<std::string_view, std::string_view> entities[] = {
        {"&nbsp;", " "}, {"&#160;", " "},  {"&amp;", "&"}, {"&lt;", "<"},
        {"&gt;", ">"},   {"&quot;", "\""}, {"&#39;", "'"}, {"&#x27;", "'"}};
    // The bytes that may start a tag, an entity or a wide space; the plain
    // bytes up to the next of them are copied at once, not a byte at a time.
    static constexpr ByteSet kSpecial("<&\xC2\xE2");
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        size_t plain = kSpecial.find(s.substr(i));
        if (plain == std::string_view::npos) plain = s.size() - i;
        out += s.substr(i, plain);
        if ((i += plain) == s.size()) break;
        if (s[i] == '<') {
            auto close = s.find('>', i);
            if (close != std::string_view::npos && markup_tag(s.substr(i, close - i + 1))) {
                if (find_nocase(s.substr(i, close - i + 1), "<br") == 0) out += '\n';
                i = close;
                continue;
            }
        } else if (s[i] == '&') {
            auto it = std::find_if(std::begin(entities), std::end(entities), [&](const auto& e) {
                return s.substr(i, e.first.size()) == e.first;
            });
            if (it != std::end(entities)) {
                out += it->second;
                i += it->first.size() - 1;
                continue;
            }
        } else if (s.substr(i, 2) == "\xC2\xA0" || s.substr(i, 3) == "\xE2\x80\xAF") {
            out += ' ';
            i += s[i] == '\xC2' ? 1 : 2;
            continue;
        }
        out += s[i];
    }
    return out;
}

// "name(...)" tokens only: the rest of an options line.
bool option_tokens(std::string_view s) {
    auto ws = words(s);
    if (ws.empty()) return false;
    for (auto w : ws) {
        auto open = w.find('(');
        if (open == std::string_view::npos || open == 0 || w.back() != ')') return false;
    }
    return true;
}

}  // namespace

namespace {

bool blank_line(std::string_view s) {
    return trim_left(s).empty();
}

// One input line, made into zero or more clean lines (a flattened line
// splits; a wrapped piece joins the line before it).
class Unwrapper {
    // Bytes that start markup, an entity or a no-break space (U+00A0, U+202F),
    // found by memchr: a byte loop here costs more than the rest of unwrap.
    static bool web_bytes(std::string_view s) {
        for (char c : {'<', '&', '\xC2', '\xE2'})
            if (s.find(c) != std::string_view::npos) return true;
        return false;
    }

  public:
    Unwrapper(CleanText& out, bool double_spaced) : out_(out), double_spaced_(double_spaced) {}

    void line(std::string_view raw, size_t number, bool web_read = false) {
        // Double-spaced text: one blank line is the line break, two a blank line.
        if (double_spaced_ && !web_read) {
            if (blank_line(raw)) {
                if (++blanks_ == 2) out_.lines.push_back({number, {}});
                return;
            }
            blanks_ = 0;
        }
        if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
        // One pass over the line's bytes; the searches below and those of
        // classify (the hints) run where it found what they search for: each
        // clean line made of `raw` is a part of it, or holds no byte it did not.
        read_facts(raw);
        if ((facts_.may_hold('\x1b') || facts_.may_hold('^')) &&
            (raw.find('\x1b') != std::string_view::npos ||
             raw.find("^[") != std::string_view::npos))
            raw = keep(strip_escapes(raw));
        if (!web_read &&
            (facts_.may_hold('<') || facts_.may_hold('&') || facts_.may_hold('\xC2')) &&
            web_bytes(raw) && web_lines(raw, number))
            return;
        std::string_view lead;  // where the line's text starts: indented lines are long to skip
        std::string_view line = unmarked(raw, lead);
        if (starts_with(lead, "```") || wiki_block(lead)) return;
        if (in_backticks(lead)) {
            line = inline_code(lead);
            lead = trim_left(line);
        }
        if (!lead.empty() && (lead[0] == '$' || lead[0] == '#' || lead[0] == '%'))
            line = without_glued_prompt(line);
        if ((facts_.may_hold('k') || facts_.may_hold('K')) && spaced_unit(line))
            if (auto units = units_rejoined(line); !units.empty()) line = keep(std::move(units));
        if (table_source(line, number)) return;
        // '*' and '_' share line_facts' class of other bytes: memchr decides.
        if (facts_.may_hold('*'))
            if (auto row = emphasised_row(line); !row.empty()) line = keep(std::move(row));
        pieces_.clear();
        size_t doing = facts_.may_hold(kDoing) ? line.find("Doing ") : std::string_view::npos;
        if (line.size() > 120 && flattened(line)) {
            // a page's whole output on one line: split where its lines began
        } else if (doing != std::string_view::npos &&
                   line.find("Doing ", doing + 1) != std::string_view::npos) {
            if (doing > 0) pieces_.push_back(trim_right(line.substr(0, doing)));
            split_at(line.substr(doing), "Doing ", pieces_);
        } else if (starts_with(line, "+") && line.find(" +", 1) != std::string_view::npos) {
            split_at(line, "+", pieces_);
        } else {
            pieces_.push_back(line);
        }
        for (auto piece : pieces_) {
            rows_.clear();
            tables_.rows_of(piece, number, rows_, out_.diagnostics);
            for (auto p : rows_) {
                if (joined(trim_left(p), number)) continue;
                out_.lines.push_back({number, p, hints_});
                tables_.kept(out_.lines, out_.lines.size() - 1);
            }
        }
    }

  private:
    void read_facts(std::string_view raw) {
        facts_ = LineFacts(raw);
        hints_ = line_hints(facts_);
    }

    // The line without mail quoting, a log's prefix or a line block's bar,
    // and in `lead` from where its text starts: most lines start with none
    // of their marks, and are spared the searches for them.
    static std::string_view unmarked(std::string_view raw, std::string_view& lead) {
        size_t first = skip_spaces(raw, 0);
        char start = raw.empty() ? ' ' : raw[0], mark = first < raw.size() ? raw[first] : ' ';
        if (mark != '>' && mark != '|' && start != '[' &&
            !std::isdigit(static_cast<unsigned char>(start))) {
            std::string_view line = trim_right(raw);
            lead = line.substr(std::min(first, line.size()));
            return line;
        }
        std::string_view line = trim_right(unblock(unquote(without_log_prefix(unquote(raw)))));
        lead = trim_left(line);
        return line;
    }

    // openssl's output flattened onto one long line, two or more of its lines
    // in it: the pieces are those lines.
    bool flattened(std::string_view line) {
        auto starts = output_line_starts(line);
        if (starts.size() < 2) return false;
        if (starts.front() > 0) pieces_.push_back(trim_right(line.substr(0, starts.front())));
        for (size_t k = 0; k < starts.size(); ++k) {
            size_t end = k + 1 < starts.size() ? starts[k + 1] : line.size();
            pieces_.push_back(trim_right(line.substr(starts[k], end - starts[k])));
        }
        return true;
    }

    // A line of a page's source as text (`raw` rewritten); true when "<br>"
    // split it and its lines were read here.
    bool web_lines(std::string_view& raw, size_t number) {
        std::string web = web_text(raw);
        if (!web.empty() && web.back() == '\n') web.pop_back();  // "<br>" ending the line
        if (web.find('\n') == std::string::npos) {
            if (web != raw) {
                raw = keep(std::move(web));
                read_facts(raw);  // decoded entities are bytes raw did not hold
            }
            return false;
        }
        std::string_view all = keep(std::move(web));
        for (size_t pos = 0, end; pos <= all.size(); pos = end + 1) {
            end = std::min(all.find('\n', pos), all.size());
            line(all.substr(pos, end - pos), number, true);
        }
        return true;
    }

    // HTML table source: each <tr>...</tr>, on one line or many, becomes one
    // pipe row at the line where it starts. True when the line was taken.
    bool table_source(std::string_view line, size_t number) {
        // "<caption>Pi 4</caption>" titles its table: a heading line, which
        // names the machine of the rows under it (table_heading.h)
        // One memchr for both tags' '<': most lines hold none.
        const bool angle = facts_.may_hold('<') && line.find('<') != std::string_view::npos;
        size_t open = angle ? find_nocase(line, "<caption") : std::string_view::npos;
        if (open != std::string_view::npos) {
            size_t start = line.find('>', open), close = find_nocase(line, "</caption", open);
            if (start == std::string_view::npos || close == std::string_view::npos || close < start)
                return false;
            std::string title = cell_text(line.substr(start + 1, close - start - 1));
            if (!title.empty()) out_.lines.push_back({number, keep("# " + title)});
            size_t after = line.find('>', close);
            std::string rest(line.substr(0, open));
            if (after != std::string_view::npos) rest += line.substr(after + 1);
            if (find_nocase(rest, "<tr") == std::string_view::npos && html_.empty()) return true;
            line = keep(std::move(rest));
        }
        if (html_.empty() && (!angle || find_nocase(line, "<tr") == std::string_view::npos)) {
            // "</thead>", "<tbody>" on lines of their own between rows, or a
            // blank line a site generator put there: no line (the rows stay one table)
            if (html_rows_ && (trim(line).empty() || table_markup_only(line))) return true;
            html_rows_ = false;
            return false;
        }
        if (html_.empty()) html_line_ = number;
        // A new table: no cell of another spans into its rows.
        if (!html_rows_ || find_nocase(line, "<table") != std::string_view::npos)
            html_below_.clear();
        html_ += line;
        html_ += ' ';
        size_t pos = 0;  // rows before it are emitted; erased once, at the end
        for (;;) {
            size_t open = find_nocase(html_, "<tr", pos);
            if (open == std::string::npos) {
                html_.clear();
                break;
            }
            size_t close = find_nocase(html_, "</tr", open);
            if (close == std::string::npos) {
                html_.erase(0, open);
                if (html_.size() > 65536) html_.clear();  // never closed: not a table
                break;
            }
            std::string row =
                html_row(std::string_view(html_).substr(open, close - open), html_below_);
            if (row != "|") out_.lines.push_back({html_line_, keep(std::move(row))});
            html_rows_ = true;
            pos = close + 4;
            html_line_ = number;
        }
        return true;
    }

    // "`md5 1.00k`": the text inside; "``" where a page broke a long line goes.
    std::string_view inline_code(std::string_view t) {
        t = t.substr(1, t.size() - 2);
        if (t.find("``") == std::string_view::npos) return trim_right(t);
        std::string out;
        for (size_t at = 0, next; at <= t.size(); at = next + 2) {
            next = std::min(t.find("``", at), t.size());
            out += t.substr(at, next - at);
        }
        return keep(std::move(out));
    }

    std::string_view keep(std::string s) {
        out_.rewritten.push_back(std::move(s));
        return out_.rewritten.back();
    }
    // A piece that finishes the line before it: a progress line wrapped
    // before its result or its time; "type 16 bytes ... 8192" then "bytes".
    bool joined(std::string_view t, size_t number) {
        if (out_.lines.empty() || t.empty()) return false;
        CleanLine& prev = out_.lines.back();
        std::string_view p = trim_left(prev.text());  // indented as a code block, say
        bool doing = starts_with(p, "Doing ") && !doing_complete(p) &&
                     (p.find(": ") != std::string_view::npos || p.back() == ':') &&
                     !starts_with(t, "Doing ") && t.size() < 48 &&
                     (std::isdigit(static_cast<unsigned char>(t.front())) ||
                      doing_complete("x in " + std::string(t)));
        // "... 1024 bytes  8192" then "bytes": a header of block sizes, openssl's or typed.
        bool bytes =
            starts_with_word(t, "bytes") &&
            (starts_with_word(p, "type") || (p.find(" bytes") != std::string_view::npos &&
                                             std::isdigit(static_cast<unsigned char>(p.back()))));
        if (!doing && !bytes && !got_record(p, t) && !header_rest(p, t) && !cpuinfo_rest(p, t) &&
            !record_rest(p, t) && !pipe_row_rest(p, t) && !sizes_rest(p, t) &&
            !build_line_rest(p, t) &&
            !(std::isdigit(static_cast<unsigned char>(t.front())) &&
              tables_.rest_of_row(out_.lines, p, t)))
            return false;
        prev.set_text(keep(std::string(prev.text()) + " " + std::string(t)));
        auto at = static_cast<uint32_t>(out_.lines.size() - 1);
        if (out_.joined_ends.empty() || out_.joined_ends.back().first != at)
            out_.joined_ends.push_back({at, 0});
        out_.joined_ends.back().second = static_cast<uint32_t>(number);
        return true;
    }

    // An options line wrapped onto the next ("name(...)" tokens only); a
    // compiler line onto lines of more flags.
    static bool build_line_rest(std::string_view p, std::string_view t) {
        if (starts_with(p, marker_text(SpeedMarker::options))) return option_tokens(t);
        return t.front() == '-' && (starts_with(p, marker_text(SpeedMarker::compiler)) ||
                                    starts_with(p, marker_text(SpeedMarker::c_flags)));
    }

    // "type 16 bytes ... 1024 bytes" then "8192 bytes  16384 bytes": a header
    // a mail client wrapped between two block sizes; the rest holds larger ones.
    static bool sizes_rest(std::string_view p, std::string_view t) {
        if (!starts_with_word(p, "type") || !p.ends_with(" bytes")) return false;
        auto head = words(p), ws = words(t);
        auto last = integer(head[head.size() - 2]);
        if (!last || ws.empty() || ws.size() % 2 != 0) return false;
        for (size_t k = 0; k < ws.size(); k += 2) {
            auto size = integer(ws[k]);
            if (!size || *size <= *last || ws[k + 1] != "bytes") return false;
            last = size;
        }
        return true;
    }

    // A -multi "Got: +F:... from 3" line (a hundred columns) broken by a mail
    // client: "Got:" then the record, or the record then "from 3".
    static bool got_record(std::string_view p, std::string_view t) {
        if (t.front() == '+') return p.ends_with("Got:");
        if (t.front() != 'f') return false;  // the rest is "from N"
        auto got = p.find("Got: +");
        if (got == std::string_view::npos || p.find(" from ", got) != std::string_view::npos)
            return false;
        if (!starts_with_word(t, "from")) return false;
        std::string_view n = trim(t.substr(4));
        return !n.empty() && std::all_of(n.begin(), n.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
        });
    }

    // A public-key header wrapped before its last columns: "sign verify ...
    // sign/s verify/s" then "encr./s  decr./s", every word a rate's name.
    static bool header_rest(std::string_view p, std::string_view t) {
        if (!t.ends_with("/s")) return false;  // the row under a header, mostly
        if (!starts_with_word(p, "sign") && !starts_with_word(p, "keygen") &&
            !starts_with_word(p, "op"))
            return false;
        auto ws = words(t), head = words(p);
        auto rate_name = [](std::string_view w) { return w.size() > 2 && w.ends_with("/s"); };
        auto column_name = [](std::string_view w) {
            return std::all_of(w.begin(), w.end(), [](char c) {
                return std::isalpha(static_cast<unsigned char>(c)) || c == '/' || c == '.';
            });
        };
        return !ws.empty() && std::all_of(ws.begin(), ws.end(), rate_name) &&
               std::all_of(head.begin(), head.end(), column_name);
    }
    // A typed table's row ("| tilia | 2.4.18 | 6075.73k |") wrapped by a mail
    // client: the rest ends with a pipe but does not start with one, as no
    // row of a table with outer pipes does.
    static bool pipe_row_rest(std::string_view p, std::string_view t) {
        return t.back() == '|' && t.front() != '|' && starts_with(p, "|");
    }
    // A -mr record broken at the one space it can hold, inside an old
    // algorithm name: "+F:16:aes-128" then "cbc:172952373.33:194222549.33".
    static bool record_rest(std::string_view p, std::string_view t) {
        if (!std::isalpha(static_cast<unsigned char>(t.front())) ||
            t.find(' ') != std::string_view::npos || p.find('+') == std::string_view::npos)
            return false;
        auto plus = p.rfind("+F");
        if (plus == std::string_view::npos || p.find(' ', plus) != std::string_view::npos)
            return false;
        std::string_view last = p.substr(p.rfind(':') + 1);  // a name, not yet a figure
        if (last.empty() || std::all_of(last.begin(), last.end(), [](char c) {
                return std::isdigit(static_cast<unsigned char>(c)) || c == '.';
            }))
            return false;
        auto colon = t.find(':');
        if (colon == std::string_view::npos || colon == 0) return false;
        std::string_view figures = t.substr(colon + 1);
        return !figures.empty() && std::all_of(figures.begin(), figures.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == ':';
        });
    }
    // "CPUINFO: OPENSSL_ia32cap=0x...:0x... env:~0x..." broken at its spaces.
    static bool cpuinfo_rest(std::string_view p, std::string_view t) {
        return (t.front() == 'O' || t.front() == 'e') && starts_with(p, "CPUINFO:") &&
               ((p.ends_with("CPUINFO:") && starts_with(t, "OPENSSL_ia32cap=")) ||
                (starts_with(t, "env:") && p.find(" env:") == std::string_view::npos));
    }

    static constexpr uint64_t kDoing = LineFacts::needs("Doing ");
    CleanText& out_;
    LineFacts facts_;            // of the input line being read
    uint8_t hints_ = kAllHints;  // for classify, from facts_
    bool double_spaced_ = false;
    int blanks_ = 0;  // blank lines in a row, in double-spaced text
    std::vector<std::string_view> pieces_, rows_;
    TableRows tables_;  // the header over the rows being read, for their columns
    std::string html_;  // an HTML table row not closed yet
    size_t html_line_ = 0;
    bool html_rows_ = false;          // the last lines were an HTML table's rows
    std::vector<size_t> html_below_;  // html_row's rows each column is held by a rowspan
};

}  // namespace

namespace {
// A page that put a blank line after every line (its paragraphs then sit
// two or more blank lines apart): most text lines have exactly one blank
// line, then text, after them.
bool double_spaced(std::string_view text) {
    size_t lines = 0, single = 0, blanks = 0;
    for (size_t pos = 0; pos < text.size();) {
        size_t end = std::min(text.find('\n', pos), text.size());
        if (blank_line(text.substr(pos, end - pos))) {
            ++blanks;
        } else {
            single += lines > 0 && blanks == 1;  // text, one blank line, text
            ++lines;
            blanks = 0;
        }
        pos = end + 1;
    }
    return lines >= 8 && single * 5 >= (lines - 1) * 3;
}
}  // namespace

namespace {
// memchr skips a line's bytes at once where a byte loop counts each.
size_t newlines(std::string_view text) {
    size_t n = 0;
    for (size_t p = text.find('\n'); p != std::string_view::npos; p = text.find('\n', p + 1)) ++n;
    return n;
}
}  // namespace

uint32_t CleanText::last_line(size_t k) const {
    auto at = std::lower_bound(joined_ends.begin(), joined_ends.end(), k,
                               [](const auto& e, size_t i) { return e.first < i; });
    return at != joined_ends.end() && at->first == k ? at->second : lines[k].line;
}

CleanText clean_lines(std::string_view text) {
    CleanText out;
    // Most lines stay one line: room for them all at once, not twice as much
    // as a growing vector would take.
    out.lines.reserve(newlines(text) + 1);
    Unwrapper unwrap(out, double_spaced(text));
    SharedPrefix prefix(text);
    size_t number = 0;
    for (size_t pos = 0; pos < text.size();) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        unwrap.line(prefix.strip(text.substr(pos, end - pos), end), ++number);
        pos = end + 1;
    }
    return out;
}

}  // namespace speedlab::parse
