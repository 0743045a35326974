// parse/line_facts.h: unwrap, classify and the machine reader skip a search
// where a line's facts say "no", so a "no" has to be right. Every line of
// every text in tests/data, asked for the words those stages search for.
#include "parse/line_facts.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/text.h"
#include "parse/cells.h"
#include "parse/clean_line.h"

namespace speedlab::parse {
namespace {

const std::vector<std::string>& corpus_texts() {
    static const std::vector<std::string> texts = [] {
        std::vector<std::string> out;
        for (const auto& e : std::filesystem::recursive_directory_iterator(SPEEDLAB_TEST_DATA)) {
            if (!e.is_regular_file()) continue;
            std::ifstream in(e.path(), std::ios::binary);
            std::stringstream ss;
            ss << in.rdbuf();
            out.push_back(ss.str());
        }
        return out;
    }();
    return texts;
}

const std::vector<std::string>& corpus_lines() {
    static const std::vector<std::string> lines = [] {
        std::vector<std::string> out;
        for (const std::string& text : corpus_texts()) {
            for (size_t pos = 0; pos < text.size();) {
                size_t end = std::min(text.find('\n', pos), text.size());
                out.push_back(text.substr(pos, end - pos));
                pos = end + 1;
            }
        }
        return out;
    }();
    return lines;
}

// What unwrap, classify and the machine reader ask before they search.
const char* const kWords[] = {"openssl speed",
                              "Doing ",
                              "inf",
                              "nan",
                              "bit",
                              "+",
                              "<",
                              "&",
                              "\x1b",
                              "^[",
                              "\xC2\xA0",
                              "k",
                              "K",
                              "vendor_id",
                              "MemTotal:",
                              "Calibrating delay loop",
                              "uname -a",
                              "/proc/bus/pci/devices",
                              "lspci",
                              "Bus ",
                              "release ",
                              "PRETTY_NAME=",
                              "86Box",
                              "CPU: ",
                              "Hypervisor detected: ",
                              "F0 0F bug"};

TEST(LineFacts, NeverDeniesAWordALineHolds) {
    size_t denied = 0, lines = 0;
    for (const std::string& line : corpus_lines()) {
        LineFacts facts(line);
        ++lines;
        for (std::string_view w : kWords) {
            bool held = line.find(w) != std::string::npos;
            EXPECT_TRUE(!held || facts.may_hold(LineFacts::needs(w))) << w << " in " << line;
            EXPECT_TRUE(!mentions(line, w) || facts.may_mention(LineFacts::needs_any_case(w)))
                << w << " (any case) in " << line;
            denied += !facts.may_hold(LineFacts::needs(w));
        }
        bool digit = line.find_first_of("0123456789") != std::string::npos;
        EXPECT_EQ(facts.digit(), digit) << line;
        for (char c : line) EXPECT_TRUE(facts.may_hold(c)) << line;
    }
    EXPECT_GT(lines, 1000u);
    // The point of the facts: most lines are denied most words.
    EXPECT_GT(denied, lines * std::size(kWords) / 2);
}

// The hints unwrap keeps per clean line (clean_line.h) say "maybe" to each
// question classify and the machine reader skip on: the line's own answers,
// if not more (a part of an input line keeps the whole line's).
TEST(LineFacts, CleanLinesHintAtLeastWhatTheyHold) {
    size_t lines = 0;
    for (const std::string& text : corpus_texts()) {
        CleanText clean = clean_lines(text);
        for (const CleanLine& l : clean.lines) {
            uint8_t own = line_hints(LineFacts(l.text()));
            EXPECT_EQ(l.hints() & own, own) << l.text();
            ++lines;
        }
    }
    EXPECT_GT(lines, 1000u);
    for (const std::string& line : corpus_lines()) {
        uint8_t hints = line_hints(LineFacts(line));
        auto has = [&](uint8_t h) { return (hints & h) != 0; };
        EXPECT_TRUE(!mentions(line, "openssl speed") || has(kMayNameCommand)) << line;
        EXPECT_TRUE(line.find('+') == std::string::npos || has(kMayHoldPlus)) << line;
        EXPECT_TRUE(line.find("bit") == std::string::npos || has(kMayHoldBits)) << line;
        bool digit = line.find_first_of("0123456789") != std::string::npos;
        EXPECT_EQ(has(kMayHoldDigit), digit) << line;
        EXPECT_TRUE(!(digit || contains(line, "inf") || contains(line, "nan")) ||
                    has(kMayHoldFigure))
            << line;
        for (const char* needle : {"vendor_id", "MemTotal:", "lspci", "release ", "CPU: "})
            EXPECT_TRUE(line.find(needle) == std::string::npos || has(kMayNameMachine)) << line;
    }
    // A line unwrap made anew (joined, rewritten) answers "maybe" to all.
    EXPECT_EQ(CleanLine(1, "md5 1.00k").hints(), kAllHints);
    EXPECT_EQ(CleanLine(1, "md5 1.00k", 0).text(), "md5 1.00k");
}

TEST(LineFacts, TellsWhatALineCannotHold) {
    struct Case {
        const char* name;
        const char* line;
        const char* word;
        bool may;
    };
    const Case cases[] = {
        {"a row holds no command", "md5              62245.48k   197484.74k", "openssl speed",
         false},
        {"in any case", "$ OpenSSL Speed md5", "openssl speed", true},
        {"but not as exact bytes", "$ OpenSSL Speed md5", "openssl speed", false},
        {"a row has no '+'", "sha256  4386.51k  2580.48k", "+", false},
        {"a record has", "+F:4:sha256:4386.51:2580.48", "+", true},
        {"letters of a needle", "MemTotal:        8039072 kB", "MemTotal:", true},
        {"prose lacks its capitals", "memtotal is in kB", "MemTotal:", false},
    };
    for (const auto& c : cases) {
        LineFacts f(c.line);
        bool may = std::string_view(c.name).starts_with("in any")
                       ? f.may_mention(LineFacts::needs_any_case(c.word))
                       : f.may_hold(LineFacts::needs(c.word));
        EXPECT_EQ(may, c.may) << c.name;
    }
}

}  // namespace
}  // namespace speedlab::parse
