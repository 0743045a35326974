// What mail, code blocks and web pages do to a text never changes its
// figures: each fixture, quoted, indented, fenced, with CRLF line ends,
// trailing blanks or tabs, gives the same figures at the same metrics.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <map>

#include "test_support.h"

namespace speedlab {
namespace {

using testing::figure;
using testing::read_fixture;

// Every figure of a text: metric and run -> value.
std::map<std::string, double> figures_of(const std::string& text) {
    std::map<std::string, double> out;
    auto parsed = parse::parse_speed_text(text, "t");
    for (size_t r = 0; r < parsed.runs.size(); ++r)
        for (const auto& m : parsed.runs[r].measurements)
            out[std::to_string(r) + " " + metric_key(m)] = m.value;
    return out;
}

std::string each_line(const std::string& text, const std::function<std::string(std::string)>& f) {
    std::string out;
    for (size_t pos = 0; pos < text.size();) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        out += f(text.substr(pos, end - pos)) + "\n";
        pos = end + 1;
    }
    return out;
}

std::string tabs_for_four_spaces(std::string t) {
    for (size_t p; (p = t.find("    ")) != std::string::npos;) t.replace(p, 4, "\t");
    return t;
}

const std::map<std::string, std::function<std::string(const std::string&)>>& transports() {
    static const std::map<std::string, std::function<std::string(const std::string&)>> all{
        {"CRLF",
         [](const std::string& t) { return each_line(t, [](auto l) { return l + "\r"; }); }},
        {"mail quoting",
         [](const std::string& t) { return each_line(t, [](auto l) { return "> " + l; }); }},
        {"code block indent",
         [](const std::string& t) { return each_line(t, [](auto l) { return "    " + l; }); }},
        {"fenced", [](const std::string& t) { return "```\n" + t + "\n```\n"; }},
        {"trailing blanks",
         [](const std::string& t) { return each_line(t, [](auto l) { return l + "   "; }); }},
        {"tabs", [](const std::string& t) { return tabs_for_four_spaces(t); }},
    };
    return all;
}

TEST(Transport, NeverChangesAFigure) {
    size_t texts = 0;
    for (const auto& dir :
         {std::string(SPEEDLAB_TEST_DATA), std::string(SPEEDLAB_TEST_DATA) + "/corpus"})
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            if (!entry.is_regular_file() || entry.path().extension() != ".txt") continue;
            std::string name = std::filesystem::relative(entry.path(), SPEEDLAB_TEST_DATA).string();
            std::string text = read_fixture(name);
            auto want = figures_of(text);
            if (want.empty()) continue;
            ++texts;
            for (const auto& [how, transport] : transports())
                EXPECT_EQ(figures_of(transport(text)), want) << name << ", " << how;
        }
    EXPECT_GE(texts, 25u);
}

// The cases that once lost figures, at their metrics.
TEST(Transport, IndentedDoingLinesBrokenAfterTheColonStillJoin) {
    std::string text =
        each_line(read_fixture("corpus/014-intel-qat-engine-wrapped-doing-lines.txt"),
                  [](auto l) { return "    " + l; });
    auto parsed = parse::parse_speed_text(text, "t");
    ASSERT_EQ(parsed.runs.size(), 2u);
    const auto& sign = figure(parsed.runs[0], "rsa2048", Operation::sign);
    EXPECT_DOUBLE_EQ(sign.value, 10364 / 9.97);  // the progress line's count, not 1039.5
    EXPECT_EQ(sign.count, 10364);
    EXPECT_DOUBLE_EQ(figure(parsed.runs[1], "rsa2048", Operation::verify).value, 797952 / 9.14);
}

TEST(Transport, TabSeparatedHeadersAreHeaders) {
    auto parsed = parse::parse_speed_text(
        tabs_for_four_spaces(read_fixture("openssl-3.0-aead-sm2.txt")), "t");
    ASSERT_EQ(parsed.runs.size(), 1u);
    EXPECT_DOUBLE_EQ(testing::throughput(parsed.runs[0], "aes-128-gcm", 136), 612345680);
    EXPECT_DOUBLE_EQ(testing::throughput(parsed.runs[0], "aes-128-gcm", 31), 104166670);
    EXPECT_DOUBLE_EQ(figure(parsed.runs[0], "sm2", Operation::sign).value, 123456 / 10.0);
}

// A mail client breaks "Got: +F:6:sha256:... from 0" before the record and
// before "from": the pieces join, each child's figures stay its samples.
TEST(Transport, MultiRecordsBrokenByAMailClientJoin) {
    std::string text = read_fixture("openssl-3.0-multi.txt");
    for (std::string from : {" from 0", " from 1"})
        for (size_t p = 0; (p = text.find(from, p)) != std::string::npos; p += from.size())
            text.replace(p, 1, "\n");
    for (size_t p = 0; (p = text.find("Got: +F", p)) != std::string::npos; p += 5)
        text.replace(p + 4, 1, "\n");
    auto parsed = parse::parse_speed_text(text, "t");
    ASSERT_EQ(parsed.runs.size(), 1u);
    const speedlab::Run& run = parsed.runs[0];
    EXPECT_EQ(run.processes, 2);
    EXPECT_EQ(run.version, "OpenSSL 3.0.19");
    const auto& sha = figure(run, "sha256", Operation::throughput, 16);
    EXPECT_DOUBLE_EQ(sha.value, 280619330);  // the parent's table: 280619.33k
    ASSERT_EQ(sha.samples.size(), 2u);
    EXPECT_DOUBLE_EQ(sha.samples[0] + sha.samples[1], 149395840.0 + 131223488.0);
}

}  // namespace
}  // namespace speedlab
