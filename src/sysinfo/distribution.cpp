// The distribution a text names: a release file's content ("Red Hat Linux
// release 7.3 (Valhalla)", also glued behind "$ cat /etc/redhat-release"),
// os-release and lsb-release fields, or the vendor of the kernel's compiler.
#include <array>
#include <string>

#include "core/text.h"
#include "sysinfo/decode.h"

namespace speedlab::sysinfo {

namespace {

// The quoted (or bare) value of KEY=... in the line.
std::string field_value(std::string_view line, std::string_view key) {
    auto p = line.find(key);
    if (p == std::string_view::npos || (p > 0 && ascii_alnum(line[p - 1]))) return {};
    std::string_view v = line.substr(p + key.size());
    if (!v.empty() && (v.front() == '"' || v.front() == '\'')) {
        char q = v.front();
        v.remove_prefix(1);
        v = v.substr(0, v.find(q));
    } else {
        v = v.substr(0, v.find_first_of(" \t"));
    }
    return std::string(trimmed_view(v));
}

// "Linux Mandrake release 7.2 (Odyssey)" ending at the word "release" at
// AT: the capitalised words before it (at most five), the version, the code name.
std::string release_at(std::string_view t, size_t at) {
    static constexpr std::array<std::string_view, 8> not_names{"The", "A",  "This", "That",
                                                               "Our", "In", "Its",  "Each"};
    size_t begin = at;
    for (int words = 0; words < 5 && begin > 1 && t[begin - 1] == ' '; ++words) {
        size_t w = t.rfind(' ', begin - 2);
        w = w == std::string_view::npos ? 0 : w + 1;
        std::string_view word = t.substr(w, begin - 1 - w);
        if (word.empty() || !(ascii_upper(word[0]) || word == "GNU/Linux")) break;
        bool stop = false;
        for (auto n : not_names) stop = stop || word == n;
        if (stop) break;
        begin = w;
    }
    if (begin == at) return {};
    size_t end = at + 8;  // "release "
    if (end >= t.size() || !ascii_digit(t[end])) return {};
    while (end < t.size() && (ascii_digit(t[end]) || t[end] == '.')) ++end;
    if (t.substr(end, 2) == " (")
        if (auto close = t.find(')', end); close != std::string_view::npos && close < end + 40)
            end = close + 1;
    return std::string(t.substr(begin, end - begin));
}

}  // namespace

std::optional<std::string> decode_release_line(std::string_view line) {
    std::string_view t = trimmed_view(line);
    for (std::string_view key : {"PRETTY_NAME=", "DISTRIB_DESCRIPTION="})
        if (auto v = field_value(t, key); !v.empty()) return v;
    // Content of a release file: the line starts with it, or it follows the
    // file's path ("$ cat /etc/redhat-release Linux Mandrake release 7.2").
    bool after_path = t.find("-release ") != std::string_view::npos;
    for (size_t p = t.find(" release "); p != std::string_view::npos;
         p = t.find(" release ", p + 1)) {
        std::string found = release_at(t, p + 1);
        if (found.empty()) continue;
        bool starts_line = t.substr(0, found.size()) == found && t.size() <= 80;
        bool follows_path = after_path && p > t.find("-release ");
        if (starts_line || follows_path) return found;
    }
    return std::nullopt;
}

// "Linux version 2.4.18-3 (...) (gcc version 2.96 20000731 (Red Hat Linux 7.3
// 2.96-110))": a vendor's compiler names the release it came with.
std::optional<std::string> distribution_of_kernel_compiler(std::string_view line) {
    auto gcc = line.find("(gcc version ");
    if (gcc == std::string_view::npos) return std::nullopt;
    auto open = line.find('(', gcc + 1);
    auto linux_at = open == std::string_view::npos ? open : line.find(" Linux ", open);
    if (linux_at == std::string_view::npos || !ascii_upper(line[open + 1])) return std::nullopt;
    size_t end = linux_at + 7;
    if (end >= line.size() || !ascii_digit(line[end])) return std::nullopt;
    while (end < line.size() && (ascii_digit(line[end]) || line[end] == '.')) ++end;
    std::string_view name = line.substr(open + 1, end - open - 1);
    if (name.find(')') != std::string_view::npos) return std::nullopt;
    return std::string(name);
}

}  // namespace speedlab::sysinfo
