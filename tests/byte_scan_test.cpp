// parse/byte_scan.h answers as the byte loops it replaces, at every start
// and on every byte that is white space, near it, or a control byte.
#include "parse/byte_scan.h"

#include <gtest/gtest.h>

#include <string>

#include "parse/cells.h"

namespace speedlab::parse {
namespace {

size_t skip_spaces_bytewise(std::string_view s, size_t i) {
    while (i < s.size() && space(s[i])) ++i;
    return i;
}
size_t word_end_bytewise(std::string_view s, size_t i) {
    while (i < s.size() && !space(s[i])) ++i;
    return i;
}

struct Case {
    const char* name;
    std::string text;
};

const Case kCases[] = {
    {"empty", ""},
    {"short row", "md5  1.00k"},
    {"padding of 20 spaces", std::string(20, ' ') + "| tilia |" + std::string(17, ' ') + "x"},
    {"tabs in a run of spaces", "        \t        \v\f\r\n       word"},
    {"long words", "aes-256-cbc-hmac-sha256-with-a-long-name 1234567890.12345k"},
    {"control bytes are no space", std::string("abc\x01\x08\x0e\x1f"
                                               "defghijk lmn")},
    {"utf-8 and 0xff",
     "Mo/s\xC2\xA0\xE2\x80\xAF 646\xE2\x80\x99"
     "811.75k \xff\xfe end"},
    {"every white space byte", " \t\n\v\f\r !\"#\x7f\x80"},
};

TEST(ByteScan, AnswersAsTheByteLoopsFromEveryStart) {
    for (const auto& c : kCases) {
        std::string_view s = c.text;
        for (size_t i = 0; i <= s.size(); ++i) {
            EXPECT_EQ(skip_spaces(s, i), skip_spaces_bytewise(s, i)) << c.name << " at " << i;
            EXPECT_EQ(word_end(s, i), word_end_bytewise(s, i)) << c.name << " at " << i;
        }
    }
}

TEST(ByteScan, SplitsWordsAndTrimsAsBefore) {
    std::string padded = std::string(19, ' ') + "md5\t\t 16.00k" + std::string(9, ' ');
    EXPECT_EQ(trim(padded), "md5\t\t 16.00k");
    EXPECT_EQ(words(padded), (std::vector<std::string_view>{"md5", "16.00k"}));
    EXPECT_EQ(trim(std::string(16, ' ')), "");
    EXPECT_TRUE(words(std::string(24, '\t')).empty());
}

}  // namespace
}  // namespace speedlab::parse
