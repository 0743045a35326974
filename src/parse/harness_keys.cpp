#include "parse/harness_keys.h"

#include <algorithm>

namespace speedlab::parse {

namespace {

// VALUE after "'KEY':" at AT: a quoted string, or a word up to , } or space.
std::string value_at(std::string_view text, size_t at) {
    while (at < text.size() && text[at] == ' ') ++at;
    if (at >= text.size()) return {};
    char quote = text[at];
    if (quote == '\'' || quote == '"') {
        size_t end = text.find(quote, at + 1);
        size_t line = text.find('\n', at + 1);
        if (end == std::string_view::npos || end > line) return {};
        return std::string(text.substr(at + 1, end - at - 1));
    }
    size_t end = text.find_first_of(",}) \n", at);
    return std::string(text.substr(at, std::min(end, text.size()) - at));
}

}  // namespace

std::vector<std::string> harness_key_values(std::string_view text, std::string_view key) {
    std::vector<std::string> out;
    for (char quote : {'\'', '"'}) {
        std::string needle = std::string(1, quote) + std::string(key) + quote + ":";
        for (size_t at = text.find(needle); at != std::string_view::npos;
             at = text.find(needle, at + 1)) {
            std::string v = value_at(text, at + needle.size());
            if (!v.empty() && std::find(out.begin(), out.end(), v) == out.end())
                out.push_back(std::move(v));
        }
    }
    return out;
}

}  // namespace speedlab::parse
