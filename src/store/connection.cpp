#include "store/connection.h"

#include <fmt/format.h>

#include <cctype>
#include <cstring>

#include "core/text.h"

namespace speedlab::store {

std::unique_ptr<Connection> connect_sqlite(const std::string& path, Access access);
std::unique_ptr<Connection> connect_postgres(const std::string& url);

std::string busy_message() {
    return fmt::format(
        "the store is busy: another process has been writing to it for {} s; try again when "
        "it is done",
        kLockWaitSeconds);
}

std::string storable_text(const std::string& s) {
    std::string t = valid_utf8(s);
    for (size_t at = t.find('\0'); at != std::string::npos; at = t.find('\0', at))
        t.replace(at, 1, "\xEF\xBF\xBD");
    return t;
}

namespace {
bool starts_with_nocase(std::string_view text, std::string_view prefix) {
    if (text.size() < prefix.size()) return false;
    for (size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i]) return false;
    return true;
}
}  // namespace

bool is_postgres_url(std::string_view location) {
    return starts_with_nocase(location, "postgresql://") ||
           starts_with_nocase(location, "postgres://");
}

std::string postgres_url_problem(std::string_view location) {
    std::string_view trimmed = trimmed_view(location);
    if (!starts_with_nocase(trimmed, "postgres")) return {};
    size_t after = starts_with_nocase(trimmed, "postgresql") ? 10 : 8;
    // postgres.db, postgresql-lab.db: file names
    if (after < trimmed.size() && (std::isalnum(static_cast<unsigned char>(trimmed[after])) ||
                                   std::strchr("._-", trimmed[after])))
        return {};
    if (trimmed.size() != location.size())
        return "a PostgreSQL URL with white space around it; give it without";
    if (!is_postgres_url(trimmed))
        return fmt::format("expected '://' after '{}' (postgresql://USER@HOST/DB), found '{}'",
                           trimmed.substr(0, after), terminal_safe(trimmed.substr(after, 3)));
    for (size_t i = 0; i < trimmed.size(); ++i)
        if (static_cast<unsigned char>(trimmed[i]) <= ' ' || trimmed[i] == 0x7f)
            return fmt::format(
                "a PostgreSQL URL holds no white space or control character, found one at "
                "character {} (write a space in a value as %20)",
                i + 1);
    return {};
}

std::optional<std::string> url_like(std::string_view location) {
    if (is_postgres_url(location)) return std::nullopt;
    // SCHEME: as RFC 3986 spells it (a letter, then letters, digits, + - .), of
    // two letters or more so that "C:" stays a name; "postgresql:/x" too.
    size_t colon = location.find(':');
    if (colon == std::string_view::npos || colon < 2) return std::nullopt;
    std::string_view scheme = location.substr(0, colon);
    if (!std::isalpha(static_cast<unsigned char>(scheme[0]))) return std::nullopt;
    for (char c : scheme)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '-' && c != '.')
            return std::nullopt;
    if (location.substr(colon).starts_with("://") || starts_with_nocase(scheme, "postgres") ||
        starts_with_nocase(scheme, "postgresql"))
        return std::string(scheme);
    return std::nullopt;
}

std::unique_ptr<Connection> connect(const std::string& location, Access access) {
    // A mistyped URL never becomes an SQLite file of that name.
    if (auto problem = postgres_url_problem(location); !problem.empty())
        throw StoreError("cannot open database '" + terminal_safe(without_password(location)) +
                         "': " + problem + "; nothing created");
    if (auto scheme = url_like(location))
        throw StoreError("cannot open database " + without_password(location) +
                         ": a URL of scheme '" + *scheme +
                         "', which speedlab does not know; give postgresql://USER@HOST/DB or a "
                         "file name");
    if (!is_postgres_url(location)) return connect_sqlite(location, access);
    std::string url = location;  // libpq knows the scheme in lower case only
    for (size_t i = 0; i < url.find(':'); ++i)
        url[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(url[i])));
    return connect_postgres(url);
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
