// core/text: the searches every stage of import leans on.
#include "core/text.h"

#include <gtest/gtest.h>

namespace speedlab {
namespace {

TEST(Text, MentionsInAnyAsciiCase) {
    struct Case {
        std::string name, text, word;
        bool want;
    } cases[] = {
        {"same case", "run openssl speed md5", "openssl speed", true},
        {"mixed case", "OpenSSL Speed rsa", "openssl speed", true},
        {"cut at the end", "openssl spee", "openssl speed", false},
        {"first letter repeated", "ooopenssl speed", "openssl speed", true},
        {"absent", "libressl", "openssl", false},
        {"empty word", "anything", "", true},
        {"at the very end", "$ OPENSSL SPEED", "openssl speed", true},
        {"at the very start", "openssl speed", "openssl speed", true},
        {"word longer than the text", "speed", "openssl speed", false},
        {"rare letter present, word not", "p p p speed openssl", "openssl speed", false},
        {"anchor near the start of the text", "speedy", "speed", true},
        {"non-letters", "1024 byte blocks", "byte block", true},
    };
    for (const auto& c : cases) EXPECT_EQ(mentions(c.text, c.word), c.want) << c.name;
}

TEST(Text, FindMentionGivesEachPlaceInTurn) {
    const std::string_view text = "Speed: openssl speed md5; OPENSSL SPEED rsa; openssl spee";
    size_t first = find_mention(text, "openssl speed");
    EXPECT_EQ(first, 7u);
    size_t second = find_mention(text, "openssl speed", first + 1);
    EXPECT_EQ(second, 26u);
    EXPECT_EQ(find_mention(text, "openssl speed", second + 1), std::string_view::npos);
    EXPECT_EQ(find_mention(text, "openssl speed", text.size() + 1), std::string_view::npos);
    EXPECT_EQ(find_mention(text, "", 3), 3u);
    EXPECT_EQ(find_mention(text, "speed"), 0u);  // the anchor letter in either case
}

TEST(Text, ByteSetFindsTheFirstByteInAndNotInTheSet) {
    constexpr ByteSet digits("0123456789.");
    EXPECT_EQ(digits.find("abc12"), 3u);
    EXPECT_EQ(digits.find("abc"), std::string_view::npos);
    EXPECT_EQ(digits.find_not("12.5k"), 4u);
    EXPECT_EQ(digits.find_not("12.5"), std::string_view::npos);
    constexpr ByteSet high("\xE2\xC2");  // bytes above 0x7F are members like any other
    EXPECT_TRUE(
        high.any_in("8\xC2\xA0"
                    "192"));
    EXPECT_FALSE(high.any_in("8 192"));
    EXPECT_FALSE(ByteSet("").any_in("anything"));
}

TEST(Text, NeedlesSayWhichStringsALineHolds) {
    const Needles needles{"vendor_id", "MemTotal:", "PCem", "CPU: ", "lspci"};
    struct Case {
        std::string name, text;
        uint64_t want;
    } cases[] = {
        {"none", "md5 1234.56k 2345.67k", 0},
        {"one", "vendor_id\t: GenuineIntel", 1 << 0},
        {"two on one line", "hda: PCemHD, ATA DISK drive; CPU: Pentium 75", 1 << 2 | 1 << 3},
        {"at the very end", "$ lspci", 1 << 4},
        {"cut short", "MemTotal", 0},
        {"first byte without the second", "PC PCe", 0},
        {"case matters", "cpu: pentium", 0},
        {"empty", "", 0},
    };
    for (const auto& c : cases) EXPECT_EQ(needles.found(c.text), c.want) << c.name;
}

TEST(Text, PlainTextFromWindowsAndClassicMacFiles) {
    struct Case {
        std::string name, input;
        std::optional<std::string> want;
    } cases[] = {
        {"UTF-8 with line feeds stays", "md5 1.00k\n", std::nullopt},
        {"CRLF stays (unwrap drops the CR)", "md5 1.00k\r\n", std::nullopt},
        {"UTF-16LE with its mark",
         std::string("\xFF\xFEm\0d\0"
                     "5\0\n\0",
                     10),
         "md5\n"},
        {"UTF-16BE with its mark",
         std::string("\xFE\xFF\0m\0d\0"
                     "5",
                     8),
         "md5"},
        {"UTF-16 beyond ASCII", std::string("\xFF\xFE\x19\x20", 4), "\xE2\x80\x99"},
        {"UTF-16 cut mid-unit", std::string("\xFF\xFEm\0d", 5), "m\xEF\xBF\xBD"},
        {"a lone surrogate", std::string("\xFF\xFE\x00\xD8m\0", 6), "\xEF\xBF\xBDm"},
        {"UTF-8 byte order mark", "\xEF\xBB\xBFOpenSSL 1.1.1w", "OpenSSL 1.1.1w"},
        {"classic Mac line ends", "md5 1.00k\rsha1 2.00k\r", "md5 1.00k\nsha1 2.00k\n"},
    };
    for (const auto& c : cases) EXPECT_EQ(as_plain_text(c.input), c.want) << c.name;
}

}  // namespace
}  // namespace speedlab
