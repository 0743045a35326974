#pragma once
// What the decoders of system text share: a field's number and its words.
#include <charconv>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/text.h"

namespace speedlab::sysinfo::detail {

// The number a field's value starts with ("863.918", " 4"); none when it
// starts with none.
template <class T>
std::optional<T> number(std::string_view s) {
    std::string t = trimmed(s);
    T v{};
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc{} || p == t.data()) return std::nullopt;
    return v;
}

// A value's words, split at white space ("fpu vme de pse").
inline std::vector<std::string> split_words(std::string_view s) {
    std::vector<std::string> out;
    std::istringstream in{std::string(s)};
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

}  // namespace speedlab::sysinfo::detail
