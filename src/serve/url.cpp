#include "serve/url.h"

#include <algorithm>
#include <cctype>

namespace speedlab::serve {

std::string url_encode(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~') {
            out += c;
        } else {
            out += '%';
            out += kHex[u >> 4];
            out += kHex[u & 15];
        }
    }
    return out;
}

namespace {
int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
}  // namespace

std::string url_decode(std::string_view text, bool plus_is_space) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '+' && plus_is_space) {
            out += ' ';
        } else if (text[i] == '%' && i + 2 < text.size() && hex_digit(text[i + 1]) >= 0 &&
                   hex_digit(text[i + 2]) >= 0) {
            out += static_cast<char>(hex_digit(text[i + 1]) * 16 + hex_digit(text[i + 2]));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

namespace {
// A path's segments encoded, its slashes kept.
std::string url_encode_path(std::string_view path) {
    std::string out;
    size_t start = 0;
    while (true) {
        auto slash = path.find('/', start);
        out += url_encode(path.substr(start, slash - start));
        if (slash == std::string_view::npos) break;
        out += '/';
        start = slash + 1;
    }
    return out;
}
}  // namespace

Params parse_query(std::string_view query) {
    if (!query.empty() && query.front() == '?') query.remove_prefix(1);
    Params out;
    while (!query.empty()) {
        auto amp = query.find('&');
        std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
        auto eq = pair.find('=');
        std::string name = url_decode(pair.substr(0, eq));
        if (name.empty()) continue;
        out.emplace_back(name, eq == std::string_view::npos ? "" : url_decode(pair.substr(eq + 1)));
    }
    return out;
}

std::string query_string(const Params& params) {
    std::string out;
    for (const auto& [name, value] : params)
        if (!value.empty())
            out += (out.empty() ? "?" : "&") + url_encode(name) + "=" + url_encode(value);
    return out;
}

std::string link_to(const Request& request, const Params& changes) {
    Params q;
    for (const auto& [name, value] : request.query) {
        bool changed = std::any_of(changes.begin(), changes.end(),
                                   [&](const auto& c) { return c.first == name; });
        if (!changed) q.emplace_back(name, value);
    }
    q.insert(q.end(), changes.begin(), changes.end());
    return url_encode_path(request.path) + query_string(q);
}

}  // namespace speedlab::serve
