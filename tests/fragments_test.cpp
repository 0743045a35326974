// Fragments that import by evidence, not by a version line: each a
// {name, input, want} case with the figures asserted at their metrics.
#include <gtest/gtest.h>

#include <cmath>

#include "parse/speed_parser.h"

namespace speedlab::parse {
namespace {

struct Want {
    std::string metric;  // metric_key
    double value;
};

struct Case {
    std::string name, input;
    std::vector<Want> want;
    size_t figures;  // all figures of the first run
};

const Measurement* by_metric(const Run& run, const std::string& key) {
    for (const auto& m : run.measurements)
        if (metric_key(m) == key) return &m;
    return nullptr;
}

TEST(Fragments, ImportWithoutAVersionLine) {
    const Case cases[] = {
        {"3.2+ KEM table alone",
         "Here is what I got on the new box:\n\n"
         "                               keygen    encaps    decaps keygens/s  encaps/s  "
         "decaps/s\n"
         "                     ML-KEM-512 0.000024s 0.000019s 0.000025s   41806.0   52106.6   "
         "40111.3\n",
         {{"ml-kem-512.keygen", 41806.0},
          {"ml-kem-512.encaps", 52106.6},
          {"ml-kem-512.decaps", 40111.3}},
         3},
        {"3.2+ signature table alone (oqs-provider names too)",
         "                              keygen     signs    verify keygens/s    sign/s  verify/s\n"
         "                  ML-DSA-44 0.000064s 0.000161s 0.000062s   15627.2    6196.2   "
         "16128.7\n"
         "                   mldsa65 0.000110s 0.000260s 0.000100s    9090.9    3846.2   "
         "10000.0\n",
         {{"ml-dsa-44.sign", 6196.2}, {"mldsa65.verify", 10000.0}},
         6},
        {"ECDH table alone",
         "                              op      op/s\n"
         " 256 bits ecdh (nistp256)   0.0001s  16366.5\n"
         " 253 bits ecdh (X25519)   0.0000s  29034.0\n",
         {{"ecdh-p256.derive", 16366.5}, {"ecdh-x25519.derive", 29034.0}},
         2},
        {"FFDH table alone",
         "                          op      op/s\n2048 bits ffdh   0.0012s    832.3\n",
         {{"ffdh2048.derive", 832.3}},
         1},
        {"reST line block",
         "Results\n=======\n\n| OpenSSL 1.0.2g  1 Mar 2016\n"
         "| type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
         "| md5              52383.21k   150733.35k   327474.43k   464508.25k   526530.56k\n"
         "|\n",
         {{"md5@16", 52383210}, {"md5@8192", 526530560}},
         5},
        {"3.x progress lines only, ops wording",
         "Doing md5 ops for 3s on 16 size blocks: 28383233 md5 ops in 2.99s\n"
         "Doing 2048 bits private rsa sign ops for 10s: 11095 2048 bits private RSA sign ops in "
         "9.99s\n",
         {{"md5@16", 28383233.0 * 16 / 2.99}, {"rsa2048.sign", 11095 / 9.99}},
         2},
        {"KEM and signature progress lines",
         "Doing ML-KEM-512 encaps ops for 10s: 521066 ML-KEM-512 KEM encaps ops in 10.00s\n"
         "Doing ML-DSA-44 sign ops for 10s: 61962 ML-DSA-44 signature sign ops in 10.00s\n",
         {{"ml-kem-512.encaps", 52106.6}, {"ml-dsa-44.sign", 6196.2}},
         2},
        {"-mr records tell their operation by tag",
         "+DTP:1024:sign:dsa:1\n+R3:13577:1024:1.00\n+R4:16326:1024:1.00\n"
         "+R8:38447:253:Ed25519:1.00\n+R12:832:2048:1.00\n",
         {{"dsa1024.sign", 13577},
          {"dsa1024.verify", 16326},
          {"ed25519.sign", 38447},
          {"ffdh2048.derive", 832}},
         4},
    };
    for (const auto& c : cases) {
        auto parsed = parse_speed_text(c.input, "t.txt");
        ASSERT_FALSE(parsed.runs.empty()) << c.name;
        const speedlab::Run& run = parsed.runs[0];
        EXPECT_EQ(run.measurements.size(), c.figures) << c.name;
        for (const auto& w : c.want) {
            const Measurement* m = by_metric(run, w.metric);
            ASSERT_TRUE(m) << c.name << ": " << w.metric;
            EXPECT_NEAR(m->value, w.value, std::abs(w.value) * 1e-9) << c.name << ": " << w.metric;
        }
    }
}

TEST(Fragments, MultiStillInProgressSumsOnlyWhatEveryProcessReported) {
    const std::string text =
        "$ openssl speed -multi 2 -mr rsa2048\nForked child 0\nForked child 1\n"
        "Got: +DTP:2048:private:rsa:10 from 0\nGot: +DTP:2048:private:rsa:10 from 1\n"
        "Got: +R1:3070:2048:10.00 from 0\nGot: +DTP:2048:public:rsa:10 from 0\n"
        "Got: +R1:3080:2048:10.00 from 1\nGot: +DTP:2048:public:rsa:10 from 1\n"
        "Got: +R2:103030:2048:10.00 from 0\n";
    auto parsed = parse_speed_text(text, "t.txt");
    ASSERT_EQ(parsed.runs.size(), 1u);
    const speedlab::Run& run = parsed.runs[0];
    EXPECT_EQ(run.processes, 2);
    EXPECT_FALSE(run.complete);
    const Measurement* sign = by_metric(run, "rsa2048.sign");
    ASSERT_TRUE(sign);
    EXPECT_DOUBLE_EQ(sign->value, 307.0 + 308.0);
    EXPECT_EQ(sign->samples, (std::vector<double>{307.0, 308.0}));
    // One process of two had finished verifying: no sum, a warning at its line.
    EXPECT_FALSE(by_metric(run, "rsa2048.verify"));
    bool warned = false;
    for (const auto& d : parsed.diagnostics)
        warned = warned || d.message == "rsa2048.verify: 1 of 2 processes reported it; not stored";
    EXPECT_TRUE(warned);
}

TEST(Fragments, CurveProgressWithoutItsCurveIsNotGuessed) {
    auto parsed = parse_speed_text(
        "Doing 256 bits sign ecdsa ops for 10s: 380131 256 bits ECDSA sign ops in 10.00s\n"
        "Doing md5 ops for 3s on 16 size blocks: 28383233 md5 ops in 2.99s\n",
        "t.txt");
    ASSERT_EQ(parsed.runs.size(), 1u);
    EXPECT_EQ(parsed.runs[0].measurements.size(), 1u);  // md5 only: P-256 or brainpool?
    ASSERT_FALSE(parsed.diagnostics.empty());
    EXPECT_EQ(parsed.diagnostics[0].line, 1u);
    EXPECT_EQ(parsed.diagnostics[0].severity, Severity::warning);
}

}  // namespace
}  // namespace speedlab::parse

namespace speedlab::parse {
namespace {

TEST(HandTables, TypedTablesOfEveryMarkup) {
    struct Hand {
        std::string name, input;
        size_t runs;
        std::string label, version, metric;
        double value;
    };
    const Hand cases[] = {
        {"HTML source, a row a line",
         "<p>OpenSSL speed results on my boxes</p>\n<table>\n"
         "<tr><th>Machine</th><th>md5 8192 bytes</th><th>sha1 8192 bytes</th></tr>\n"
         "<tr><td>box1</td><td>512,345.67k</td><td>400,000.00k</td></tr>\n"
         "<tr><td>box2</td><td>612,345.67k</td><td>500,000.00k</td></tr>\n</table>\n",
         2, "box1", "", "md5@8192", 512345670},
        {"HTML source, a cell a line",
         "<p>OpenSSL speed</p>\n<TABLE>\n<TR>\n<TH>Machine</TH>\n<TH>rsa 2048 sign/s</TH>\n"
         "<TH>rsa 2048 verify/s</TH>\n</TR>\n<TR>\n<TD><b>box1</b></TD>\n<TD>1&nbsp;523.4</TD>\n"
         "<TD>50123.4</TD>\n</TR>\n</TABLE>\n",
         1, "box1", "", "rsa2048.sign", 1523.4},  // "1&nbsp;523.4": a space groups thousands
        {"space-separated, algorithms in the header",
         "openssl speed results, 1000s of bytes per second\n\n"
         "Machine        md5 8192 bytes   sha256 8192 bytes\n"
         "Pi 4           512345.67k       123456.78k\n"
         "Pi 3           312345.67k       93456.78k\n",
         2, "Pi 4", "", "sha256@8192", 123456780},
        {"reST grid table, sizes shortened (16B, 1KB), algorithm from the command",
         "Two boards (openssl speed -evp aes-128-cbc):\n\n"
         "+-----------+-------------+-------------+-------------+\n"
         "| Board     | 16B         | 1KB         | 8KB         |\n"
         "+===========+=============+=============+=============+\n"
         "| RPi 4     | 79,553.13k  | 106,958.85k | 107,497.47k |\n"
         "+-----------+-------------+-------------+-------------+\n"
         "| RPi 3     | 40,123.45k  | 56,789.01k  | 57,000.12k  |\n"
         "+-----------+-------------+-------------+-------------+\n",
         2, "RPi 4", "", "aes-128-cbc@1024", 106958850},
        {"the table turned: metrics in rows, machines in columns",
         "OpenSSL speed, my two machines:\n\n| Test | Pi 4 | Pi 3 |\n|---|---|---|\n"
         "| md5 8192 bytes | 512,345.67k | 312,345.67k |\n"
         "| rsa 2048 sign/s | 212.3 | 98.4 |\n",
         2, "Pi 4", "", "rsa2048.sign", 212.3},
        {"Markdown with an OpenSSL column",
         "My OpenSSL numbers:\n\n| CPU | OpenSSL | aes-128-cbc 8192 | rsa 2048 sign/s |\n"
         "|-----|---------|------------------|-----------------|\n"
         "| i7-8700 | 1.1.1 | 1,234,567.89k | 1,523.4 |\n",
         1, "i7-8700", "OpenSSL 1.1.1", "aes-128-cbc@8192", 1234567890},
    };
    for (const auto& c : cases) {
        auto parsed = parse_speed_text(c.input, "t.txt");
        ASSERT_EQ(parsed.runs.size(), c.runs) << c.name;
        const speedlab::Run& run = parsed.runs[0];
        EXPECT_EQ(run.program, "hand-made table") << c.name;
        EXPECT_EQ(run.machine->label, c.label) << c.name;
        EXPECT_EQ(run.version, c.version) << c.name;
        const Measurement* m = nullptr;
        for (const auto& f : run.measurements)
            if (metric_key(f) == c.metric) m = &f;
        ASSERT_TRUE(m) << c.name << ": " << c.metric;
        EXPECT_DOUBLE_EQ(m->value, c.value) << c.name;
    }
}

}  // namespace
}  // namespace speedlab::parse
