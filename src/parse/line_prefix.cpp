#include "parse/line_prefix.h"

#include <algorithm>

namespace speedlab::parse {

namespace {
bool blank_byte(char c) {
    return c == ' ' || c == '\t';
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

std::string_view SharedPrefix::strip(std::string_view line, size_t end) {
    LineMarker m = line_marker(line);
    if (m.marker.empty()) {
        block_ = {};
        return line;
    }
    if (m.marker != block_) {
        block_ = {};
        size_t pos = end + 1;
        for (int k = 1; k < kBlockLines; ++k) {
            if (pos >= text_.size()) return line;
            size_t e = std::min(text_.find('\n', pos), text_.size());
            if (line_marker(text_.substr(pos, e - pos)).marker != m.marker) return line;
            pos = e + 1;
        }
        block_ = m.marker;
    }
    return line.substr(m.cut);
}

bool in_backticks(std::string_view line) {
    return line.size() >= 2 && line.front() == '`' && line.back() == '`' &&
           !line.starts_with("``") && !line.ends_with("``");
}

}  // namespace speedlab::parse
