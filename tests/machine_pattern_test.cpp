// What --machine means: an exact name ignoring case, else a glob, else a part
// of a name; nothing matched names the closest. The names are the seeds'.
#include "core/machine_pattern.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

using namespace speedlab;

namespace {
const std::vector<std::string> kSeedNames{
    "abrasd03", "AMD Athlon(tm) processor", "p-mdk7.home", "p-rh62", "p-rh73", "PCem", "tilia"};

struct PatternCase {
    const char* name;
    const char* input;
    std::vector<std::string> want;  // empty: nothing matched
    const char* error = "";         // the whole message when nothing matched
};

const PatternCase kCases[] = {
    {"ExactName", "tilia", {"tilia"}},
    {"ExactIgnoringCase", "pcem", {"PCem"}},
    {"ExactBeatsSubstring", "P-RH73", {"p-rh73"}},
    {"SubstringOfOne", "rh73", {"p-rh73"}},
    {"SubstringOfTwo", "RH", {"p-rh62", "p-rh73"}},
    {"SubstringWithADot", ".home", {"p-mdk7.home"}},
    {"SubstringWithSpaces", "athlon(tm) proc", {"AMD Athlon(tm) processor"}},
    {"GlobPrefix", "p-*", {"p-mdk7.home", "p-rh62", "p-rh73"}},
    {"GlobIgnoresCase", "P-RH?3", {"p-rh73"}},
    {"GlobBracket", "[pt]*", {"p-mdk7.home", "p-rh62", "p-rh73", "PCem", "tilia"}},
    {"GlobMatchesTheWholeName",
     "rh*",
     {},
     "no machine 'rh*'; the closest: p-rh62, p-rh73, PCem "
     "(see speedlab machines)"},
    {"NothingNamesTheClosest",
     "nosuch",
     {},
     "no machine 'nosuch'; the closest: p-rh62, p-rh73, "
     "PCem (see speedlab machines)"},
    {"ATypoNamesTheClosest",
     "tilla",
     {},
     "no machine 'tilla'; the closest: tilia, PCem, "
     "p-rh62 (see speedlab machines)"},
};

// Names the case in test output instead of dumping its bytes.
void PrintTo(const PatternCase& c, std::ostream* os) {
    *os << c.name;
}

class MachinePatternTable : public ::testing::TestWithParam<PatternCase> {};

TEST_P(MachinePatternTable, MatchesAsDocumented) {
    const auto& c = GetParam();
    EXPECT_EQ(match_machines(c.input, kSeedNames), c.want) << c.input;
    if (c.want.empty()) {
        EXPECT_EQ(no_machine_message(c.input, kSeedNames), c.error) << c.input;
    }
}

INSTANTIATE_TEST_SUITE_P(MachinePattern, MachinePatternTable, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });
}  // namespace

TEST(MachinePattern, ExactCaseWinsWhenNamesDifferOnlyInCase) {
    std::vector<std::string> names{"PCem", "pcem"};
    EXPECT_EQ(match_machines("pcem", names), std::vector<std::string>{"pcem"});
    EXPECT_EQ(match_machines("PCEM", names), (std::vector<std::string>{"PCem", "pcem"}));
}

TEST(MachinePattern, ExactMachineTakesNoGlobOrPart) {
    EXPECT_EQ(exact_machine("PCEM", kSeedNames), std::vector<std::string>{"PCem"});
    EXPECT_TRUE(exact_machine("p-*", kSeedNames).empty());
    EXPECT_TRUE(exact_machine("rh73", kSeedNames).empty());
    EXPECT_EQ(no_machine_message("rh73", kSeedNames),
              "no machine 'rh73'; the closest: p-rh73, p-rh62, PCem (see speedlab machines)");
}

TEST(MachinePattern, AnEmptyStoreSaysSo) {
    EXPECT_TRUE(match_machines("tilia", {}).empty());
    EXPECT_EQ(no_machine_message("tilia", {}), "no machine 'tilia' (no machines stored)");
}
