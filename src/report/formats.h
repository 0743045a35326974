#pragma once
// The formats of every command and page that prints runs, machines or
// comparisons (list, machines, show, sysinfo, history, compare, ...): one table
// {name, renderer} per kind of data, so every command takes the same names, its
// help and errors list them from its table, and a served page's ?format= is
// the command's output.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace speedlab::report {

// How text shows throughput: "6242.30k" as `openssl speed` prints it, or
// "6.24230 MB/s" (kB/s, MB/s, GB/s with 4 to 6 significant digits, never more
// than the source printed).
enum class Units { openssl, si };
std::optional<Units> parse_units(std::string_view name);

// One set for every format; a renderer reads what applies to it.
struct FormatOptions {
    size_t width = 100;  // text: the columns a table may take
    Units units = Units::si;
    bool ratios_only = false;  // two runs compared: the sslcmp grid of ratios, without the values
    bool fragment = false;     // html: the report's parts, for a page around them
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
        std::string_view help = {};   // what --format's help says of it, where the names do not
        std::string_view alias = {};  // another name it answers to ("md")
    };
    std::vector<Entry> entries;

    // Every name it takes, aliases after their format's.
    std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (const auto& e : entries) {
            out.emplace_back(e.name);
            if (!e.alias.empty()) out.emplace_back(e.alias);
        }
        return out;
    }
    const Entry* find(std::string_view name) const {
        for (const auto& e : entries)
            if (e.name == name || (!e.alias.empty() && e.alias == name)) return &e;
        return nullptr;
    }
    // "text, json or csv", or "text: aligned tables; json: ..." where formats say more.
    std::string help() const {
        std::string out;
        for (const auto& e : entries)
            if (!e.help.empty())
                out += (out.empty() ? "" : "; ") + std::string(e.name) + ": " + std::string(e.help);
        return out.empty() ? names_text(names()) : out;
    }
    // NAME is one of names(): the command line checks it first.
    std::string render(std::string_view name, const T& data, const FormatOptions& o = {}) const {
        const Entry* e = find(name);
        return e ? e->render(data, o) : std::string();
    }
};

}  // namespace speedlab::report
