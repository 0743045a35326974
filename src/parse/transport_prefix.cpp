#include "parse/transport_prefix.h"

#include <cctype>

#include "parse/byte_scan.h"

namespace speedlab::parse {

namespace {
std::string_view trim_left(std::string_view s) {
    return s.substr(skip_spaces(s, 0));
}

size_t digits_at(std::string_view s, size_t at, size_t n) {
    for (size_t k = 0; k < n; ++k)
        if (at + k >= s.size() || !std::isdigit(static_cast<unsigned char>(s[at + k]))) return 0;
    return n;
}
}  // namespace

std::string_view unquote(std::string_view s) {
    std::string_view t = trim_left(s);
    bool quoted = false;
    while (!t.empty() && t.front() == '>') {
        t.remove_prefix(1);
        if (!t.empty() && t.front() == ' ') t.remove_prefix(1);
        quoted = true;
        std::string_view rest = trim_left(t);
        if (rest.empty() || rest.front() != '>') break;
        t = rest;
    }
    return quoted ? t : s;
}

size_t time_stamp(std::string_view s) {
    size_t at = 0;
    if (digits_at(s, 0, 4) && s.size() > 10 && s[4] == '-' && digits_at(s, 5, 2) && s[7] == '-' &&
        digits_at(s, 8, 2) && (s[10] == 'T' || s[10] == ' '))
        at = 11;
    if (!(digits_at(s, at, 2) && at + 8 <= s.size() && s[at + 2] == ':' &&
          digits_at(s, at + 3, 2) && s[at + 5] == ':' && digits_at(s, at + 6, 2)))
        return 0;
    at += 8;
    if (at < s.size() && (s[at] == '.' || s[at] == ',') && digits_at(s, at + 1, 1))
        for (++at; at < s.size() && std::isdigit(static_cast<unsigned char>(s[at]));) ++at;
    if (at < s.size() && s[at] == 'Z') ++at;
    if (at + 5 < s.size() && (s[at] == '+' || s[at] == '-') && digits_at(s, at + 1, 2))
        at += s[at + 3] == ':' ? 6 : 5;
    return at;
}

std::string_view without_log_prefix(std::string_view s) {
    for (int k = 0; k < 3; ++k) {
        size_t n = time_stamp(s);
        if (!n && !s.empty() && s[0] == '[') {
            size_t close = s.find(']');
            if (close != std::string_view::npos && close < 64 && s.find('[', 1) > close)
                n = close + 1;
        }
        if (!n || n >= s.size() || (s[n] != ' ' && s[n] != '\t')) break;
        s.remove_prefix(n + 1);
    }
    return s;
}

}  // namespace speedlab::parse
