#include "store/connection.h"

#include "core/text.h"

namespace speedlab::store {

std::unique_ptr<Connection> connect_sqlite(const std::string& path);
std::unique_ptr<Connection> connect_postgres(const std::string& url);

std::string storable_text(const std::string& s) {
    std::string t = valid_utf8(s);
    for (size_t at = t.find('\0'); at != std::string::npos; at = t.find('\0', at))
        t.replace(at, 1, "\xEF\xBF\xBD");
    return t;
}

bool is_postgres_url(std::string_view location) {
    return location.starts_with("postgresql://") || location.starts_with("postgres://");
}

std::unique_ptr<Connection> connect(const std::string& location) {
    return is_postgres_url(location) ? connect_postgres(location) : connect_sqlite(location);
}

std::string without_password(const std::string& url) {
    std::string out = url;
    auto scheme = out.find("://");
    if (scheme != std::string::npos) {
        size_t start = scheme + 3;
        size_t end = out.find_first_of("/?", start);
        if (end == std::string::npos) end = out.size();
        auto at = out.rfind('@', end);
        if (at != std::string::npos && at >= start) {
            auto colon = out.find(':', start);
            if (colon != std::string::npos && colon < at) out.erase(colon, at - colon);
        }
    }
    // ...?password=SECRET&... as well
    for (auto at = out.find("password="); at != std::string::npos; at = out.find("password=")) {
        if (at == 0 || (out[at - 1] != '?' && out[at - 1] != '&')) break;
        auto end = out.find('&', at);
        out.erase(at - 1, (end == std::string::npos ? out.size() : end) - (at - 1));
        if (at - 1 < out.size() && out[at - 1] == '&' && out.find('?') == std::string::npos)
            out[at - 1] = '?';
    }
    return out;
}

}  // namespace speedlab::store
