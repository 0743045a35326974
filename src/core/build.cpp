#include "core/build.h"

#include <cctype>
#include <map>

namespace speedlab {

std::string build_key(const Run& run) {
    return run.program + '\n' + run.version + '\n' + run.options + '\n' + run.compiler;
}

bool built_without_asm(const Run& run) {
    return run.compiler.find("NO_ASM") != std::string::npos ||
           run.options.find("no-asm") != std::string::npos ||
           run.compiler.find("no-asm") != std::string::npos;
}

std::string build_name(const Run& run) {
    // "OpenSSL 0.9.6b [engine] 9 Jul 2001": the words up to the version number, the
    // number, and bracketed words; the date after it is not the build's name.
    std::string out;
    size_t i = 0;
    const std::string& v = run.version;
    bool number = false;
    while (i < v.size()) {
        while (i < v.size() && v[i] == ' ') ++i;
        size_t end = v.find(' ', i);
        std::string word = v.substr(i, end == std::string::npos ? std::string::npos : end - i);
        i = end == std::string::npos ? v.size() : end;
        if (word.empty()) break;
        bool digits = std::isdigit(static_cast<unsigned char>(word[0])) != 0;
        if (word.front() == '[' && word.back() == ']')
            word = word.substr(1, word.size() - 2);
        else if (number)
            break;  // the release date
        else if (digits)
            number = true;
        out += (out.empty() ? "" : " ") + word;
    }
    if (out.empty()) out = run.program.empty() ? "unknown build" : run.program;
    if (built_without_asm(run)) out += " no-asm";
    return out;
}

std::vector<std::string> unique_build_names(const std::vector<std::string>& keys,
                                            const std::vector<std::string>& names) {
    std::map<std::string, std::map<std::string, size_t>> seen;  // name -> key -> its number
    std::vector<std::string> out;
    for (size_t i = 0; i < keys.size() && i < names.size(); ++i) {
        auto& numbers = seen[names[i]];
        auto [it, added] = numbers.try_emplace(keys[i], numbers.size() + 1);
        out.push_back(it->second == 1 ? names[i]
                                      : names[i] + " (build " + std::to_string(it->second) + ")");
    }
    return out;
}

}  // namespace speedlab
