#include "parse/line_prefix.h"

#include <algorithm>
#include <cctype>

#include "parse/transport_prefix.h"

namespace speedlab::parse {

namespace {
bool blank_byte(char c) {
    return c == ' ' || c == '\t';
}
bool blank(std::string_view s) {
    return s.find_first_not_of(" \t\r") == std::string_view::npos;
}
// The line behind mail quoting and a log's prefix: only a line starting with
// '>' (after blanks), '[' or a digit can have them.
std::string_view bare(std::string_view line) {
    size_t at = 0;
    while (at < line.size() && at < 16 && blank_byte(line[at])) ++at;
    if (at == line.size()) return line;
    char c = line[at];
    if (c != '>' && !(at == 0 && (c == '[' || std::isdigit(static_cast<unsigned char>(c)))))
        return line;
    return without_transport(line);
}
// How long the run of `c` at the start of `s` is.
size_t run_of(std::string_view s, char c) {
    size_t n = 0;
    while (n < s.size() && s[n] == c) ++n;
    return n;
}
}  // namespace

LineMarker line_marker(std::string_view line) {
    size_t at = 0;
    while (at < line.size() && at < 16 && blank_byte(line[at])) ++at;
    std::string_view r = line.substr(at);
    if (r.empty()) return {};
    size_t n = 0;
    switch (r[0]) {
        case '#':  // shell, Perl, Python: "#", "##", "#\t", "#rsa" (no space) all seen
        case ';':  // assembler
            n = run_of(r, r[0]);
            break;
        case '/':  // C++, Rust, Go
            n = run_of(r, '/');
            if (n < 2) return {};
            break;
        case '*':  // the middle lines of a C block comment (" *" alone too); a bullet
        case '-':  // SQL and Lua "-- ", a list's "- "
            n = r.starts_with("-- ") ? 2 : 1;
            if (n < r.size() ? !blank_byte(r[n]) : r[0] == '-') return {};
            break;
        default:
            return {};
    }
    size_t cut = at + n;
    if (cut < line.size() && blank_byte(line[cut])) ++cut;
    return {r.substr(0, n), cut};
}

LineNumber line_number(std::string_view line) {
    size_t at = 0;
    while (at < line.size() && at < 16 && blank_byte(line[at])) ++at;
    size_t digits = at;
    while (digits < line.size() && digits - at < 7 &&
           std::isdigit(static_cast<unsigned char>(line[digits])))
        ++digits;
    if (digits == at || digits - at > 6 || digits >= line.size() || line[digits] != '.') return {};
    size_t cut = digits + 1;
    if (cut < line.size() && !blank_byte(line[cut]) && line[cut] != '\r') return {};
    if (cut < line.size()) ++cut;
    long long n = 0;
    for (size_t k = at; k < digits; ++k) n = n * 10 + (line[k] - '0');
    return {n, cut};
}

size_t page_line_end(std::string_view line) {
    size_t end = line.size();
    while (end > 0 && (blank_byte(line[end - 1]) || line[end - 1] == '\r')) --end;
    if (end < 3 || line.substr(end - 3, 3) != "| |") return 0;
    size_t from = end - 3;
    if (from > 0 && !blank_byte(line[from - 1])) return 0;
    if (line.substr(0, from).find('|') != std::string_view::npos) return 0;
    while (from > 0 && blank_byte(line[from - 1])) --from;
    return line.size() - from;
}

template <class Same>
bool SharedPrefix::block_follows(size_t end, Same same) const {
    size_t pos = end + 1;
    for (int found = 1, blanks = 0; found < kBlockLines;) {
        if (pos >= text_.size()) return false;
        size_t e = std::min(text_.find('\n', pos), text_.size());
        std::string_view next = bare(text_.substr(pos, e - pos));
        pos = e + 1;
        if (blank(next)) {
            if (++blanks > 2) return false;
            continue;
        }
        blanks = 0;
        if (!same(next)) return false;
        ++found;
    }
    return true;
}

std::string_view SharedPrefix::strip_number(std::string_view t, size_t end) {
    LineNumber n = line_number(t);
    if (n.number < 0) {
        number_ = -1;
        return t;
    }
    if (number_ < 0 || n.number != number_ + 1) {
        number_ = -1;
        long long want = n.number;
        auto next = [&want](std::string_view s) { return line_number(s).number == ++want; };
        if (!block_follows(end, next)) return t;
    }
    number_ = n.number;
    return t.substr(n.cut);
}

std::string_view SharedPrefix::strip_start(std::string_view line, size_t end) {
    std::string_view t = bare(line);
    if (blank(t)) return line;  // a blank line keeps the block (double-spaced)
    std::string_view rest = strip_number(t, end);
    LineMarker m = line_marker(rest);
    if (m.marker.empty()) {
        block_ = {};
        return rest.size() < t.size() ? rest : line;
    }
    if (m.marker != block_) {
        block_ = {};
        auto same = [&m](std::string_view n) {
            LineNumber k = line_number(n);  // a numbered copy of a list
            return line_marker(k.number < 0 ? n : n.substr(k.cut)).marker == m.marker;
        };
        if (!block_follows(end, same)) return rest.size() < t.size() ? rest : line;
        block_ = m.marker;
    }
    return rest.substr(m.cut);
}

std::string_view SharedPrefix::strip_end(std::string_view line, size_t end) {
    size_t cut = page_line_end(line);
    if (cut == 0) {
        line_ends_ = false;
        return line;
    }
    auto same = [](std::string_view n) { return page_line_end(n) > 0; };
    if (!line_ends_ && !block_follows(end, same)) return line;
    line_ends_ = true;
    return line.substr(0, line.size() - cut);
}

std::string_view SharedPrefix::strip(std::string_view line, size_t end) {
    return strip_start(strip_end(line, end), end);
}

bool in_backticks(std::string_view line) {
    return line.size() >= 2 && line.front() == '`' && line.back() == '`' &&
           !line.starts_with("``") && !line.ends_with("``");
}

}  // namespace speedlab::parse
