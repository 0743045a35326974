// Issue 21: the text and Markdown of `compare` as people read them: values
// beside ratios, a verdict first, the legend kept, at most 100 columns off a
// terminal, and the format of -o taken from the file's extension.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_support.h"

using namespace speedlab::testing;

namespace {
size_t columns(const std::string& line) {
    return static_cast<size_t>(
        std::count_if(line.begin(), line.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}
}  // namespace

TEST_F(Cli, CompareOfTwoSeedRunsShowsValuesAndFitsOneHundredColumns) {
    ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt") + " " +
                  fixture_path("seed004-athlon-p3.txt"))
                  .code,
              0);
    for (const char* pair : {"2 3", "7 2", "3 18", "2 3 --units openssl"}) {
        auto r = run(std::string("compare ") + pair);
        ASSERT_EQ(r.code, 0) << pair << r.err;
        std::istringstream lines(r.out);
        for (std::string line; std::getline(lines, line);)
            EXPECT_LE(columns(line), 100u) << pair << ": " << line;
        EXPECT_EQ(r.out.rfind("summary:\n", 0), 0u) << "the verdict first";
    }
    auto r = run("compare 2 3");
    // A, B and B/A; the public key per second only, in SI units.
    EXPECT_NE(r.out.find("md5@8192        6.24230 MB/s 13.4977 MB/s       2.162*"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("rsa4096.verify"), std::string::npos);
    EXPECT_EQ(r.out.find("sign/s"), std::string::npos) << "no seconds columns beside rates";
    EXPECT_NE(r.out.find("3 asm against 2 engine #2: 60 faster, 9 slower, 5 within noise"),
              std::string::npos)
        << r.out;
    auto openssl = run("compare 2 3 --units openssl");
    EXPECT_NE(openssl.out.find("6242.30k"), std::string::npos) << openssl.out;
    // --ratios-only: the sslcmp form, seconds columns as the seeds print them.
    auto ratios = run("compare 2 3 --ratios-only");
    EXPECT_NE(ratios.out.find("sign/s"), std::string::npos);
    EXPECT_NE(ratios.out.find("0.436*"), std::string::npos) << ratios.out;
    EXPECT_EQ(ratios.out.find("MB/s"), std::string::npos);
    // Caveats name runs by short labels and wrap.
    auto notes = run("compare 3 18");
    EXPECT_NE(notes.out.find("(3 p-rh73 rh73 0.9.6b asm); "), std::string::npos) << notes.out;
    EXPECT_NE(notes.out.find("\n      "), std::string::npos) << "a wrapped note";
}

TEST_F(Cli, MarkdownKeepsTheLegendAndTheSummary) {
    ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt")).code, 0);
    for (const char* args : {"compare 2 3 --format markdown", "compare 2 3 7 --format md"}) {
        auto r = run(args);
        ASSERT_EQ(r.code, 0) << r.err;
        EXPECT_EQ(r.out.rfind("**Summary**", 0), 0u) << args;
        EXPECT_NE(r.out.find("\\* the interval excludes 1"), std::string::npos) << args << r.out;
        EXPECT_NE(r.out.find("\\~ within noise"), std::string::npos) << args;
        EXPECT_NE(r.out.find("σN% after a value"), std::string::npos) << args;
    }
}

TEST_F(Cli, OutputFormatComesFromTheExtensionUnlessFormatSaysOtherwise) {
    ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt")).code, 0);
    struct {
        std::string file, extra, starts, said;
    } cases[] = {
        {"r.html", "", "<!DOCTYPE html>", "(html)"},
        {"r.md", "", "**Summary**", "(markdown)"},
        {"r.csv", "", "section,algorithm,column", "(csv)"},
        {"r.json", "", "{", "(json)"},
        {"r.txt", "", "summary:", "(text)"},
        {"r.out", "", "summary:", "(text)"},
        {"r.html", "--format text", "summary:", "(text)"},
    };
    for (const auto& c : cases) {
        auto path = (dir / c.file).string();
        auto r = run("compare 6 7 -o " + path + " " + c.extra);
        ASSERT_EQ(r.code, 0) << r.err;
        EXPECT_EQ(slurp(path).rfind(c.starts, 0), 0u) << c.file << " " << c.extra;
        EXPECT_NE(r.err.find("wrote " + path + " " + c.said), std::string::npos) << r.err;
    }
}

TEST_F(Cli, CheckLeavesCoarseFiguresOutOfItsMean) {
    ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt")).code, 0);
    auto r = run("check 7 2");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("geometric mean +2.7% (95%: -2.8% to +8.6%, within noise) over 1 figure"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("2 figures left out of the mean"), std::string::npos);
    auto j = nlohmann::json::parse(run("check 7 2 --format json").out);
    EXPECT_EQ(j["mean"]["left_out"], 2);
}
