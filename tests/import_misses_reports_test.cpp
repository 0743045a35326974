// Issue 34, the reports tools and people write around openssl speed (kinds
// 4, 8, 9, 10 and 11 of tests/data/misses/MISSES.md): a harness's Markdown
// report, an HTML table with machines as columns, openssl's rows pasted into
// one cell, headings that name each table's machine, and a table whose unit
// is only in the code that made it. Each case a {name, input, want}: figures
// at their run (by its machine's name), algorithm, size or operation, value.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "import_support.h"
#include "parse/speed_parser.h"

namespace speedlab {
namespace {

struct Figure {
    const char* machine;  // the run's machine label; "" any run
    const char* metric;   // "md5@16", "rsa1024.verify"
    double value;         // bytes/s, or operations/s
};

struct Case {
    const char* name;
    std::string input;
    size_t runs;     // how many runs the text holds
    size_t figures;  // and figures, all runs together
    std::vector<Figure> want;
};

const Measurement* find_figure(const std::deque<Run>& runs, const Figure& f) {
    auto key = parse_metric_key(f.metric);
    if (!key) return nullptr;
    for (const auto& run : runs)
        if (std::string(f.machine).empty() || run.machine->label == f.machine)
            if (auto* m = run.find(key->algorithm, key->operation, key->parameter)) return m;
    return nullptr;
}

void check(const Case& c) {
    SCOPED_TRACE(c.name);
    auto parsed = parse::parse_speed_text(c.input, "t.md");
    ASSERT_EQ(parsed.runs.size(), c.runs);
    size_t figures = 0;
    for (const auto& run : parsed.runs) figures += run.measurements.size();
    EXPECT_EQ(figures, c.figures);
    for (const auto& f : c.want) {
        const Measurement* m = find_figure(parsed.runs, f);
        ASSERT_NE(m, nullptr) << f.metric << " on '" << f.machine << "'";
        EXPECT_NEAR(m->value, f.value, std::abs(f.value) * 1e-9) << f.metric;
    }
}

std::string corpus(const char* file) {
    return testing::read_fixture(std::string("corpus/") + file);
}

// The real texts, moved from tests/data/misses (README.md there cites each).
TEST(ImportMissesReports, RealReports) {
    const Case cases[] = {
        {"a harness's Markdown report: machine first, algorithm in backticks, MB/s and GB/s",
         corpus("140-harness-md-report-machine-per-row-algorithm-in-backticks-mbs-gbs-cells.md"),
         4,
         96,
         {{"ALPINE", "aes-256-gcm@16", 127.43e6},
          {"ALPINE", "aes-256-gcm@16384", 7.42e9},
          {"DEBIAN", "aes-256-gcm@16", 87.86e6},
          {"FIPS", "aes-256-gcm@256", 1.98e9},
          {"UBUNTU", "aes-256-gcm@16", 1.11e9},
          {"ALPINE", "sha256@16", 118.80e6},
          {"DEBIAN", "sha3-256@16", 69.12e6},
          {"UBUNTU", "sha512@16384", 1.67e9}}},
        {"HTML, machines as columns, size or operation in the row label, commas",
         corpus("141-html-table-machines-as-columns-size-or-operation-in-row-label.md"),
         5,
         30,
         {{"RPi B Raspbian", "md5@1024", 37008.46e3},
          {"RPi 2 Raspbian", "md5@1024", 62628.86e3},
          {"i5-4690K Ubuntu", "md5@1024", 670637.40e3},
          {"RPi B Raspbian", "aes-256-cbc@1024", 11969.50e3},
          {"Utilite Ubuntu", "whirlpool@1024", 2687.46e3},
          {"RPi B Raspbian", "rsa1024.verify", 1540.3},
          {"RPi 2 Ubuntu", "ecdsa-p256.verify", 138.0},
          {"i5-4690K Ubuntu", "ecdsa-p256.verify", 4329.6}}},
        {"openssl's rows pasted into one cell, Arabic headers",
         corpus("142-md-report-openssl-rows-in-one-cell-arabic-headers.md"),
         2,
         14,
         {{"", "sha256@16", 501521.32e3},
          {"", "sha256@16384", 7413918.38e3},
          {"", "aes-256-cbc@16", 4484231.16e3},
          {"", "aes-256-cbc@16384", 5578921.30e3},
          {"", "rsa2048.sign", 16082.9},
          {"", "rsa2048.verify", 15705.4}}},
        {"one table per machine under a heading, openssl's rows after the first",
         corpus("122-typed-md-tables-per-machine-heading-openssl-rows-between-pipes.md"),
         4,
         34,
         {{"A1.large", "ecdsa-secp160r1.sign", 1733.8},
          {"A1.large", "ecdsa-p521.verify", 209.6},
          {"RPI 4B", "ecdsa-secp160r1.sign", 924.7},
          {"RPI 4B", "ecdsa-p521.verify", 74.5},
          {"i7-8550U (Fedora 31, Openssl 1.1.1d)", "ecdsa-p224.sign", 19643.6},
          {"i7-8550U (Fedora 31, Openssl 1.1.1d)", "ecdsa-p521.verify", 1715.5},
          {"E5-2687Wv3 (3.1GHz)", "ecdsa-p521.sign", 2388.9},
          {"E5-2687Wv3 (3.1GHz)", "ecdsa-p521.verify", 975.9}}},
    };
    for (const auto& c : cases) check(c);
}

// The rules, each on a small text shaped after the real one.
TEST(ImportMissesReports, Rules) {
    const Case cases[] = {
        {"a report that never names openssl: the algorithm in the second column",
         "| Host | Cipher | 16B | 64B |\n|---|---|---|---|\n"
         "| **box1** | `AES-128-GCM` | 1.50 GB/s | **2.25 GB/s** |\n",
         1,
         2,
         {{"box1", "aes-128-gcm@16", 1.5e9}, {"box1", "aes-128-gcm@64", 2.25e9}}},
        {"a cell holding a 1.0 row: five figures at 1.0's five sizes",
         "OpenSSL 1.0.2\n\n| Algorithm | Output |\n|---|---|\n"
         "| MD5 | md5  6296.04k  23606.95k  74073.86k  161270.41k  245812.06k |\n",
         1,
         5,
         {{"", "md5@16", 6296.04e3}, {"", "md5@8192", 245812.06e3}}},
        {"a row label naming neither size nor operation is another benchmark's (nbench IDEA)",
         "OpenSSL on two boards, 1024 byte blocks\n\n"
         "| Test | Pi | Xeon |\n|---|---|---|\n| IDEA | 694.72 | 1,308.5 |\n"
         "| md5 1024 | 37,008.46 | 670,637.40 |\n| rsa 2048 sign | 21.5 | 1,500.2 |\n",
         2,
         4,
         {{"Pi", "md5@1024", 37008.46e3},
          {"Xeon", "md5@1024", 670637.40e3},
          {"Xeon", "rsa2048.sign", 1500.2}}},
        {"openssl 1.0's own row names in a typed table: ige kept",
         "OpenSSL 1.0.2k\n\n| Algorithm | 16B | 64B |\n|---|---|---|\n"
         "| aes-128 ige | 138839.10 | 155801.03 |\n| rc5-32/12 cbc | 1000.50 | 2000.50 |\n",
         1,
         4,
         {{"", "aes-128-ige@16", 138839.10e3}, {"", "rc5-cbc@64", 2000.50e3}}},
        {"openssl 1.0's classic and EVP rows of one cipher are kept apart (a notebook's table)",
         "OpenSSL 1.0.2k-fips\n\n| Algorithm | 16B | 64B |\n|---|---|---|\n"
         "| aes-128 cbc | 138839.10 | 155801.03 |\n| sha256 | 82733.96 | 185070.39 |\n"
         "| aes-128-cbc | 1170046.95 | 1255801.03 |\n",
         2,
         6,
         {{"", "aes-128-cbc@16", 138839.10e3}, {"", "sha256@64", 185070.39e3}}},
        {"an HTML table's <caption> names its machine",
         "OpenSSL 3.0 speed\n\n<table>\n<caption>Raspberry Pi 4</caption>\n"
         "<tr><th>type</th><th>16 bytes</th><th>64 bytes</th></tr>\n"
         "<tr><td>md5</td><td>12345.67k</td><td>23456.78k</td></tr>\n</table>\n",
         1,
         2,
         {{"Raspberry Pi 4", "md5@16", 12345.67e3}}},
        {"a numbered caption names its machine",
         "OpenSSL 3.0 speed\n\nTable 2: Rock 5B\n\n| type | 16 bytes | 64 bytes |\n|---|---|---|\n"
         "| md5 | 12345.67k | 23456.78k |\n",
         1,
         2,
         {{"Rock 5B", "md5@64", 23456.78e3}}},
        {"a heading naming the results names the machine after 'on'",
         "OpenSSL 3.0 speed\n\n### Results on the EPYC 7763\n\n| type | 16 bytes | 64 bytes |\n"
         "|---|---|---|\n| md5 | 12345.67k | 23456.78k |\n",
         1,
         2,
         {{"EPYC 7763", "md5@16", 12345.67e3}}},
        {"a heading over something else names no machine ('on small blocks')",
         "OpenSSL 3.0 speed\n\n### Performance on small blocks\n\n| type | 16 bytes | 64 bytes |\n"
         "|---|---|---|\n| md5 | 12345.67k | 23456.78k |\n",
         1,
         2,
         {{"", "md5@16", 12345.67e3}}},
        {"a heading names the machine of openssl's own rows under it",
         "# Pi 5 (OpenSSL 3.0.13)\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
         "md5              6296.04k    23606.95k    74073.86k   161270.41k   245812.06k\n",
         1,
         5,
         {{"Pi 5 (OpenSSL 3.0.13)", "md5@16", 6296.04e3}}},
    };
    for (const auto& c : cases) check(c);
    for (const auto& c : cases)  // the EVP rows' run is the second
        if (std::string(c.name).find("EVP rows") != std::string::npos) {
            auto apart = parse::parse_speed_text(c.input, "t.md");
            ASSERT_EQ(apart.runs.size(), 2u);
            auto* evp = apart.runs[1].find("aes-128-cbc", Operation::throughput, 16);
            ASSERT_NE(evp, nullptr);
            EXPECT_NEAR(evp->value, 1170046.95e3, 1e-3);
        }
    for (const auto& c : cases)  // "small blocks" is no machine
        if (std::string(c.name).find("small blocks") != std::string::npos) {
            auto unnamed = parse::parse_speed_text(c.input, "t.md");
            ASSERT_EQ(unnamed.runs.size(), 1u);
            EXPECT_EQ(unnamed.runs[0].machine->label, "");
        }
}

// Figures with no unit far below openssl's k (a notebook's GiB/s): the table
// is refused with its reason, not stored 2^30 times too small; the same
// table in k is read.
TEST(ImportMissesReports, UnitNotPrintedAndTooSmallIsRefused) {
    const std::string head =
        "OpenSSL speed\n\n<table>\n<tr><th></th><th>Algorithm</th><th>16B</th><th>64B</th>"
        "<th>256B</th></tr>\n";
    auto table = [&](const char* a, const char* b) {
        return head + "<tr><th>0</th><td>md5</td><td>" + a + "</td><td>" + b + "</td><td>" + b +
               "</td></tr>\n<tr><th>1</th><td>sha1</td><td>" + a + "</td><td>" + b + "</td><td>" +
               b + "</td></tr>\n</table>\n";
    };
    auto small = parse::parse_speed_text(table("0.064346", "0.185936"), "t.md");
    EXPECT_TRUE(small.runs.empty());
    EXPECT_NE(small.closest_what.find("no unit"), std::string::npos) << small.closest_what;
    check({"the same table in k",
           table("64346.12", "185936.50"),
           1,
           6,
           {{"", "md5@16", 64346.12e3}, {"", "sha1@256", 185936.50e3}}});

    auto read = testing::read_corpus("143-pandas-html-dataframe-gib-s-unit-only-in-code.md").read;
    EXPECT_TRUE(read.runs.empty());
    EXPECT_NE(read.refused.find("no unit"), std::string::npos) << read.refused;
}

// A table of sizes under a sentence that says its figures are cycles is no
// openssl figure, though the text names openssl ("openssl md5"): negative 144.
TEST(ImportMissesReports, CaptionNamingCyclesMakesNoFigures) {
    auto read = testing::read_corpus(
                    "144-NEGATIVE-poly1305-donna-html-table-cycles-per-size-names-openssl.md")
                    .read;
    EXPECT_TRUE(read.runs.empty());
    EXPECT_FALSE(read.refused.empty());
    check(
        {"the same table under a sentence naming no unit is read in k",
         "OpenSSL speed on an E5200\n\n<table>\n<tr><th>Implementation</th><th>16 bytes</th>"
         "<th>256 bytes</th></tr>\n<tr><td>md5</td><td>125.50</td><td>750.25</td></tr>\n</table>\n",
         1,
         2,
         {{"", "md5@16", 125.50e3}, {"", "md5@256", 750.25e3}}});
}

}  // namespace
}  // namespace speedlab
