#pragma once
// The formats of the commands that print runs or machines (list, machines, show,
// sysinfo): one table {name, renderer} per kind of data, so every command takes
// the same names and its help and errors list them from its table.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace speedlab::report {

struct FormatOptions {
    size_t width = 100;  // text: the columns a table may take
};

// "text, json or csv": names as a sentence lists them.
inline std::string names_text(const std::vector<std::string>& names) {
    std::string out;
    for (size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return out;
}

template <class T>
struct Formats {
    struct Entry {
        std::string_view name;
        std::string (*render)(const T&, const FormatOptions&);
    };
    std::vector<Entry> entries;

    std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (const auto& e : entries) out.emplace_back(e.name);
        return out;
    }
    // NAME is one of names(): the command line checks it first.
    std::string render(std::string_view name, const T& data, const FormatOptions& o = {}) const {
        for (const auto& e : entries)
            if (e.name == name) return e.render(data, o);
        return {};
    }
};

}  // namespace speedlab::report
