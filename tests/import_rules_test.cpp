// Issue 22: the general rules of import, one kind of text each, as
// {name, input, want}: every wanted figure asserted at its run, algorithm id,
// block size or operation, and value. The inputs are shaped after the real
// texts of ../shared/corpus/openssl-speed (item numbers in the names).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "parse/speed_parser.h"
#include "test_support.h"

namespace speedlab {
namespace {

struct Figure {
    size_t run;
    const char* metric;  // "md5@16", "rsa512.sign"
    double value;
};

struct Case {
    const char* name;
    std::string input;
    size_t runs;  // how many runs the text holds
    std::vector<Figure> want;
};

void check(const Case& c) {
    SCOPED_TRACE(c.name);
    auto parsed = parse::parse_speed_text(c.input, "t.txt");
    ASSERT_EQ(parsed.runs.size(), c.runs);
    for (const auto& f : c.want) {
        ASSERT_LT(f.run, parsed.runs.size()) << f.metric;
        auto key = parse_metric_key(f.metric);
        ASSERT_TRUE(key) << f.metric;
        const Measurement* m =
            parsed.runs[f.run].find(key->algorithm, key->operation, key->parameter);
        ASSERT_NE(m, nullptr) << f.metric << " in run " << f.run;
        EXPECT_NEAR(m->value, f.value, std::abs(f.value) * 1e-9) << f.metric;
    }
}

const char* kTable =
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
    "md5              6296.04k    23606.95k    74073.86k   161270.41k   245812.06k\n";
const char* kKeys =
    "                  sign    verify    sign/s verify/s\n"
    "rsa  512 bits   0.0098s   0.0009s    102.0   1170.6\n"
    "dsa 1024 bits   0.0256s   0.0313s     39.0     32.0\n";

TEST(ImportRules, AnySharedLinePrefix) {
    auto each = [](const std::string& prefix, const std::string& text) {
        std::string out;
        for (size_t pos = 0; pos < text.size();) {
            size_t end = text.find('\n', pos);
            out += prefix + text.substr(pos, end - pos) + "\n";
            pos = end + 1;
        }
        return out;
    };
    std::string run = std::string("OpenSSL 0.9.6c 21 dec 2001\n") + kTable + kKeys;
    const Case cases[] = {
        {"Perl comment '# ' (060)",
         each("# ", run),
         1,
         {{0, "md5@16", 6296040}, {0, "rsa512.sign", 102.0}}},
        {"'#' without a space (054)",
         each("#", run),
         1,
         {{0, "md5@8192", 245812060}, {0, "dsa1024.verify", 32.0}}},
        {"'//' and a tab", each("//\t", run), 1, {{0, "md5@1024", 161270410}}},
        {"C block comment ' * '",
         "/*\n" + each(" * ", run) + " */\n",
         1,
         {{0, "md5@64", 23606950}, {0, "rsa512.verify", 1170.6}}},
        {"assembler '; '", each("; ", run), 1, {{0, "md5@256", 74073860}}},
        {"markdown bullets '- '", each("- ", run), 1, {{0, "md5@16", 6296040}}},
    };
    for (const auto& c : cases) check(c);
    // Backticks close each line too: "`...`".
    std::string ticked;
    for (size_t pos = 0; pos < run.size();) {
        size_t end = run.find('\n', pos);
        ticked += "`" + run.substr(pos, end - pos) + "`\n";
        pos = end + 1;
    }
    check({"every line in backticks (079)", ticked, 1, {{0, "md5@16", 6296040}}});
    // A lone "# " line is a root prompt, not a comment block: kept whole.
    check({"a root prompt keeps its '#'",
           std::string("# openssl speed md5\n") + kTable,
           1,
           {{0, "md5@16", 6296040}}});
}

TEST(ImportRules, RowsWithoutOpensslsHeader) {
    const Case cases[] = {
        {"a typed header of bare sizes; an -evp row named from the command (069)",
         "./openssl speed -elapsed -multi 2 -evp aes-128-cbc\n"
         "block size     16          64           256          1024         8192\n"
         "evp            57102.53k   100105.00k   112768.78k   135473.49k   145940.48k\n",
         1,
         {{0, "aes-128-cbc@16", 57102530}, {0, "aes-128-cbc@8192", 145940480}}},
        {"public-key rows after prose, no header (060 run 2)",
         "... and without the module:\n\n"
         "rsa  512 bits 0.000670s 0.000041s   1491.8  24145.5\n"
         "dsa 2048 bits 0.001894s 0.002179s    528.1    458.9\n",
         1,
         {{0, "rsa512.sign", 1491.8}, {0, "dsa2048.verify", 458.9}}},
        {"SSLeay 0.7 verify seconds without 's' (059)",
         "SSLeay 0.7.3r 20-May-1997\n"
         "                  sign    verify\n"
         "rsa 4096 bits   0.577s   0.011\n",
         1,
         {{0, "rsa4096.sign", 1 / 0.577}, {0, "rsa4096.verify", 1 / 0.011}}},
    };
    for (const auto& c : cases) check(c);
}

// A line of only a person's elision mark ("...", "— snip —", "[snip]", "…")
// is as a blank line: rows after it stay under the header above (corpus 174).
TEST(ImportRules, ElisionLinesBetweenRowsKeepTheTable) {
    const std::string head =
        "The 'numbers' are in 1000s of bytes per second processed.\n"
        "type 8192 bytes\n"
        "AES-128-GCM 5585141.76k\n";
    const std::string rest =
        "ChaCha20-Poly1305 2215840.43k\n"
        "AES-128-CCM 1337092.78k\n";
    const std::vector<Figure> both = {{0, "aes-128-gcm@8192", 5585141760},
                                      {0, "chacha20-poly1305@8192", 2215840430},
                                      {0, "aes-128-ccm@8192", 1337092780}};
    const Case cases[] = {
        {"dots", head + "...\n" + rest, 1, both},
        {"dots spaced out", head + ". . .\n" + rest, 1, both},
        {"an ellipsis", head + "\xE2\x80\xA6\n" + rest, 1, both},
        {"a book's snip between em dashes", head + "\xE2\x80\x94 snip \xE2\x80\x94\n" + rest, 1,
         both},
        {"snip in brackets", head + "[snip]\n" + rest, 1, both},
        {"dashes around it", head + "-- snip --\n" + rest, 1, both},
    };
    for (const auto& c : cases) check(c);
    // A rule of dashes or prose is no elision: the row after it has no header.
    auto ruled = parse::parse_speed_text(head + "-----\n" + rest, "t.txt");
    ASSERT_EQ(ruled.runs.size(), 1u);
    EXPECT_EQ(ruled.runs[0].find("aes-128-ccm", Operation::throughput, 8192), nullptr);
}

TEST(ImportRules, RunsSharingOneHeader) {
    const Case cases[] = {
        {"labelled runs under one header (067)",
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n\n"
         "openssl speed aes-128-cbc (generic functions):\n"
         "aes-128 cbc     105336.34k   112751.42k   114742.10k   115345.41k   113988.95k\n\n"
         "openssl speed -evp rc4:\n"
         "rc4             348612.51k   609902.38k   748361.73k   782705.19k   788460.89k\n",
         2,
         {{0, "aes-128-cbc@16", 105336340}, {1, "rc4@8192", 788460890}}},
        {"bare encrypt/decrypt labels and repeated rows (058)",
         "encrypt\n"
         "type              8 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
         "des-cbc           4408.85k     5560.51k     5778.46k     5862.20k     5825.16k\n"
         "des-cbc           4389.55k     5571.17k     5792.23k     5846.91k     5832.11k\n"
         "decrypt\n"
         "des-cbc           3482.66k     5069.49k     5496.39k     5614.16k     5639.28k\n",
         3,
         {{0, "des-cbc@8", 4408850}, {1, "des-cbc@64", 5571170}, {2, "des-cbc@8192", 5639280}}},
        {"interleaved rows told apart by a label at the end (055)",
         "                  sign    verify    sign/s verify/s\n"
         "rsa  512 bits 0.001720s 0.000140s    581.4   7149.7\tsoftware integer\n"
         "rsa  512 bits 0.000690s 0.000086s   1450.3  11606.0\tsoftware SSE2\n"
         "\n"
         "rsa 1024 bits 0.008518s 0.000413s    117.4   2420.8\tsoftware integer\n"
         "rsa 1024 bits 0.004275s 0.000277s    233.9   3609.7\tsoftware SSE2\n",
         2,
         {{0, "rsa512.sign", 581.4},
          {0, "rsa1024.verify", 2420.8},
          {1, "rsa512.verify", 11606.0},
          {1, "rsa1024.sign", 1 / 0.004275}}},
    };
    for (const auto& c : cases) check(c);
}

TEST(ImportRules, InterleavedRunsAreNamedByTheirLabels) {
    auto parsed = parse::parse_speed_text(
        "rsa  512 bits 0.001720s 0.000140s    581.4   7149.7\tsoftware integer\n"
        "rsa  512 bits 0.000690s 0.000086s   1450.3  11606.0\tsoftware SSE2\n",
        "t.txt");
    ASSERT_EQ(parsed.runs.size(), 2u);
    EXPECT_EQ(parsed.runs[0].label, "software integer");
    EXPECT_EQ(parsed.runs[1].label, "software SSE2");
}

TEST(ImportRules, FlattenedOntoOneLine) {
    check({"a forum page's whole run on one line (056)",
           "[u@h ~] $ openssl speed md5 sha1 OpenSSL 0.9.8o 01 Jun 2010 built on: Thu Feb 10 "
           "2011 options:bn(64,32) md2(int) The 'numbers' are in 1000s of bytes per second "
           "processed. type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes md5 6296.04k "
           "23606.95k 74073.86k 161270.41k 245812.06k sha1 6449.26k 21310.82k 54162.41k "
           "88180.78k 108096.04k [u@h ~] $ cat /proc/cpuinfo processor : 0\n",
           1,
           {{0, "md5@16", 6296040}, {0, "sha1@64", 21310820}, {0, "sha1@8192", 108096040}}});
}

TEST(ImportRules, CurvesOfDoingLinesOnly) {
    // 072: 3.0-alpha ECDH lines name bits only; openssl's order names the curve.
    std::string text = "openssl speed ecdh\n";
    for (auto [bits, count] : std::initializer_list<std::pair<int, int>>{
             {160, 45845}, {256, 142746}, {256, 18550}, {256, 18744}, {253, 217588}})
        text += "Doing " + std::to_string(bits) +
                " bits  ecdh's for 10s: " + std::to_string(count) + " " + std::to_string(bits) +
                "-bits ECDH ops in 10.00s\n";
    check({"ECDH Doing lines in openssl's order",
           text,
           1,
           {{0, "ecdh-secp160r1.derive", 4584.5},
            {0, "ecdh-p256.derive", 14274.6},
            {0, "ecdh-brainpoolp256r1.derive", 1855.0},
            {0, "ecdh-brainpoolp256t1.derive", 1874.4},
            {0, "ecdh-x25519.derive", 21758.8}}});
}

TEST(ImportRules, TypedTables) {
    const Case cases[] = {
        {"GitHub table without outer pipes, curve family with bits (078)",
         "OpenSSL benchmarks|rsa 2048 signs/s|rsa 2048 verify/s|ecdsa 256bit signs/s\n"
         "--- | --- | --- | --- | \n"
         "LibreSSL 2.7.4|3328.5|64131.1|33773.2\n"
         "OpenSSL 1.1.1-pre8|3709.9|127268.6|60036.2\n",
         2,
         {{0, "rsa2048.sign", 3328.5},
          {0, "ecdsa-p256.sign", 33773.2},
          {1, "rsa2048.verify", 127268.6}}},
        {"block sizes as rows, 'k' after a space (074)",
         "openssl speed -evp sha3-256\n\n"
         "| **Hash Test** | **Optimized** |\n| --- | --- |\n"
         "| 16 bytes | 4681.10 k |\n| 64 bytes | 18801.56 k |\n",
         1,
         {{0, "sha3-256@16", 4681100}, {0, "sha3-256@64", 18801560}}},
        {"keys as rows, operations as columns: openssl's own table, typed",
         "openssl speed results:\n\n| Algorithm | sign/s | verify/s |\n|---|---|---|\n"
         "| rsa 2048 bits | 1634.0 | 55432.1 |\n| dsa 2048 | 1200.5 | 1100.0 |\n",
         1,
         {{0, "rsa2048.sign", 1634.0},
          {0, "rsa2048.verify", 55432.1},
          {0, "dsa2048.sign", 1200.5},
          {0, "dsa2048.verify", 1100.0}}},
        {"block sizes as rows, algorithms as columns (the table turned)",
         "openssl speed results:\n\n| block size | md5 | sha256 (MB/s) |\n|---|---|---|\n"
         "| 16 | 1234.56 | 23.45 |\n| 64 bytes | 4567.89 | 80.12 |\n| 8 KB | 9999.99 | 500.5 |\n",
         1,
         {{0, "md5@16", 1234560},
          {0, "sha256@16", 23450000},
          {0, "md5@64", 4567890},
          {0, "md5@8192", 9999990},
          {0, "sha256@8192", 500500000}}},
        {"a browser's copy: tabs, and a header without its empty corner",
         "openssl speed results:\n\n\trsa2048 sign/s\trsa2048 verify/s\trsa4096 sign/s\n"
         "Xeon\t1634.0\t55432.1\t243.5\nAtom\t134.0\t5432.1\t23.5\n",
         2,
         {{0, "rsa2048.sign", 1634.0},
          {0, "rsa2048.verify", 55432.1},
          {0, "rsa4096.sign", 243.5},
          {1, "rsa4096.sign", 23.5}}},
        {"openssl's own header typed again, in a text that never names openssl",
         "Results:\n\n| type | 16 bytes | 8192 bytes |\n|---|---|---|\n"
         "| md5 | 123456.78k | 812345.68k |\n",
         1,
         {{0, "md5@16", 123456780}, {0, "md5@8192", 812345680}}},
        {"a text about LibreSSL",
         "LibreSSL speed on the box:\n\n| Algorithm | 16 bytes | 8192 bytes |\n|---|---|---|\n"
         "| md5 | 123456.78k | 812345.68k |\n",
         1,
         {{0, "md5@8192", 812345680}}},
        {"a unit in the row's name; no text about openssl around the table",
         "| type | 16 bytes | 64 bytes |\n|---|---|---|\n"
         "| md5 (MB/s) | 123.46 | 345.68 |\n| sha256 (MB/s) | 234.57 | 512.35 |\n",
         1,
         {{0, "md5@16", 123460000}, {0, "sha256@64", 512350000}}},
        {"European figures: points group the thousands, a comma before the decimals",
         "| algorithm | 16 bytes | 64 bytes |\n|---|---|---|\n"
         "| md5 | 123.456,78k | 1.345.678,90k |\n",
         1,
         {{0, "md5@16", 123456780}, {0, "md5@64", 1345678900}}},
        {"sizes as 1K, 8K, 16K",
         "openssl speed results:\n\n| Algorithm | 1K | 8K | 16K |\n|---|---|---|---|\n"
         "| md5 | 765432.10k | 812345.68k | 815000.12k |\n",
         1,
         {{0, "md5@1024", 765432100}, {0, "md5@16384", 815000120}}},
        {"two sizes after an empty corner, machines down (a browser's copy)",
         "openssl speed md5:\n\n\t16 bytes\t8192 bytes\nXeon\t123456.78k\t812345.68k\n"
         "Pi 4\t23456.78k\t212345.68k\n",
         2,
         {{0, "md5@16", 123456780}, {1, "md5@8192", 212345680}}},
        {"an HTML table with <thead> and <tbody> on lines of their own",
         "<p>openssl speed</p>\n<table>\n<thead>\n<tr>\n<th>type</th>\n<th>16 bytes</th>\n"
         "<th>8192 bytes</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>md5</td>\n"
         "<td>123456.78k</td>\n<td>812345.68k</td>\n</tr>\n</tbody>\n</table>\n",
         1,
         {{0, "md5@16", 123456780}, {0, "md5@8192", 812345680}}},
        {"one key row is enough under operation columns",
         "openssl speed results:\n\n| key | sign/s | verify/s |\n|---|---|---|\n"
         "| RSA 4096 | 243.5 | 15432.2 |\n",
         1,
         {{0, "rsa4096.sign", 243.5}, {0, "rsa4096.verify", 15432.2}}},
    };
    for (const auto& c : cases) check(c);
    // Sizes in a text about something else are no benchmark.
    EXPECT_EQ(parse::parse_speed_text("Disk sizes:\n\n| disk | 16 bytes | 8192 bytes |\n"
                                      "|---|---|---|\n| sda | 123.78 | 812.68 |\n",
                                      "t.txt")
                  .runs.size(),
              0u);
}

// Sizes as rows under an encrypt and a decrypt column: a program of its own
// timed both directions per size (kctsb's report, corpus 283); the same rows
// under machine columns are openssl's (the "grid" case of corpus 086).
TEST(ImportRules, SizeRowsOfBothDirectionsAreAnotherProgram) {
    const Case cases[] = {
        {"encrypt and decrypt columns: another program's loop (283, lines 67-75)",
         "### 2. ChaCha20-Poly1305\n\n**OpenSSL 3.6.0 Baseline**:\n\n"
         "| Data Size | Encrypt (MB/s) | Decrypt (MB/s) |\n"
         "|-----------|---------------|----------------|\n"
         "| 1 KB | 866.05 | 727.65 |\n| 1 MB | 1,519.32 | 1,402.88 |\n"
         "| 10 MB | 1,403.17 | 1,461.28 |\n",
         0,
         {}},
        {"one header naming both directions is no pair (131's corner)",
         "openssl speed -evp chacha20-poly1305\n\n"
         "| Data Size | Encrypt/Decrypt (MB/s) | Xeon (MB/s) |\n|---|---|---|\n"
         "| 1 KB | 866.05 | 727.65 |\n| 8 KB | 1,519.32 | 1,402.88 |\n",
         2,
         {{0, "chacha20-poly1305@1024", 866.05e6}, {1, "chacha20-poly1305@8192", 1402.88e6}}},
    };
    for (const auto& c : cases) check(c);
}

TEST(ImportRules, TheFinerPrintedFormWins) {
    // Seed 000: "0.0485s" (0.0001 on 0.0485, 0.2%) beats "20.6" (0.1 on 20.6,
    // 0.5%) though both have three digits; a fast operation keeps its rate.
    check({"seed 000's rsa 512 row",
           "                  sign    verify    sign/s verify/s\n"
           "rsa 512 bits 0.0485s 0.0044s 20.6 227.9\n"
           "rsa 1024 bits 0.2004s 0.0112s 5.0 89.6\n",
           1,
           {{0, "rsa512.sign", 1 / 0.0485},
            {0, "rsa512.verify", 227.9},
            {0, "rsa1024.sign", 1 / 0.2004}}});
    auto run = parse::parse_speed_text(
                   "                  sign    verify    sign/s verify/s\n"
                   "rsa 512 bits 0.0485s 0.0044s 20.6 227.9\n",
                   "t.txt")
                   .runs.at(0);
    const Measurement* sign = run.find("rsa512", Operation::sign, 0);
    ASSERT_NE(sign, nullptr);
    EXPECT_DOUBLE_EQ(sign->printed.seconds_per_op.value(), 0.0485);
    EXPECT_DOUBLE_EQ(sign->printed.per_second.value(), 20.6);
    // The step is the seconds' last digit as a rate: 0.0001 / 0.0485^2.
    EXPECT_NEAR(sign->printed_step, 0.0001 / (0.0485 * 0.0485), 1e-9);
}

}  // namespace
}  // namespace speedlab

#include "report/speed_table.h"

namespace speedlab {
namespace {

// One table of openssl's line markers: what the report writes, import reads back.
TEST(SpeedMarkers, ATableSpeedlabWroteIsReadBackAsWritten) {
    speedlab::Run run;
    run.program = "openssl speed";
    run.version = "OpenSSL 3.0.2 15 Mar 2022";
    run.built_on = "Wed May 24 17:12:55 2023 UTC";
    run.options = "bn(64,64)";
    run.compiler = "gcc -fPIC -pthread -m64 -O3";
    run.timing = Timing::user_cpu;
    for (auto [size, value] : std::initializer_list<std::pair<int64_t, double>>{
             {16, 145499490}, {64, 333045760}, {8192, 826880680}}) {
        Measurement m;
        m.algorithm = "md5";
        m.parameter = size;
        m.value = value;
        run.measurements.push_back(m);
    }
    std::string table = report::speed_table(run);
    auto parsed = parse::parse_speed_text(table, "speedlab.txt");
    ASSERT_EQ(parsed.runs.size(), 1u) << table;
    const speedlab::Run& back = parsed.runs[0];
    EXPECT_EQ(back.version, run.version);
    EXPECT_EQ(back.built_on, run.built_on);
    EXPECT_EQ(back.options, run.options);
    EXPECT_EQ(back.compiler, run.compiler);
    for (const auto& m : run.measurements) {
        const Measurement* got = back.find("md5", Operation::throughput, m.parameter);
        ASSERT_NE(got, nullptr) << m.parameter;
        EXPECT_NEAR(got->value, m.value, 10) << m.parameter;  // printed to 0.01k
    }
}

TEST(SpeedMarkers, AFlattenedTextKeepsEveryHeaderLine) {
    // 3.x "version:" after prose, and SSLeay's "C flags:", on one flattened line.
    auto parsed = parse::parse_speed_text(
        "we got this: version: 3.0.2 built on: Wed May 24 2023 options:bn(64,64) C flags: gcc "
        "-O3 The 'numbers' are in 1000s of bytes per second processed. type 16 bytes 64 bytes "
        "256 bytes 1024 bytes 8192 bytes md5 6296.04k 23606.95k 74073.86k 161270.41k "
        "245812.06k\n",
        "t.txt");
    ASSERT_EQ(parsed.runs.size(), 1u);
    EXPECT_EQ(parsed.runs[0].version, "OpenSSL 3.0.2");
    EXPECT_EQ(parsed.runs[0].options, "bn(64,64)");
    EXPECT_EQ(parsed.runs[0].compiler, "gcc -O3");
    EXPECT_NE(parsed.runs[0].find("md5", Operation::throughput, 8192), nullptr);
}

}  // namespace
}  // namespace speedlab

namespace speedlab {
namespace {

TEST(ImportRules, MachineReadableRecordsOf32WithoutATable) {
    // 3.2+ -mr stderr: +DTP names KEM and signature tests; +R15..+R20 their results.
    const Case cases[] = {
        {"KEM keygen, encaps, decaps (+R15..+R17)",
         "+DTP:ML-KEM-768:keygen:10\n+R15:500000:ML-KEM-768:10.00\n"
         "+DTP:ML-KEM-768:encaps:10\n+R16:400000:ML-KEM-768:10.00\n"
         "+DTP:ML-KEM-768:decaps:10\n+R17:300000:ML-KEM-768:9.99\n",
         1,
         {{0, "ml-kem-768.keygen", 50000},
          {0, "ml-kem-768.encaps", 40000},
          {0, "ml-kem-768.decaps", 300000 / 9.99}}},
        {"signature keygen, sign, verify (+R18..+R20)",
         "+DTP:rsa2048:keygen:10\n+R18:2000:rsa2048:10.00\n"
         "+DTP:rsa2048:signs:10\n+R19:15000:rsa2048:10.00\n",
         1,
         {{0, "sig-rsa2048.keygen", 200}, {0, "sig-rsa2048.sign", 1500}}},
        {"3.2 numbers: R3/R4 are RSA encrypt and decrypt",
         "+DTP:2048:public:rsa encrypt:10\n+R3:300000:2048:10.00\n"
         "+DTP:2048:private:rsa decrypt:10\n+R4:15000:2048:10.00\n"
         "+DTP:2048:private:dsa:10\n+R5:20000:2048:10.00\n",
         1,
         {{0, "rsa2048.encrypt", 30000}, {0, "rsa2048.decrypt", 1500}, {0, "dsa2048.sign", 2000}}},
        {"single rows under the -bytes 16 of the command (080)",
         "$ openssl speed -evp aes-128-cbc -bytes 16 -seconds 30\nBefore:\n"
         "aes-128-cbc     716949.71k\n\nAfter:\naes-128-cbc     742807.11k\n",
         2,
         {{0, "aes-128-cbc@16", 716949710}, {1, "aes-128-cbc@16", 742807110}}},
        {"of -bytes and -evp given twice the last, as openssl's option loop keeps them",
         "$ openssl speed -multi 2 -evp aes-128-cbc -bytes 64 -evp aes-256-cbc -bytes 16\n"
         "evp     716949.71k\n",
         1,
         {{0, "aes-256-cbc@16", 716949710}}},
        {"a headerless row of six figures: the default sizes",
         "OpenSSL 1.1.1w  11 Sep 2023\n"
         "aes-128-cbc  1.00k  2.00k  3.00k  4.00k  5.00k  6.00k\n",
         1,
         {{0, "aes-128-cbc@16", 1000}, {0, "aes-128-cbc@16384", 6000}}},
    };
    for (const auto& c : cases) check(c);
}

// speedlab's own show text prints "-" where a run has no such figure: read
// again, a key with only a sign figure gains no verify figure, and the
// reverse, whether the empty cell is the row's last or not.
TEST(ImportRules, EmptyCellsOfOurShowTextInventNoFigure) {
    std::string header = "                  sign    verify    sign/s verify/s\n";
    auto only = [&](const std::string& row, Operation op, double value) {
        SCOPED_TRACE(row);
        auto parsed = parse::parse_speed_text(header + row + "\n", "t.txt");
        ASSERT_EQ(parsed.runs.size(), 1u);
        const auto& ms = parsed.runs[0].measurements;
        ASSERT_EQ(ms.size(), 1u);
        EXPECT_EQ(ms[0].algorithm, "rsa2048");
        EXPECT_EQ(ms[0].operation, op);
        EXPECT_DOUBLE_EQ(ms[0].value, value);
    };
    only("rsa 2048 bits 0.000667s         -   1500.0        -", Operation::sign, 1500.0);
    only("rsa 2048 bits        -  0.000020s        -  50000.0", Operation::verify, 50000.0);
    only("rsa 2048 bits 0.000667s       n/a   1500.0      n/a", Operation::sign, 1500.0);
}

// What transport does to openssl's own table, as {name, input, want}: a mail
// client wrapping its header between two sizes, a PDF spacing each 'k' off
// its figure, a wiki's {code} block, a person's "n/a" for a size not run.
TEST(ImportRules, WhatTransportDoesToATable) {
    const std::string version = "OpenSSL 1.0.2k  26 Jan 2017\n";
    const Case cases[] = {
        {"a header wrapped between two sizes (mail at 72 columns)",
         version + "type             16 bytes     64 bytes    256 bytes   1024 bytes\n"
                   "8192 bytes\n"
                   "md5              52345.67k   152345.67k   352345.67k   512345.67k   "
                   "612345.67k\n",
         1,
         {{0, "md5@16", 52345670}, {0, "md5@1024", 512345670}, {0, "md5@8192", 612345670}}},
        {"a header wrapped before its last two sizes",
         version + "type 16 bytes 64 bytes 256 bytes 1024 bytes\n"
                   "8192 bytes 16384 bytes\n"
                   "md5 1.00k 2.00k 3.00k 4.00k 5.00k 6.00k\n",
         1,
         {{0, "md5@16", 1000}, {0, "md5@8192", 5000}, {0, "md5@16384", 6000}}},
        {"a space before each figure's k (a PDF)",
         version + "type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes\n"
                   "md5 123456.78 k 345678.90 k 612345.67 k 765432.10 k 812345.68 k\n",
         1,
         {{0, "md5@16", 123456780}, {0, "md5@64", 345678900}, {0, "md5@8192", 812345680}}},
        {"Jira's {code} block around the output",
         "{code}\n" + version + "type 16 bytes 64 bytes\nmd5 1234.56k 5678.90k\n{code}\n",
         1,
         {{0, "md5@16", 1234560}, {0, "md5@64", 5678900}}},
        {"figures grouped in thousands or with a decimal comma (a locale)",
         version + "type 16 bytes 64 bytes 256 bytes\n"
                   "md5     123,456.78k  1,345,678.90k  612345.67k\n"
                   "sha1    123456,78k   1.345.678,90k  612345,67k\n"
                   "sha256  123'456.78k  345'678.90k    12.34k\n",
         1,
         {{0, "md5@16", 123456780},
          {0, "md5@64", 1345678900},
          {0, "sha1@16", 123456780},
          {0, "sha1@64", 1345678900},
          {0, "sha1@256", 612345670},
          {0, "sha256@64", 345678900},
          {0, "sha256@256", 12340}}},
        {"n/a and --- where a size was not run",
         version + "type 16 bytes 64 bytes 256 bytes\n"
                   "md5          n/a   345678.90k   612345.67k\n"
                   "sha1         ---   345678.90k   612345.67k\n",
         1,
         {{0, "md5@64", 345678900}, {0, "sha1@256", 612345670}}},
    };
    for (const auto& c : cases) check(c);
    // The empty cells give no figure and no algorithm such as "md5-n/a".
    auto parsed = parse::parse_speed_text(cases[5].input, "t.txt");
    ASSERT_EQ(parsed.runs.size(), 1u);
    EXPECT_EQ(parsed.runs[0].measurements.size(), 4u);
    for (const auto& m : parsed.runs[0].measurements) {
        EXPECT_TRUE(m.algorithm == "md5" || m.algorithm == "sha1") << m.algorithm.str();
        EXPECT_NE(m.parameter, 16) << m.algorithm.str();
    }
    // "3 k" once in prose stays as written; a price is no figure.
    EXPECT_EQ(parse::parse_speed_text("we saw 3 k errors\n", "t.txt").runs.size(), 0u);
    EXPECT_EQ(parse::parse_speed_text("md5 costs 2,40 euros\n", "t.txt").runs.size(), 0u);
}

// Units a person wrote in a typed table: a header's "(MB/s)" or a cell's
// "5.9 GB/s" scale the figure; "1 KB" and "16 KiB" are block sizes in KiB.
TEST(ImportRules, UnitsOfATypedTable) {
    const std::string caption = "openssl speed results:\n\n";
    const Case cases[] = {
        {"MB/s in each size's header",
         caption + "| Algorithm | 16 bytes (MB/s) | 8192 bytes (MB/s) |\n|---|---|---|\n"
                   "| md5 | 123.46 | 812.35 |\n",
         1,
         {{0, "md5@16", 123460000}, {0, "md5@8192", 812350000}}},
        {"a unit in each cell",
         caption + "| Algorithm | 16 bytes | 8192 bytes |\n|---|---|---|\n"
                   "| md5 | 523 MB/s | 5.9 GB/s |\n",
         1,
         {{0, "md5@16", 523000000}, {0, "md5@8192", 5900000000}}},
        {"a cell's own k wins over the header's unit",
         caption + "| Algorithm | 16 bytes [MB/s] | 64 bytes [MB/s] |\n|---|---|---|\n"
                   "| md5 | 1234.5k | 2.5 |\n",
         1,
         {{0, "md5@16", 1234500}, {0, "md5@64", 2500000}}},
        {"sizes as 1 KB, 8 KB and 16 KiB",
         caption + "| Algorithm | 1 KB | 8 KB | 16 KiB |\n|---|---|---|---|\n"
                   "| md5 | 123.46 | 812.35 | 900.1 |\n",
         1,
         {{0, "md5@1024", 123460}, {0, "md5@8192", 812350}, {0, "md5@16384", 900100}}},
    };
    for (const auto& c : cases) check(c);
    auto sizes = parse::parse_speed_text(cases[3].input, "t.txt");
    ASSERT_EQ(sizes.runs.size(), 1u);
    EXPECT_EQ(sizes.runs[0].measurements.size(), 3u);  // none at 1, 8 or 16 bytes
}

// Rows a person marked with their machine, in brackets after the algorithm or
// before a colon, are that machine's run: never an algorithm "md5-(pi".
TEST(ImportRules, RowsMarkedWithTheirMachine) {
    const std::string head =
        "OpenSSL 1.1.1w  11 Sep 2023\ntype               16 bytes     64 bytes\n";
    const Case cases[] = {
        {"in brackets after the algorithm, digits and all",
         head + "md5 (Xeon)        123456.78k   223456.78k\n"
                "md5 (Pi 4)         23456.78k    33456.78k\n"
                "sha1 (Xeon)       113456.78k   213456.78k\n"
                "sha1 (Pi 4)        13456.78k    23456.78k\n",
         2,
         {{0, "md5@16", 123456780},
          {0, "sha1@64", 213456780},
          {1, "md5@16", 23456780},
          {1, "sha1@64", 23456780}}},
        {"before a colon",
         head + "Xeon: md5        123456.78k   223456.78k\n"
                "Pi 4: md5         23456.78k    33456.78k\n",
         2,
         {{0, "md5@64", 223456780}, {1, "md5@64", 33456780}}},
        {"marked rows among unmarked ones: a run each, never merged back",
         head + "Xeon: md5        100.00k      200.00k\n"
                "aes-128-cbc      300.00k      400.00k\n"
                "Pi 4: sha1       500.00k      600.00k\n",
         3,
         {{0, "md5@16", 100000}, {1, "sha1@64", 600000}, {2, "aes-128-cbc@16", 300000}}},
    };
    for (const auto& c : cases) {
        check(c);
        for (const auto& run : parse::parse_speed_text(c.input, "t.txt").runs)
            for (const auto& m : run.measurements)
                EXPECT_TRUE(m.algorithm == "md5" || m.algorithm == "sha1" ||
                            m.algorithm == "aes-128-cbc")
                    << m.algorithm.str();
    }
}

// A table shaped as a benchmark in a text that never names openssl counts
// only where its figures say their unit: cycles per byte, counts and ratios
// under the same headers are no figures. A number names no machine; a row
// whose figures are grouped by spaces is said and not used.
TEST(ImportRules, WhatIsNoBenchmark) {
    auto runs = [](const std::string& text) {
        return parse::parse_speed_text(text, "t.txt").runs.size();
    };
    EXPECT_EQ(runs("Cycles per byte:\n\n| algorithm | 16 bytes | 64 bytes |\n|---|---|---|\n"
                   "| md5 | 12.5 | 6.1 |\n"),
              0u);
    EXPECT_EQ(runs("| cipher | 16 bytes | 64 bytes | 1 KB |\n|---|---|---|---|\n"
                   "| aes-128-cbc | 1 | 4 | 64 |\n"),
              0u);
    EXPECT_EQ(runs("| algorithm | 16 bytes | 64 bytes |\n|---|---|---|\n| md5 | 1.05 | 0.98 |\n"),
              0u);
    // A pipe row of no cells ("||") heading a table names nothing (it was read
    // past its end, found by the fuzzer), whatever the rows under it hold.
    EXPECT_EQ(runs("||\n| aes-256 | 123456.78k | 812345.68k |\n"
                   "| md5 | 23456.78k | 212345.68k |\n"),
              0u);
    const Case cases[] = {
        {"the corner's unit is every column's",
         "| type (MB/s) | 16 bytes | 64 bytes |\n|---|---|---|\n| md5 | 100.5 | 200 |\n",
         1,
         {{0, "md5@16", 100500000}, {0, "md5@64", 200000000}}},
        {"MB sizes and a lower-case b: bits",
         "| algorithm | 64 bytes | 16 MB |\n|---|---|---|\n| sha256 | 0.8 Gb/s | 4 Gb/s |\n",
         1,
         {{0, "sha256@64", 100000000}, {0, "sha256@16777216", 500000000}}},
    };
    for (const auto& c : cases) check(c);
    auto notes = parse::parse_speed_text(
        "openssl speed:\n\n| algorithm | 16 bytes | 64 bytes | notes |\n|---|---|---|---|\n"
        "| sha256 | 100.5k | 200.25k | 42 |\n",
        "t.txt");
    ASSERT_EQ(notes.runs.size(), 1u);
    EXPECT_EQ(notes.runs[0].machine->label, "");
    EXPECT_EQ(notes.runs[0].label.find("42"), std::string::npos) << notes.runs[0].label;
    auto grouped = parse::parse_speed_text(
        "OpenSSL 3.0.2 15 Mar 2022\n"
        "type          16 bytes     64 bytes    256 bytes\n"
        "md5        123456.78k   223456.78k   323456.78k\n"
        "sha256     1 234,56k  1 234 567.80k  5.678,00k\n",
        "t.txt");
    ASSERT_EQ(grouped.runs.size(), 1u);
    for (const auto& m : grouped.runs[0].measurements) EXPECT_EQ(m.algorithm, "md5");
}

}  // namespace
}  // namespace speedlab

namespace speedlab {
namespace {

// Issue 34 item 1: a Doing line and a table cell of the same figure keep both
// printed forms: count and seconds of the line, the cell's
// figure in openssl's k (`printed.per_second`); the value is the line's where
// the two agree within the cell's rounding, else the cell's.
TEST(ImportRules, AFigurePrintedTwiceKeepsBothForms) {
    const std::string doing = "Doing md5 for 3s on 8192 size blocks: 2286 md5's in 3.00s\n";
    const std::string table =
        "OpenSSL 1.1.1f  31 Mar 2020\n"
        "The 'numbers' are in 1000s of bytes per second processed.\n"
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n";
    struct Twice {
        const char* name;
        std::string input;
        double value, cell_k;
    };
    const Twice cases[] = {
        {"line then table, agreeing: the line's value",
         doing + table + "md5  149051.89k 334674.46k 490270.21k 655862.47k 6242.30k\n",
         2286 * 8192 / 3.00, 6242.30},
        {"line then table, disagreeing: the table's value",
         doing + table + "md5  149051.89k 334674.46k 490270.21k 655862.47k 7000.00k\n", 7000000,
         7000.00},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        auto parsed = parse::parse_speed_text(c.input, "t.txt");
        ASSERT_EQ(parsed.runs.size(), 1u);
        const Measurement* m = parsed.runs[0].find("md5", Operation::throughput, 8192);
        ASSERT_NE(m, nullptr);
        EXPECT_NEAR(m->value, c.value, c.value * 1e-9);
        EXPECT_EQ(m->count, 2286);
        EXPECT_DOUBLE_EQ(m->seconds.value(), 3.00);
        EXPECT_DOUBLE_EQ(m->printed.per_second.value(), c.cell_k);
        const Measurement* other = parsed.runs[0].find("md5", Operation::throughput, 16);
        ASSERT_NE(other, nullptr);
        EXPECT_TRUE(other->printed.empty()) << "a cell printed once has one form";
    }
}

// Item 4: rows of a -multi run printed without their header: an "evp" row
// named by the command, a bare cipher row; sizes by the version's defaults
// when the column count fits (corpus 090: the header elided in a manual).
TEST(ImportRules, MultiRowsWithoutTheirHeader) {
    const Case cases[] = {
        {"an evp row, the cipher from the command (090)",
         "root@ok62xx:~# openssl speed -engine devcrypto -multi 8 -elapsed -evp aes-128-cbc\n"
         "Forked child 0\n"
         "evp               4515.05k    25724.75k   199024.08k   664772.77k  2116311.82k  "
         "2443059.21k\n",
         1,
         {{0, "aes-128-cbc@16", 4515050}, {0, "aes-128-cbc@16384", 2443059210}}},
        {"a bare AES-256-GCM row of six figures",
         "$ openssl speed -multi 4 -evp aes-256-gcm\n"
         "AES-256-GCM     514570.76k  1518390.46k  2450766.42k  2726451.03k  2800099.33k  "
         "2801937.07k\n",
         1,
         {{0, "aes-256-gcm@64", 1518390460}, {0, "aes-256-gcm@8192", 2800099330}}},
    };
    for (const auto& c : cases) check(c);
}

// Item 2: tables people typed. A reST csv-table (and quoted CSV) whose rows
// name algorithm and block size in cells of their own, one column per
// machine; units as words; a figure with its spread in brackets.
TEST(ImportRules, TypedTablesOfEveryKind) {
    const Case cases[] = {
        {"reST csv-table, long rows, KBytes/Sec, (min, max) after each figure (091)",
         "OpenSSL Performance\n"
         "^^^^^^^^^^^^^^^^^^^\n\n"
         ".. csv-table:: OpenSSL Performance\n"
         "    :header: \"Algorithm\",\"Buffer Size (in bytes)\",\"am62pxx_sk-fs: throughput "
         "(KBytes/Sec)\"\n\n"
         "    \"aes-128-cbc\",\"1024\",\"23874.22 (min 22797.65, max 24305.66)\"\n"
         "    \"aes-128-cbc\",\"16\",\"433.40 (min 414.08, max 439.83)\"\n"
         "    \"sha256\",\"16384\",\"299548.67 (min 296605.01, max 302246.57)\"\n",
         1,
         {{0, "aes-128-cbc@1024", 23874220},
          {0, "aes-128-cbc@16", 433400},
          {0, "sha256@16384", 299548670}}},
        {"one column per machine, an empty cell skipped (092)",
         ".. csv-table:: OpenSSL Performance\n"
         "    :header: \"Algorithm\",\"Buffer Size (in bytes)\",\"j7200-evm: throughput "
         "(KBytes/Sec)\",\"j722s_evm-fs: throughput (KBytes/Sec)\"\n\n"
         "    \"des3\",\"1024\",\"34389.98\",\"\"\n"
         "    \"sha256\",\"16\",\"1151.65\",\"628.96\"\n",
         2,
         {{0, "des-ede3@1024", 34389980}, {0, "sha256@16", 1151650}, {1, "sha256@16", 628960}}},
        {"units as words: MiB/s, Mo/s, kB/s",
         "openssl speed:\n\n"
         "| algorithm | 16 bytes (MiB/s) | 64 bytes (Mo/s) | 1024 bytes (kB/s) "
         "|\n|---|---|---|---|\n"
         "| md5 | 2.00 | 3.5 | 900 |\n",
         1,
         {{0, "md5@16", 2 * 1048576.0}, {0, "md5@64", 3500000}, {0, "md5@1024", 900000}}},
    };
    for (const auto& c : cases) check(c);
    const Case shapes[] = {
        {"a header row naming each algorithm once for the sizes under it",
         "openssl speed results\n\n| Machine | md5 | | sha256 | |\n|---|---|---|---|---|\n"
         "| | 16 bytes | 8192 bytes | 16 bytes | 8192 bytes |\n"
         "| Xeon | 123456.78k | 823456.78k | 93456.78k | 623456.78k |\n"
         "| Pi 4 | 23456.78k | 123456.78k | 13456.78k | 93456.78k |\n",
         2,
         {{0, "md5@8192", 823456780}, {0, "sha256@16", 93456780}, {1, "sha256@8192", 93456780}}},
        {"a missing pipe and a separator row of another width",
         "openssl speed\n\n| algorithm | 16 bytes | 8192 bytes\n|---|---|\n"
         "| md5 | 100.00k | 200.00k |\n| sha1 | 300.00k | 400.00k\n",
         1,
         {{0, "md5@8192", 200000}, {0, "sha1@16", 300000}}},
        {"a percent column beside the figures is none",
         "openssl speed -evp aes-128-gcm\n\n| algorithm | 16 bytes | 8192 bytes | diff % |\n"
         "|---|---|---|---|\n| Xeon aes-128-gcm | 523456.78k | 4823456.78k | |\n"
         "| Pi 4 aes-128-gcm | 23456.78k | 123456.78k | -97.5% |\n",
         2,
         {{0, "aes-128-gcm@16", 523456780}, {1, "aes-128-gcm@8192", 123456780}}},
    };
    for (const auto& c : shapes) check(c);
    EXPECT_EQ(parse::parse_speed_text(shapes[2].input, "t.txt").runs[1].measurements.size(), 2u);
    // One table per machine, each named by the heading above it, in any script.
    auto headed = parse::parse_speed_text(
        "OpenSSL 3.0 speed results.\n\n### Raspberry Pi 4\n\n| type | 16 bytes | 8192 bytes |\n"
        "|---|---|---|\n| md5 | 58654.32k | 372523.01k |\n\n"
        "\xD8\xAE\xD8\xA7\xD8\xAF\xD9\x85 Xeon\n-----------\n\n| type | 16 bytes | 8192 bytes |\n"
        "|---|---|---|\n| md5 | 98654.32k | 672523.01k |\n\n## Results\n\n"
        "| type | 16 bytes | 64 bytes |\n|---|---|---|\n| sha1 | 1000.00k | 2000.00k |\n",
        "t.txt");
    ASSERT_EQ(headed.runs.size(), 3u);
    EXPECT_EQ(headed.runs[0].machine->label, "Raspberry Pi 4");
    EXPECT_EQ(headed.runs[1].machine->label, "\xD8\xAE\xD8\xA7\xD8\xAF\xD9\x85 Xeon");
    EXPECT_DOUBLE_EQ(headed.runs[1].find("md5", Operation::throughput, 8192)->value, 672523010);
    EXPECT_EQ(headed.runs[2].machine->label, "") << "a heading naming the results names no machine";
    // The CPU load beside the figures is no figure.
    auto load = parse::parse_speed_text(
        ".. csv-table:: OpenSSL CPU Load\n"
        "    :header: \"Algorithm\",\"am62pxx_sk-fs: CPU Load\"\n\n"
        "    \"aes-128-cbc\",\"32.71 (min 31.00, max 33.00)\"\n"
        "    \"sha256\",\"95.57 (min 94.00, max 96.00)\"\n",
        "t.txt");
    EXPECT_TRUE(load.runs.empty());
}

// A typed table whose rows are labelled by the command that printed them
// (corpus 121): the openssl rows are runs, another program's rows are none.
TEST(ImportRules, RowsOfAnotherProgramInACommandLabelledTable) {
    std::string text = testing::read_fixture(
        "corpus/121-typed-md-table-rows-labelled-by-command-another-programs-rows.md");
    check({"openssl's rows kept",
           text,
           2,
           {{0, "aes-256-cbc@16", 249079.28e3},
            {0, "aes-256-cbc@16384", 902206.81e3},
            {1, "aes-256-cbc@16", 34770.16e3},
            {1, "aes-256-cbc@16384", 62746.88e3}}});
}

// openssl's own public-key rows with a person's pipes between the columns
// (corpus 122, tables whose rows lost their leading pipe): a pipe holds no
// column's place, so sign/s stays sign and verify/s is kept.
TEST(ImportRules, OpensslRowsWithPipesBetweenTheirColumns) {
    check({"per-machine tables",
           testing::read_fixture(
               "corpus/122-typed-md-tables-per-machine-heading-openssl-rows-between-pipes.md"),
           4,
           {{0, "ecdsa-secp160r1.sign", 924.7},
            {0, "ecdsa-secp160r1.verify", 1168.4},
            {0, "ecdsa-p521.verify", 74.5},
            {1, "ecdsa-p224.sign", 19643.6},
            {1, "ecdsa-p521.verify", 1715.5},
            {2, "ecdsa-p521.sign", 2388.9},
            {2, "ecdsa-p521.verify", 975.9},
            {3, "ecdsa-secp160r1.sign", 1733.8},
            {3, "ecdsa-p521.verify", 209.6}}});
}

}  // namespace
}  // namespace speedlab
