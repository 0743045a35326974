// Each figure keeps the line of its run's raw text it was read from: its
// table row, else its progress line or -mr record (Measurement::line).
#include <gtest/gtest.h>

#include "core/text.h"
#include "test_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {
// Line N (1-based) of TEXT, "" past its end.
std::string line_of(std::string_view text, size_t n) {
    for (size_t k = 1; !text.empty(); ++k) {
        auto nl = text.find('\n');
        if (k == n) return std::string(text.substr(0, nl));
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    }
    return {};
}

const Measurement* find_metric(const Run& run, const std::string& key) {
    for (const auto& m : run.measurements)
        if (metric_key(m) == key) return &m;
    return nullptr;
}

struct Want {
    std::string metric;
    uint32_t line;
    std::string text;  // the start of that line of the raw text
};

const char* kDoingThenTable =
    "$ openssl speed md5\n"
    "Doing md5 for 3s on 16 size blocks: 5000000 md5's in 2.99s\n"
    "Doing md5 for 3s on 64 size blocks: 3000000 md5's in 3.00s\n"
    "OpenSSL 1.0.2k  26 Jan 2017\n"
    "built on: reproducible build, date unspecified\n"
    "options:bn(64,64) md2(int) rc4(16x,int) des(idx,cisc,16,int) aes(partial) idea(int)\n"
    "compiler: gcc\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes\n"
    "md5              26755.85k    64000.00k\n";

const char* kDoingCutOff =
    "Some text before.\n"
    "\n"
    "Doing md5 for 3s on 16 size blocks: 5000000 md5's in 2.99s\n"
    "Doing md5 for 3s on 64 size blocks: 3000000 md5's in 3.00s\n"
    "Doing 2048 bits private rsa's for 10s: 1234 2048 bits private RSA's in 9.98s\n";

const char* kTypedTable =
    "Our two boxes, openssl speed md5 sha1 (1000s of bytes per second):\n"
    "\n"
    "| machine | md5 16 bytes | md5 8192 bytes | sha1 8192 bytes |\n"
    "|---|---|---|---|\n"
    "| box1 | 100.00k | 500.00k | 400.00k |\n"
    "| box2 | 200.00k | 600.00k | 450.00k |\n";

struct Case {
    std::string name, text;
    size_t run;  // index of the run among the text's
    std::vector<Want> want;
};
}  // namespace

TEST(FigureLines, EachFigureKeepsTheLineItWasReadFrom) {
    Case cases[] = {
        // The run starts at its first Doing line; the table row holds both figures.
        {"doing lines then the table",
         kDoingThenTable,
         0,
         {{"md5@16", 9, "md5 "}, {"md5@64", 9, "md5 "}}},
        {"doing lines cut off",
         kDoingCutOff,
         0,
         {{"md5@16", 1, "Doing md5 for 3s on 16"},
          {"md5@64", 2, "Doing md5 for 3s on 64"},
          {"rsa2048.sign", 3, "Doing 2048 bits private"}}},
        {"-mr records",
         read_fixture("openssl-0.9.7-mr.txt"),
         0,
         {{"md5@16", 10, "+F:3:md5:"}, {"md5@64", 10, "+F:3:md5:"}, {"rsa1024.sign", 11, "+F2:"}}},
        // The table's lines are the run's raw text: its header is line 1.
        {"typed table, first row",
         kTypedTable,
         0,
         {{"md5@16", 3, "| box1"}, {"sha1@8192", 3, "| box1"}}},
        {"typed table, second row", kTypedTable, 1, {{"md5@8192", 4, "| box2"}}},
        // Two invocations merged into one run (the second's lines follow the
        // first's); a row a mail client wrapped is marked on its first line.
        {"seed: two invocations, a wrapped row",
         read_fixture("seed004-athlon-p3.txt"),
         0,
         {{"dsa512.sign", 14, "dsa  512 bits"},
          {"aes-128-cbc@16", 33, "aes-128-cbc  "},
          {"aes-128-cbc@8192", 33, "aes-128-cbc  "}}},
    };
    for (const auto& c : cases) {
        auto parsed = parse::parse_speed_text(c.text, "lines.txt");
        ASSERT_GT(parsed.runs.size(), c.run) << c.name;
        const speedlab::Run& run = parsed.runs[c.run];
        for (const auto& w : c.want) {
            const Measurement* m = find_metric(run, w.metric);
            ASSERT_TRUE(m) << c.name << ": no " << w.metric;
            std::string line = line_of(run.raw_text.view(), m->line);
            EXPECT_EQ(m->line, w.line) << c.name << ": " << w.metric << " at '" << line << "'";
            EXPECT_TRUE(line.starts_with(w.text))
                << c.name << ": " << w.metric << " at '" << line << "'";
        }
    }
}
