// The first pass over a text's clean lines for its typed tables (table_lines.h).
#include "parse/table_lines.h"

#include <algorithm>
#include <cstring>

#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// The next byte `c` of `text` from a place on, by memchr: a search starts
// only where a line begins past the last place found, so lines read in the
// text's order read it about once per byte (memchr's speed), not once per line.
class NextByte {
  public:
    NextByte(std::string_view text, char c) : text_(text), c_(c) {}
    // Whether `c` is in [begin, end) of the text.
    bool in(size_t begin, size_t end) {
        // No `c` in [from_, next_): past it, or before `from_`, search again.
        if (begin < from_ || next_ < begin) [[unlikely]] {
            from_ = begin;
            // memchr's pointer must not be null, even for 0 bytes (an empty line's view).
            const void* p = begin < text_.size()
                                ? std::memchr(text_.data() + begin, c_, text_.size() - begin)
                                : nullptr;
            next_ =
                p ? static_cast<size_t>(static_cast<const char*>(p) - text_.data()) : text_.size();
        }
        return next_ < end;
    }

  private:
    std::string_view text_;
    char c_;
    size_t from_ = std::string_view::npos, next_ = 0;
};

bool holds(std::string_view t, char c, size_t n) {
    n = std::min(n, t.size());  // an empty view's data() may be null: memchr's UB
    return n > 0 && std::memchr(t.data(), c, n) != nullptr;
}

// "byte", "Byte" or "BYTE": searched by "yte" first, whose 'y' is rarer in
// prose than the 'b' a search for "byte" stops at.
bool names_bytes(std::string_view t) {
    if (t.find("yte") == std::string_view::npos && t.find("YTE") == std::string_view::npos)
        return false;
    return t.find("byte") != std::string_view::npos || t.find("Byte") != std::string_view::npos ||
           t.find("BYTE") != std::string_view::npos;
}

// What the searches found in a line: a '|', a '/', a '+' in its first 16
// bytes, a 'y' or 'Y'.
struct Found {
    bool pipe, slash, plus16, y;
};

uint8_t marks_of(std::string_view t, const Found& f) {
    // Its first and last bytes past white space: as trim (cells.h) for the
    // lead byte, as trimmed_view (a shorter set) for a flattened row's.
    size_t b = 0, e = t.size();
    while (b < e && space(t[b])) ++b;
    while (e > b && space(t[e - 1])) --e;
    uint8_t m = 0;
    if (f.pipe) m |= kMarkPipe;
    if (f.slash) m |= kMarkSlash;
    if (f.plus16) m |= kMarkPlus;
    if (b == e) return m | kMarkBlank;
    if ((f.y && names_bytes(t)) || (f.slash && t.find("/s") != std::string_view::npos))
        m |= kMarkSizes;
    if (f.pipe || (m & kMarkSizes) || t[b] == '+' || t[b] == '"' || t[b] == ':') m |= kMarkStart;
    if (!f.pipe && ascii_alpha(t[b]) && ascii_digit(t[e - 1])) {
        // flattened_row's first test (hand_label_rows.cpp) on trimmed_view's text.
        auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
        size_t vb = 0, ve = t.size();
        while (vb < ve && blank(t[vb])) ++vb;
        while (ve > vb && blank(t[ve - 1])) --ve;
        if (ve - vb >= 5 && ascii_alpha(t[vb]) && ascii_digit(t[ve - 1])) m |= kMarkWordRow;
    }
    return m;
}

}  // namespace

TableLines::TableLines(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                       std::string_view text) {
    NextByte pipe{text, '|'}, slash{text, '/'}, plus{text, '+'}, y{text, 'y'}, Y{text, 'Y'};
    const auto base = reinterpret_cast<uintptr_t>(text.data());
    marks_.resize(lines.size());
    for (size_t i = 0; i < lines.size(); ++i) {
        std::string_view t = lines[i].text();
        const auto at = reinterpret_cast<uintptr_t>(t.data());
        // A line unwrap rewrote is not in `text`: it is searched alone.
        const bool in_text = !t.empty() && at >= base && at + t.size() <= base + text.size();
        const size_t b = in_text ? at - base : 0, e = b + t.size();
        if (used[i]) {
            // openssl's own line starts nothing; slash_below reads whether it
            // is blank and holds a slash.
            bool s = in_text ? slash.in(b, e) : holds(t, '/', t.size());
            marks_[i] =
                static_cast<uint8_t>((s ? kMarkSlash : 0) | (trim(t).empty() ? kMarkBlank : 0));
            continue;
        }
        Found f = in_text
                      ? Found{pipe.in(b, e), slash.in(b, e), plus.in(b, std::min(e, b + 16)),
                              y.in(b, e) || Y.in(b, e)}
                      : Found{holds(t, '|', t.size()), holds(t, '/', t.size()), holds(t, '+', 16),
                              holds(t, 'y', t.size()) || holds(t, 'Y', t.size())};
        marks_[i] = marks_of(t, f);
    }
}

bool TableLines::slash_below(size_t i) const {
    size_t k = i + 1;
    for (size_t skipped = 0; k < marks_.size() && skipped < 2 && has(k, kMarkBlank); ++skipped) ++k;
    return k < marks_.size() && has(k, kMarkSlash);
}

bool TableLines::may_start(const std::vector<CleanLine>& lines, size_t i) const {
    return has(i, kMarkStart) || slash_below(i) ||
           (has(i, kMarkWordRow) && may_start_flattened_rows(lines[i].text()));
}

}  // namespace speedlab::parse
