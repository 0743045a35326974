// Issue 9: one representative real text of every layout the importer reads,
// each figure asserted at its metric. Texts are copies of
// ../shared/corpus/openssl-speed (tests/data/corpus); figures are the
// hand-transcribed ones of that corpus.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <functional>

#include "parse/hand_table.h"
#include "test_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {
struct Want {
    const char* name;
    const char* file;
    size_t run;
    const char* metric;
    double value;
};

const Measurement* find_metric(const speedlab::Run& run, const std::string& metric) {
    auto key = parse_metric_key(metric);
    if (!key) return nullptr;
    return run.find(key->algorithm, key->operation, key->parameter);
}

parse::ParsedText parse_corpus(const std::string& prefix) {
    for (const auto& e : std::filesystem::directory_iterator(fixture_path("corpus")))
        if (e.path().filename().string().rfind(prefix, 0) == 0)
            return parse::parse_speed_text(read_fixture("corpus/" + e.path().filename().string()),
                                           e.path().filename().string());
    throw std::runtime_error("no corpus text " + prefix);
}
}  // namespace

TEST(ImportLayouts, EveryLayoutGivesItsFiguresAtTheirMetrics) {
    const Want wants[] = {
        {"SSLeay 0.8 table of seconds only", "002", 0, "rsa512.sign", 1 / 0.0217},
        {"SSLeay 0.8 dsa seconds", "002", 0, "dsa2048.verify", 1 / 0.4242},
        {"MoinMoin hand table, first row", "004", 0, "md5@1024", 7082610},
        {"MoinMoin, a figure typed without decimals", "004", 6, "md5@1024", 3871000},
        {"MoinMoin, rsa bits from the command", "004", 11, "rsa2048.sign", 50.7},
        {"MoinMoin, verify column", "004", 11, "rsa2048.verify", 1876.5},
        {"MoinMoin, AES-128 is aes-128-cbc", "004", 11, "aes-128-cbc@1024", 24503300},
        {"PDF: header and figures on one line, apostrophes", "011", 0, "aes-128-cbc@16", 646811750},
        {"table cut: the curve the command named", "025", 1, "ecdh-p256.derive", 55591 / 29972.83},
        {"SM2 progress lines without a table", "028", 1, "sm2.sign", 95080 / 10.00},
        {"SM2 table of the first machine", "028", 0, "sm2.verify", 5627.3},
        {"PDF: the last figure of the line", "011", 0, "aes-128-cbc@8192", 732106540},
        {"flattened HTML table, hyphens lost", "010", 0, "aes-128-ecb@16", 1371968280},
        {"flattened HTML table, the AESNI No row", "010", 1, "aes-128-ecb@64", 426293500},
        {"flattened HTML table, second cipher", "010", 0, "aes-128-cbc@1024", 1512224430},
        {"rows marked SW", "012", 0, "aes-128-cbc@16", 114159970},
        {"rows marked AF", "012", 1, "aes-128-cbc@16", 9052540},
        {"rows marked SW, aes-256", "012", 0, "aes-256-cbc@8192", 135140690},
        {"Doing lines broken after the colon", "014", 0, "rsa2048.sign", 10364 / 9.97},
        {"second run of the same text", "014", 1, "rsa2048.verify", 797952 / 9.14},
        {"Markdown table, block sizes as rows", "023", 0, "sha256@16", 2375290},
        {"Markdown table, second column", "023", 1, "sha256@1024", 55948010},
        {"Markdown table without k", "024", 0, "sha256@16384", 41996400},
        {"Markdown table without k, third row", "024", 2, "sha256@8192", 69065550},
        {"ECDH table under a curve progress line", "025", 0, "ecdh-p256.derive", 1 / 0.0739},
        {"3.5 eight-column rsa table", "030", 0, "rsa2048.decrypt", 59370.1},
        {"3.5 KEM table", "030", 0, "kem-rsa2048.encaps", 237510.5},
        {"3.5 signature progress line", "030", 0, "sig-rsa2048.verify", 3486014 / 10.0},
        {"type header and one row, no version", "031", 0, "sha3-256@16", 48099350},
        {"row cut mid-number", "031", 2, "sha3-256@8192", 126859740},
        {"-mr record in a Python comment", "035", 0, "aes-128-cbc@8192", 446401194.67},
        {"-multi: the parent's sum", "037", 0, "ed25519.sign", 261116.2},
        {"rsa table alone: more precise seconds", "040", 0, "rsa15360.sign", 1 / 0.231628},
        {"rsa table alone: more precise rate", "040", 0, "rsa15360.verify", 1041.6},
        {"-multi evp row without its header", "090", 0, "aes-128-cbc@16384", 2443059210},
        {"-multi evp row, first default size", "090", 0, "aes-128-cbc@16", 4515050},
        {"csv-table, KBytes/Sec, (min, max) after", "091", 0, "aes-128-cbc@1024", 23874220},
        {"csv-table, last row", "091", 0, "sha512@8192", 61529720},
        {"csv-table, a column per board: first", "092", 0, "aes-128-cbc@16384", 178017620},
        {"csv-table, fourth board's sha256", "092", 3, "sha256@16", 628960},
        {"csv-table, fifth board's des3 (fourth has none)", "092", 4, "des-ede3@1024", 34389760},
    };
    for (const auto& w : wants) {
        SCOPED_TRACE(std::string(w.name) + " (" + w.file + ")");
        auto parsed = parse_corpus(w.file);
        ASSERT_LT(w.run, parsed.runs.size());
        const Measurement* m = find_metric(parsed.runs[w.run], w.metric);
        ASSERT_NE(m, nullptr) << w.metric;
        EXPECT_NEAR(m->value, w.value, std::abs(w.value) * 1e-9) << w.metric;
    }
}

TEST(ImportLayouts, ProgressCountsAndChildSamplesAreKept) {
    auto ecdh = parse_corpus("025").runs.at(0);
    const auto* derive = find_metric(ecdh, "ecdh-p256.derive");
    ASSERT_NE(derive, nullptr);
    EXPECT_EQ(derive->count, 55540);
    EXPECT_DOUBLE_EQ(*derive->seconds, 4103.0);
    auto multi = parse_corpus("037").runs.at(0);
    const auto* sign = find_metric(multi, "ed25519.sign");
    ASSERT_NE(sign, nullptr);
    ASSERT_EQ(sign->samples.size(), 16u);
    EXPECT_DOUBLE_EQ(sign->samples[0], 16489.2);
    EXPECT_DOUBLE_EQ(sign->samples[3], 16471.257485);
    EXPECT_DOUBLE_EQ(sign->samples[15], 15880.6);
    auto rsa = parse_corpus("040").runs.at(0);
    EXPECT_DOUBLE_EQ(find_metric(rsa, "rsa512.sign")->printed.per_second.value(), 20923.5);
    EXPECT_DOUBLE_EQ(find_metric(rsa, "rsa512.sign")->printed.seconds_per_op.value(), 0.000048);
}

TEST(ImportLayouts, HandTableRunsAreNamedFromTheirCells) {
    auto routers = parse_corpus("004").runs;
    EXPECT_EQ(routers.at(0).machine->label, "Linksys WAG354G v2");
    EXPECT_EQ(routers.at(1).version, "OpenSSL 0.9.8e 23 Feb 2007");
    EXPECT_DOUBLE_EQ(*routers.at(0).machine->bogomips, 211.35);
    EXPECT_EQ(routers.at(0).program, "hand-made table");
    auto builds = parse_corpus("024").runs;
    ASSERT_EQ(builds.size(), 3u) << "the percent table is not a run";
    EXPECT_EQ(builds.at(1).machine->label, "C + Zbb");
    // "AFALG (MB/s)": a column's unit in brackets is its figures', not its name.
    auto engines = parse_corpus("102").runs;
    ASSERT_EQ(engines.size(), 2u);
    EXPECT_EQ(engines.at(0).machine->label, "AFALG");
    EXPECT_EQ(engines.at(1).machine->label, "SW BASED");
}

TEST(ImportLayouts, TablesOfOtherToolsAreNotOpensslOutput) {
    EXPECT_TRUE(parse_corpus("046").runs.empty()) << "wolfCrypt benchmark";
    EXPECT_TRUE(parse_corpus("049").runs.empty()) << "7-Zip MB/s table";
    EXPECT_EQ(parse_corpus("091").runs.size(), 1u) << "USB MB/sec and CPU load tables";
    EXPECT_EQ(parse_corpus("092").runs.size(), 6u) << "one run per board";
    EXPECT_EQ(parse_corpus("092").runs.at(1).machine->label, "j721e-idk-gw");
    for (const char* negative : {"093", "094", "095", "096", "097", "098", "099", "100"})
        EXPECT_TRUE(parse_corpus(negative).runs.empty()) << negative;
}

// A csv-table typed with a space after each comma ("16", "0.28"), as reST
// writers often do, is read as the same table without them.
TEST(ImportLayouts, ACsvTableWithSpacesAfterItsCommasIsTheSameTable) {
    std::string text;
    for (const auto& e : std::filesystem::directory_iterator(fixture_path("corpus")))
        if (e.path().filename().string().starts_with("092"))
            text = read_fixture("corpus/" + e.path().filename().string());
    for (size_t at = text.find("\",\""); at != std::string::npos; at = text.find("\",\"", at + 3))
        text.replace(at, 3, "\", \"");
    auto parsed = parse::parse_speed_text(text, "spaced.rst");
    ASSERT_EQ(parsed.runs.size(), 6u) << "one run per board";
    EXPECT_EQ(parsed.runs.at(1).machine->label, "j721e-idk-gw");
    const Measurement* m = find_metric(parsed.runs.at(0), "aes-128-cbc@16384");
    ASSERT_NE(m, nullptr);
    EXPECT_DOUBLE_EQ(m->value, 178017620);
    m = find_metric(parsed.runs.at(4), "des-ede3@1024");
    ASSERT_NE(m, nullptr);
    EXPECT_DOUBLE_EQ(m->value, 34389760);
}

// The seeds' own comparison: tilia's figures exist only in the blog's table.
TEST(ImportLayouts, TiliaTableGivesThePhysicalMachinesRuns) {
    auto parsed = parse_fixture("seed000-redhat73-pcem.txt");
    const speedlab::Run* tilia = nullptr;
    const speedlab::Run* pcem_packaged = &parsed.runs.at(1);
    for (const auto& r : parsed.runs)
        if (r.machine->label == "tilia" && r.version == "OpenSSL 0.9.6b [engine] 9 Jul 2001")
            tilia = &r;
    ASSERT_NE(tilia, nullptr);
    EXPECT_EQ(tilia->machine->distribution, "Linux 2.4.18 RedHat Linux 7.3 x86");
    EXPECT_DOUBLE_EQ(throughput(*tilia, "md5", 8192), 6075730);
    EXPECT_DOUBLE_EQ(figure(*tilia, "rsa4096", Operation::sign).value, 0.1);
    EXPECT_DOUBLE_EQ(figure(*tilia, "rsa4096", Operation::verify).value, 4.5);
    EXPECT_EQ(fmt::format("{:.3f}", throughput(*pcem_packaged, "md5", 8192) /
                                        throughput(*tilia, "md5", 8192)),
              "1.027");
}

TEST(ImportLayouts, Seed001TableWinsWhereTheProgressLineDisagrees) {
    auto run = parse_fixture("seed001-redhat62-pcem.txt").runs.at(0);
    const auto& verify = figure(run, "rsa4096", Operation::verify);
    EXPECT_DOUBLE_EQ(verify.value, 1 / 0.0950);  // "0.0950s" is finer than "10.5"
    bool noted = false;
    for (const auto& n : run.notes) noted = noted || n.find("rsa4096.verify: the progress") == 0;
    EXPECT_TRUE(noted);
}

TEST(HandCells, HeadersNameAlgorithmSizeAndOperation) {
    struct Case {
        const char* input;
        const char* algorithm;
        int64_t size;
        Operation op;
        bool ratio;
    } cases[] = {
        {"MD5 8,192 bytes", "md5", 8192, Operation::throughput, false},
        {"RSA 4,096 bytes sign/s", "rsa", 4096, Operation::sign, false},
        {"aes-128-cbc 8192", "aes-128-cbc", 8192, Operation::throughput, false},
        {"'''SHA-256'''", "sha256", 0, Operation::throughput, false},
        {"3DES", "des-ede3", 0, Operation::throughput, false},
        {"aes128ecb", "aes-128-ecb", 0, Operation::throughput, false},
        {"RSA Verify", "rsa", 0, Operation::verify, false},
        {"16 bytes", "", 16, Operation::throughput, false},
        {"Improvement ratio", "", 0, Operation::throughput, true},
        {"Router Make and Model", "", 0, Operation::throughput, false},
        {"8KiB", "", 8192, Operation::throughput, false},
        // Issue 22: curve families with their bits (078).
        {"ecdsa 256bit signs/s", "ecdsa", 256, Operation::sign, false},
        {"ecdh 384 bits", "ecdh", 384, Operation::throughput, false},
        // Found by the fuzzer: a size in KiB that overflows is no size.
        {"md5 2222222222222222685k", "md5", 0, Operation::throughput, false},
    };
    for (const auto& c : cases) {
        auto h = parse::read_header_cell(c.input);
        EXPECT_EQ(h.algorithm, c.algorithm) << c.input;
        EXPECT_EQ(h.size, c.size) << c.input;
        EXPECT_EQ(h.operation, c.op) << c.input;
        EXPECT_EQ(h.ratio, c.ratio) << c.input;
    }
}

TEST(HandCells, NumbersAsPeopleTypeThem) {
    struct Case {
        const char* input;
        double value;
        bool percent;
    } cases[] = {
        {"12,391.77k", 12391.77, false},
        {"646\xE2\x80\x99"
         "811.75k",
         646811.75, false},
        {"5373.23", 5373.23, false},
        {"3871k", 3871, false},
        {"142.39%", 142.39, true},
        {"'''2.2'''", 2.2, false},
        {"4681.10 k", 4681.10, false},  // 074: the unit after a space
    };
    for (const auto& c : cases) {
        auto n = parse::read_hand_number(c.input);
        ASSERT_TRUE(n) << c.input;
        EXPECT_DOUBLE_EQ(n->value, c.value) << c.input;
        EXPECT_EQ(n->percent, c.percent) << c.input;
    }
    for (const char* bad : {"x", "", "MIPS 4KEc", "-", "1e308k"})
        EXPECT_FALSE(parse::read_hand_number(bad)) << bad;
}

TEST(ImportLayouts, RunsAreNamedFromThePromptOrTheHeadingAboveThem) {
    auto seed004 = fixture_runs("seed004-athlon-p3.txt");
    ASSERT_EQ(seed004.size(), 2u);
    EXPECT_EQ(seed004[1].machine->label, "abrasd03");  // "didier at abrasd03:~$ openssl speed"
    auto m1 = parse_corpus("031").runs;
    ASSERT_EQ(m1.size(), 3u);
    EXPECT_EQ(m1[0].machine->label, "M1 Firestorm master");
    EXPECT_EQ(m1[2].machine->label, "M1 Icestorm master");
}

// A prompt names the run its own command printed, and only that one: each
// run ends before the next prompt is read (before, a run took the host of the
// prompt below it, and the last run none).
TEST(ImportLayouts, APromptNamesTheRunItsCommandPrinted) {
    const std::string build =
        "built on: Tue Sep 30 18:47:50 2025 UTC\noptions: bn(64,64)\ncompiler: gcc -O2\n"
        "CPUINFO: OPENSSL_riscvcap=ZBA_ZBB\n";
    const std::string row =
        "AES-256-GCM      88486.50k   318543.85k  1208611.75k  3362257.24k  "
        "6994550.78k  7578408.28k\n";
    struct Case {
        std::string name, input;
        std::vector<std::string> want;  // each run's machine label
    };
    const Case cases[] = {
        {"`| tail -5` keeps the build lines, not the version: still its prompt's",
         "me@spacemit:~$ openssl speed -multi 4 -evp aes-256-gcm 2>&1 | tail -5\n" + build + row,
         {"spacemit"}},
        {"two prompts on two hosts: each run its own host",
         "me@alpha:~$ openssl speed -multi 4 -evp aes-256-gcm | tail -5\n" + build + row +
             "\nme@beta:~$ openssl speed -multi 8 -evp aes-256-gcm | tail -5\n" + build + row,
         {"alpha", "beta"}},
        {"another command between the prompt and the run: not its prompt",
         "root@test# openssl speed sm3\nspeed: Unknown algorithm sm3\nBoard B:\n"
         "$ openssl speed -evp aes-256-gcm\n" +
             row,
         {"Board B"}},
        {"Fedora's bracketed prompt names its host",
         "[root@AnolisOS-163 BabaSSL.bak]# openssl speed -evp aes-256-gcm | tail -5\n" + build +
             row,
         {"AnolisOS-163"}},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        auto runs = parse::parse_speed_text(c.input, "t.txt").runs;
        ASSERT_EQ(runs.size(), c.want.size());
        for (size_t k = 0; k < runs.size(); ++k) EXPECT_EQ(runs[k].machine->label, c.want[k]);
    }
}

// A table whose algorithm only the command names, the command on a line that
// unwrap rewrote (a page's "<br>"), not a view of the text: still read.
TEST(ImportLayouts, ContextFromARewrittenLine) {
    const std::string text =
        "| size | tilia | pcem |\n|---|---|---|\n"
        "| 16 bytes | 1000.00 | 1100.00 |\n| 64 bytes | 2000.00 | 2100.00 |\n\n"
        "<p>The figures came from <code>openssl speed md5</code><br>on both machines.</p>\n";
    auto clean = parse::clean_lines(text);
    auto command = std::find_if(clean.lines.begin(), clean.lines.end(), [](const auto& l) {
        return l.text().find("openssl speed") != std::string_view::npos;
    });
    ASSERT_NE(command, clean.lines.end());
    std::less<const char*> before;
    EXPECT_TRUE(before(command->text().data(), text.data()) ||
                !before(command->text().data(), text.data() + text.size()))
        << "the command line is rewritten";
    auto runs = parse::parse_speed_text(text, "page.html").runs;
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[0].machine->label, "tilia");
    EXPECT_DOUBLE_EQ(find_metric(runs[0], "md5@64")->value, 2000000);
    EXPECT_DOUBLE_EQ(find_metric(runs[1], "md5@16")->value, 1100000);
}
