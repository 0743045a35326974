// No source file outside the registry spells an algorithm's name in quotes
// (issue 32): a new name, or a new spelling of one, has one place to go. The
// names the scan looks for are the registry's own, so the rule follows the table.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/algorithm_registry.h"
#include "core/text.h"

namespace speedlab {
namespace {

namespace fs = std::filesystem;

// Files that may spell names: the registry, its curves, isa's reference kernels.
constexpr std::string_view kRegistryFiles[] = {"core/algorithm_registry.cpp",
                                               "core/algorithm_registry.h",
                                               "core/algorithm_families.cpp",
                                               "core/algorithm_families.h",
                                               "core/curve.cpp",
                                               "core/curve.h",
                                               "isa/"};

// Literals spelled like a name that do not name an algorithm: {file, literal}.
constexpr std::pair<std::string_view, std::string_view> kNotNames[] = {
    {"core/json.cpp", "sha256"},  // the bundle's field for a source file's checksum
};

struct Literal {
    int line;
    std::string text;
};

// Skips a comment or a character literal at `i` (a digit separator is neither).
size_t skip_comment_or_char(const std::string& s, size_t i) {
    if (s.compare(i, 2, "//") == 0) return s.find('\n', i);
    if (s.compare(i, 2, "/*") == 0) {
        size_t end = s.find("*/", i + 2);
        return end == std::string::npos ? end : end + 2;
    }
    if (s[i] == '\'' && (i == 0 || !std::isalnum(static_cast<unsigned char>(s[i - 1])))) {
        size_t j = i + 1;
        while (j < s.size() && s[j] != '\'') j += s[j] == '\\' ? 2 : 1;
        return j + 1;
    }
    return i;
}

// The string literals of a C++ source, raw ones included, with their lines.
std::vector<Literal> string_literals(const std::string& s) {
    std::vector<Literal> out;
    int line = 1;
    for (size_t i = 0; i < s.size();) {
        if (size_t next = skip_comment_or_char(s, i); next != i) {
            if (next == std::string::npos) break;
            line += static_cast<int>(std::count(s.begin() + i, s.begin() + next, '\n'));
            i = next;
            continue;
        }
        if (s[i] == '\n') ++line;
        if (s[i] != '"') {
            ++i;
            continue;
        }
        std::string text;
        size_t j = i + 1;
        if (i > 0 && s[i - 1] == 'R') {  // R"delim( ... )delim"
            size_t open = s.find('(', j);
            if (open == std::string::npos) break;
            std::string close = ")" + s.substr(j, open - j) + "\"";
            size_t end = s.find(close, open);
            if (end == std::string::npos) break;  // unterminated: no literal
            text = s.substr(open + 1, end - open - 1);
            j = end + close.size();
        } else {
            for (; j < s.size() && s[j] != '"'; ++j) {
                if (s[j] == '\\') ++j;
                if (j < s.size()) text += s[j];
            }
            ++j;
        }
        out.push_back({line, text});
        line +=
            static_cast<int>(std::count(s.begin() + i, s.begin() + std::min(j, s.size()), '\n'));
        i = j;
    }
    return out;
}

// Lower case, spaces as hyphens: how the registry looks names up.
std::string as_looked_up(std::string_view name) {
    std::string s = lower_ascii(name);
    std::replace(s.begin(), s.end(), ' ', '-');
    return s;
}

// Every name of every row but BogoMips': ids, printed rows, spellings, typed names, EVP names.
std::set<std::string> registry_names() {
    std::set<std::string> out;
    for (const AlgorithmInfo& a : algorithm_table()) {
        // BogoMips is also a command, a unit and a bundle's field: not scanned.
        if (a.kind == AlgorithmKind::bogomips) continue;
        for (auto name : {a.id, a.row_1x, a.row_3x, a.evp})
            if (!name.empty()) out.insert(as_looked_up(name));
        for (auto list : {a.spellings, a.typed})
            for (auto w : word_list(list)) out.insert(std::string(w));
    }
    return out;
}

bool registry_file(const std::string& relative) {
    return std::any_of(std::begin(kRegistryFiles), std::end(kRegistryFiles),
                       [&](std::string_view f) { return relative.starts_with(f); });
}

bool not_a_name(const std::string& relative, const std::string& literal) {
    return std::find(std::begin(kNotNames), std::end(kNotNames),
                     std::pair<std::string_view, std::string_view>(relative, literal)) !=
           std::end(kNotNames);
}

TEST(RegistryNames, TheScannerFindsLiteralsOutsideComments) {
    const std::string source =
        "// \"md5\" in a comment\nauto a = \"sha1\"; /* \"rc4\" */ char c = '\"';\n"
        "int n = 1'000; auto r = R\"x(des cbc)x\"; auto e = \"a\\\"b\";\n";
    auto got = string_literals(source);
    ASSERT_EQ(got.size(), 3u);
    EXPECT_EQ(got[0].text, "sha1");
    EXPECT_EQ(got[0].line, 2);
    EXPECT_EQ(got[1].text, "des cbc");
    EXPECT_EQ(got[1].line, 3);
    EXPECT_EQ(got[2].text, "a\"b");
    EXPECT_TRUE(registry_names().count(as_looked_up(got[1].text)));
    EXPECT_TRUE(string_literals("auto r = R\"x(never closed").empty());
}

TEST(RegistryNames, NoSourceOutsideTheRegistrySpellsAnAlgorithmName) {
    const fs::path src = fs::path(SPEEDLAB_TEST_DATA) / ".." / ".." / "src";
    const std::set<std::string> names = registry_names();
    size_t files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(src)) {
        auto ext = entry.path().extension();
        if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".h")) continue;
        std::string relative = entry.path().lexically_relative(src).generic_string();
        if (registry_file(relative)) continue;
        ++files;
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        for (const Literal& l : string_literals(text.str())) {
            std::string name = as_looked_up(l.text);
            if (names.count(name) && !not_a_name(relative, name))
                ADD_FAILURE() << "src/" << relative << ":" << l.line << ": \"" << l.text
                              << "\": an algorithm's name; read it from core/algorithm_registry";
        }
    }
    EXPECT_GT(files, 100u) << "the scan found the sources at " << src;
}

}  // namespace
}  // namespace speedlab
