#pragma once
// What carrying a text put before each of its lines: mail quoting ("> ",
// "> > ") and a CI log's or logger's time stamps and short bracketed tags.
// openssl's own lines start with none of them.
#include <string_view>

namespace speedlab::parse {

// The line without mail quoting at its start; `line` itself when it has none.
std::string_view unquote(std::string_view line);

// "2024-05-01T12:34:56.7890123Z", "2024-05-01 12:34:56,789", "12:34:56.789":
// how long the time stamp at the start of `s` is, 0 when there is none.
size_t time_stamp(std::string_view s);

// The line without up to three time stamps and tags ("[job 12] ", "[12:34:56] ").
std::string_view without_log_prefix(std::string_view line);

// Both, in the order a quoted log or a logged quote puts them.
inline std::string_view without_transport(std::string_view line) {
    return unquote(without_log_prefix(unquote(line)));
}

}  // namespace speedlab::parse
