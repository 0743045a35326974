// What people read and type about runs: the dates texts state, short names
// within one comparison, ratios in words, tables that fit a width (issue 33).
#include <gtest/gtest.h>

#include <deque>

#include "compare/short_names.h"
#include "parse/speed_parser.h"
#include "parse/stated_date.h"
#include "report/comparison.h"
#include "report/text_table.h"
#include "report/verdict.h"

using namespace speedlab;

TEST(StatedDate, ReadsMailHeadersLogStampsAndPostDates) {
    struct Case {
        const char* name;
        const char* line;
        const char* want;
    } cases[] = {
        {"mail header with zone", "Date: Tue, 14 May 2002 10:31:07 +0200", "2002-05-14T08:31:07Z"},
        {"quoted mail header", "> Date: Fri, 4 Jan 2008 23:30:00 -0500", "2008-01-05T04:30:00Z"},
        {"header with a zone name", "Date: Thu, 5 Oct 2000 13:16:08 CEST", "2000-10-05T11:16:08Z"},
        {"header of a date only", "Date: 14 May 2002", "2002-05-14"},
        {"CI log stamp", "2024-03-01T12:00:05.1234567Z md5   1000.00k", "2024-03-01T12:00:05Z"},
        {"bracketed log stamp", "[2019-07-02 08:15:00] Doing md5 for 3s", "2019-07-02T08:15:00Z"},
        {"post date alone", "2019-03-05", "2019-03-05"},
        {"post date in words", "March 5, 2019", "2019-03-05"},
        {"day first in words", "5 March 2019", "2019-03-05"},
        {"posted caption", "Posted on Jan 7th, 2007", "2007-01-07"},
        {"build line is no measuring date", "built on: Thu Oct  4 17:32:42 GMT 2007", ""},
        {"version release date", "OpenSSL 0.9.8e 23 Feb 2007", ""},
        {"uname build date", "Linux p-rh73 2.4.18-3 #1 Thu Apr 18 07:31:07 EDT 2002 i586", ""},
        {"a date inside prose", "RedHat 7.3 was released on 2002-05-06 with OpenSSL", ""},
        {"years, not a date", "1999-2002", ""},
        {"no such day", "2002-02-30", ""},
        {"a figure row", "md5 759.70k 4322.71k 8890.97k", ""},
    };
    for (const auto& c : cases) EXPECT_EQ(parse::stated_date(c.line), c.want) << c.name;
}

TEST(StatedDate, ImportedRunsTakeTheDateStatedBeforeThem) {
    std::string text =
        "From: someone\n"
        "Date: Sat, 05 Jan 2008 10:00:00 +0000\n"
        "Subject: speed\n\n"
        "OpenSSL 0.9.8e 23 Feb 2007\n"
        "built on: Thu Oct  4 17:32:42 GMT 2007\n"
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
        "md5               5000.00k    15000.00k    35000.00k    50000.00k    60000.00k\n";
    auto parsed = parse::parse_speed_text(text, "mail.txt");
    ASSERT_EQ(parsed.runs.size(), 1u);
    EXPECT_EQ(parsed.runs[0].measured_at, "2008-01-05T10:00:00Z");
    auto undated = parse::parse_speed_text(text.substr(text.find("OpenSSL")), "bare.txt");
    ASSERT_EQ(undated.runs.size(), 1u);
    EXPECT_EQ(undated.runs[0].measured_at, "") << "the build date is not when it was measured";
}

namespace {
Run labelled(int64_t id, std::string label, std::string machine = "") {
    Run r;
    r.id = id;
    r.label = std::move(label);
    r.machine.edit().label = std::move(machine);
    return r;
}
}  // namespace

TEST(ShortNames, DropTheWordsEveryLabelShares) {
    struct Case {
        const char* name;
        std::vector<speedlab::Run> runs;
        std::vector<std::string> want;
    } cases[] = {
        {"two machines, one build",
         {labelled(7, "tilia rh73 0.9.6b"), labelled(2, "p-rh73 rh73 0.9.6b engine #2")},
         {"tilia", "p-rh73 engine #2"}},
        {"builds of one machine",
         {labelled(1, "PCem rh73 engine"), labelled(3, "PCem rh73 asm")},
         {"engine", "asm"}},
        {"nothing shared", {labelled(1, "a b"), labelled(2, "c d")}, {"a b", "c d"}},
        {"same label twice keeps it", {labelled(1, "x y"), labelled(2, "x y")}, {"x y", "x y"}},
        {"no label: the machine",
         {labelled(1, "", "tilia"), labelled(2, "PCem rh73")},
         {"tilia", "PCem rh73"}},
        {"one run keeps its label", {labelled(1, "tilia rh73 0.9.6b")}, {"tilia rh73 0.9.6b"}},
    };
    for (const auto& c : cases) EXPECT_EQ(compare::short_names(c.runs), c.want) << c.name;
}

TEST(RatioWords, BeyondAFactorOfTwoInWords) {
    struct Case {
        double ratio;
        const char* want;
    } cases[] = {{1.027, "+2.7%"},       {0.75, "-25%"},         {2.0, "+100%"},
                 {0.5, "-50%"},          {137.2, "137x faster"}, {1 / 137.2, "137x slower"},
                 {6874, "6874x faster"}, {2.16, "2.16x faster"}, {1 / 6874.0, "6874x slower"}};
    for (const auto& c : cases) EXPECT_EQ(report::percent(c.ratio), c.want) << c.ratio;
    EXPECT_EQ(report::range(1 / 150.0, 1 / 120.0), "120x to 150x slower");
    EXPECT_EQ(report::range(0.9, 1.1), "-10% to +10%");
    compare::MeanEstimate none;
    EXPECT_EQ(report::mean_text(none), "no figures in common");
    none.left_out = 2;
    EXPECT_EQ(report::mean_text(none), "no geometric mean: no figure precise enough");
}

TEST(TextTable, FitsTheWidthInBlocksOfColumns) {
    report::TextTable t{
        {"id", "label", "a", "b", "c"},
        {{"1", "tilia", "aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc"}, {"22", "PCem", "a", "b", "c"}},
        {true, false, false, false, false},
        2};
    std::string wide = report::render_table(t, 100);
    EXPECT_EQ(wide,
              "id  label  a           b           c\n"
              " 1  tilia  aaaaaaaaaa  bbbbbbbbbb  cccccccccc\n"
              "22  PCem   a           b           c\n");
    std::string narrow = report::render_table(t, 40);
    EXPECT_EQ(narrow,
              "id  label  a           b\n"
              " 1  tilia  aaaaaaaaaa  bbbbbbbbbb\n"
              "22  PCem   a           b\n"
              "\n"
              "id  label  c\n"
              " 1  tilia  cccccccccc\n"
              "22  PCem   c\n");
    for (size_t start = 0, end; (end = narrow.find('\n', start)) != std::string::npos;
         start = end + 1)
        EXPECT_LE(end - start, 40u);
    // One column wider than the width is cut, never the line.
    report::TextTable one{{"id", "machine"}, {{"1", std::string(120, 'x')}}, {true, false}, 1};
    std::string cut = report::render_table(one, 50);
    EXPECT_NE(cut.find("x~"), std::string::npos);
    for (size_t start = 0, end; (end = cut.find('\n', start)) != std::string::npos; start = end + 1)
        EXPECT_LE(end - start, 50u);
}
