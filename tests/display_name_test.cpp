// core/display_name: the one rule for machine names and run labels (issue 31,
// items 11, 12, 17, 23), and terminal_safe's bidi controls.
#include "core/display_name.h"

#include <gtest/gtest.h>

#include "core/text.h"

namespace speedlab {
namespace {

TEST(DisplayName, ProblemsOfNamesAndLabels) {
    struct Case {
        std::string name, input;
        NameKind kind;
        std::string want;  // a part of the problem; empty: none
    } cases[] = {
        {"plain", "tilia", NameKind::machine, ""},
        {"spaces and punctuation", "PCem P75 (rh7.3)", NameKind::machine, ""},
        {"CJK", "\xe6\xb5\x8b\xe8\xaf\x95\xe6\x9c\xba", NameKind::machine, ""},
        {"nothing", "", NameKind::machine, "found nothing"},
        {"newline", "a\nb", NameKind::machine, "control character U+000A at character 2"},
        {"tab", "a\tb", NameKind::machine, "control character U+0009"},
        {"escape", "\x1b[31mx", NameKind::machine, "control character U+001B at character 1"},
        {"bell", "x\a", NameKind::machine, "U+0007"},
        {"delete", "x\x7f", NameKind::machine, "U+007F"},
        {"next line U+0085", "a\xc2\x85", NameKind::machine, "control character U+0085"},
        {"line separator", "a\xe2\x80\xa8", NameKind::machine, "U+2028"},
        {"right-to-left override",
         "\xe2\x80\xae"
         "abc",
         NameKind::machine, "invisible character U+202E"},
        {"isolate", "a\xe2\x81\xa6", NameKind::machine, "U+2066"},
        {"arabic letter mark", "a\xd8\x9c", NameKind::machine, "U+061C"},
        {"left-to-right mark", "a\xe2\x80\x8e", NameKind::machine, "U+200E"},
        {"zero width space", "x\xe2\x80\x8b", NameKind::machine, "invisible character U+200B"},
        {"zero width joiner", "x\xe2\x80\x8d", NameKind::machine, "U+200D"},
        {"word joiner", "x\xe2\x81\xa0", NameKind::machine, "U+2060"},
        {"byte order mark", "\xef\xbb\xbfx", NameKind::machine, "U+FEFF"},
        {"100 characters", std::string(100, 'x'), NameKind::machine, ""},
        {"101 characters", std::string(101, 'x'), NameKind::machine,
         "at most 100 characters, found 101"},
        {"100 CJK characters",
         [] {
             std::string s;
             for (int k = 0; k < 100; ++k) s += "\xe6\xb5\x8b";
             return s;
         }(),
         NameKind::machine, ""},
        {"a machine may hold a comma", "a,b", NameKind::machine, ""},
        {"label", "tilia rh73 0.9.6b #2", NameKind::label, ""},
        {"label with a formula sign", "=HYPERLINK(x)", NameKind::label, ""},
        {"label: command substitution", "$(touch x)", NameKind::label, "found '$' at character 1"},
        {"label: semicolon", "x;id", NameKind::label, "found ';' at character 2"},
        {"label: markup", "<script>", NameKind::label, "found '<'"},
        {"label: comma", "a,b", NameKind::label, "found ','"},
        {"label: backtick", "a`id`", NameKind::label, "found '`'"},
        {"label: pipe", "a|b", NameKind::label, "found '|'"},
        {"label: quote", "a\"b", NameKind::label, "found '\"'"},
        {"label: control first", "a\nb,", NameKind::label, "U+000A"},
    };
    for (const auto& c : cases) {
        std::string problem = name_problem(c.input, c.kind);
        if (c.want.empty()) {
            EXPECT_EQ(problem, "") << c.name;
        } else {
            EXPECT_NE(problem.find(c.want), std::string::npos) << c.name << ": " << problem;
        }
    }
}

TEST(DisplayName, NormalFormIsTrimmedValidUtf8) {
    struct Case {
        std::string name, input, want;
    } cases[] = {
        {"as it is", "tilia", "tilia"},
        {"padded", "  tilia \t", "tilia"},
        {"trailing newline", "tilia\n", "tilia"},
        {"no-break and ideographic spaces", "\xc2\xa0tilia\xe3\x80\x80", "tilia"},
        {"inner spaces kept", "a  b", "a  b"},
        {"blank", " \t ", ""},
        {"not UTF-8", "\xff", "\xef\xbf\xbd"},
    };
    for (const auto& c : cases) EXPECT_EQ(normal_name(c.input), c.want) << c.name;
}

TEST(DisplayName, NamesFromTextKeepOnlyWhatIsVisible) {
    struct Case {
        std::string name, input;
        NameKind kind;
        std::string want;
    } cases[] = {
        {"a prompt with a title escape", "root@ev\x1b]0;pwn\ail:~# openssl speed md5",
         NameKind::machine, "root@evil:~# openssl speed md5"},
        {"colour codes", "\x1b[1;31mtilia\x1b[0m", NameKind::machine, "tilia"},
        {"title ended by ST", "a\x1b]2;x\x1b\\b", NameKind::machine, "ab"},
        {"an escape at the end", "tilia\x1b", NameKind::machine, "tilia"},
        {"controls dropped", "ti\alia\x7f", NameKind::machine, "tilia"},
        {"white space made one space", " a\t\tb\n c ", NameKind::machine, "a b c"},
        {"bidi and zero width dropped",
         "\xe2\x80\xae"
         "ab\xe2\x80\x8b"
         "c",
         NameKind::machine, "abc"},
        {"next line",
         "a\xc2\x85"
         "b",
         NameKind::machine, "ab"},
        {"nothing visible", "\x1b[0m\a \xe2\x80\x8b", NameKind::machine, ""},
        {"cut at 100", std::string(250, 'x'), NameKind::machine, std::string(100, 'x')},
        {"label characters replaced", "SW; a,b", NameKind::label, "SW- a-b"},
        {"machine keeps them", "SW; a,b", NameKind::machine, "SW; a,b"},
    };
    for (const auto& c : cases) {
        std::string got = name_from_text(c.input, c.kind);
        EXPECT_EQ(got, c.want) << c.name;
        if (!got.empty()) {
            EXPECT_EQ(name_problem(got, c.kind), "") << c.name;
        }
    }
}

TEST(DisplayName, SuffixesKeepANameWithinTheLimit) {
    EXPECT_EQ(with_suffix("tilia", " #2"), "tilia #2");
    EXPECT_EQ(with_suffix(std::string(100, 'x'), " #2"), std::string(97, 'x') + " #2");
    EXPECT_EQ(with_suffix(std::string(96, 'x') + " yyy", "-12"), std::string(96, 'x') + "-12")
        << "no space left before the suffix";
    std::string cjk;
    for (int k = 0; k < 100; ++k) cjk += "\xe6\xb5\x8b";
    std::string got = with_suffix(cjk, " #10");
    EXPECT_EQ(name_problem(got, NameKind::label), "");
    EXPECT_EQ(got.substr(got.size() - 4), " #10");
}

TEST(DisplayName, TerminalSafeHidesBidiControls) {
    EXPECT_EQ(terminal_safe("a\xe2\x80\xae"
                            "b\xe2\x81\xa6"
                            "c\xd8\x9c"
                            "d\xe2\x80\x8f"),
              "a?b?c?d?");
    EXPECT_EQ(terminal_safe("\xe2\x80\x94 \xe6\xb5\x8b"), "\xe2\x80\x94 \xe6\xb5\x8b")
        << "other characters of those lead bytes stay";
}

}  // namespace
}  // namespace speedlab
