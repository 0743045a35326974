// -multi children's own +DT/+R records (issue 34): each child prints them to
// the terminal, interleaved with the others'; with no table from the parent,
// the run's figure is the sum of every child's record, at the size each
// record answers.
#include <gtest/gtest.h>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

// Two children, both announcing 16 before either reports: each +R answers
// the oldest +DT not yet answered.
constexpr const char* kTwoChildren = R"(Forked child 0
+DT:md5:3:16
Forked child 1
+DT:md5:3:16
+R:3000000:md5:3.000000
+DT:md5:3:64
+R:1500000:md5:3.000000
+DT:md5:3:64
+R:600000:md5:3.000000
+R:300000:md5:3.000000
)";

constexpr const char* kMultiblock =
    "248-openssl-issue-31772-mb-multi-1-got-f-record-no-sizes-line-zero-seventh-cell.txt";

constexpr const char* kHarness =
    "247-pkb-openssl-speed-test-evp-row-algorithm-in-samples-metadata-parallelism-10.txt";

constexpr const char* kRouter =
    "249-gl-be3600-multi-4-forked-children-dt-r-records-interleaved-no-summary.txt";

}  // namespace

TEST(ImportMultiChildren, TheRunsFigureIsEveryChildsRecordSummed) {
    using enum Operation;
    const InputWant wants[] = {
        {"two children at 16", kTwoChildren, 0, "md5", throughput, 16, (3e6 + 1.5e6) * 16 / 3},
        {"two children at 64", kTwoChildren, 0, "md5", throughput, 64, (6e5 + 3e5) * 64 / 3},
        // corpus 249: four children, 3.02 s in one record at 1024.
        {"router at 16", kRouter, 0, "aes-128-gcm", throughput, 16,
         (9382290.0 + 8569525 + 9475928 + 8112068) * 16 / 3},
        {"router at 64", kRouter, 0, "aes-128-gcm", throughput, 64,
         (6835321.0 + 5963010 + 6130354 + 6615003) * 64 / 3},
        {"router at 256", kRouter, 0, "aes-128-gcm", throughput, 256,
         (3494712.0 + 2809205 + 3182512 + 3212122) * 256 / 3},
        {"router at 1024", kRouter, 0, "aes-128-gcm", throughput, 1024,
         (1248443.0 + 999704 + 1169672) * 1024 / 3 + 1143055.0 * 1024 / 3.02},
        {"router at 8192", kRouter, 0, "aes-128-gcm", throughput, 8192,
         (169683.0 + 169685 + 161677 + 154436) * 8192 / 3},
    };
    expect_inputs(wants);
}

TEST(ImportMultiChildren, EachChildsRecordIsASampleAndTheRunSaysItSummed) {
    auto read = read_input(kTwoChildren);
    ASSERT_EQ(read.runs.size(), 1u);
    const speedlab::Run& run = read.runs[0];
    EXPECT_EQ(run.processes, 2);
    const Measurement* m = run.find("md5", Operation::throughput, 16);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->samples, (std::vector<double>{3e6 * 16 / 3, 1.5e6 * 16 / 3}));
    EXPECT_FALSE(m->count);  // a sum of two counts is neither child's
    EXPECT_TRUE(std::any_of(run.notes.begin(), run.notes.end(), [](const std::string& n) {
        return n.find("sum of the 2 processes' progress records") != std::string::npos;
    }));
}

// At 16384 the router's text was cut after two of four children reported.
TEST(ImportMultiChildren, ASizeNotEveryChildReportedIsNoFigure) {
    auto read = read_input(kRouter);
    ASSERT_EQ(read.runs.size(), 1u);
    EXPECT_EQ(read.runs[0].processes, 4);
    EXPECT_EQ(read.runs[0].measurements.size(), 5u);
    EXPECT_EQ(read.runs[0].find("aes-128-gcm", Operation::throughput, 16384), nullptr);
}

// The parent's table holds the sum: the children's records give way to it.
TEST(ImportMultiChildren, TheParentsTableWins) {
    std::string text = std::string(kTwoChildren) +
                       "Got: +H:16:64 from 0\n"
                       "Got: +F:0:md5:16000000.00:19200000.00 from 0\n"
                       "Got: +H:16:64 from 1\n"
                       "Got: +F:0:md5:8000000.00:6400000.00 from 1\n"
                       "+H:16:64\n"
                       "+F:0:md5:24000000.00:25600000.00\n";
    auto read = read_text("typed.txt", text).read;
    ASSERT_EQ(read.runs.size(), 1u);
    expect_figure(read, 0, "md5", Operation::throughput, 16, 24e6);
    expect_figure(read, 0, "md5", Operation::throughput, 64, 25.6e6);
}

// One child (-multi 1): its records are the run's figures, count and seconds kept.
TEST(ImportMultiChildren, OneChildsRecordsAreTheFiguresWithTheirCounts) {
    auto read = read_input("Forked child 0\n+DT:sha1:3:16\n+R:3000000:sha1:3.000000\n");
    const Measurement* m = expect_figure(read, 0, "sha1", Operation::throughput, 16, 16e6);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->count, 3000000);
    EXPECT_TRUE(m->samples.empty());
}

// `-mb` times 8 KiB to 128 KiB; 4.x prints neither +H nor a header for it,
// and a bare 0.00 after the row's k figures (openssl issue 31772).
TEST(ImportMultiChildren, MultiblockSizesComeFromTheCommand) {
    using enum Operation;
    const char* algorithm = "aes-128-cbc-hmac-sha256";
    const InputWant wants[] = {
        {"-mb at 8 KiB", kMultiblock, 0, algorithm, throughput, 8192, 822804.48e3},
        {"-mb at 16 KiB", kMultiblock, 0, algorithm, throughput, 16384, 914194.43e3},
        {"-mb at 32 KiB", kMultiblock, 0, algorithm, throughput, 32768, 961839.10e3},
        {"-mb at 64 KiB", kMultiblock, 0, algorithm, throughput, 65536, 1026949.12e3},
        {"-mb at 128 KiB", kMultiblock, 0, algorithm, throughput, 131072, 1071382.53e3},
    };
    expect_inputs(wants);
    auto read = read_input(kMultiblock);
    ASSERT_EQ(read.runs.size(), 1u);
    EXPECT_EQ(read.runs[0].measurements.size(), 5u);
    EXPECT_EQ(read.runs[0].find(algorithm, throughput, 16), nullptr);
}

// Without -mb, a row of six k figures under no header keeps 1.1.0+'s sizes.
TEST(ImportMultiChildren, ARowWithoutMbKeepsTheDefaultSizes) {
    auto read = read_input(
        "$ openssl speed -multi 2 -evp aes-128-gcm\nForked child 0\nForked child 1\n"
        "AES-128-GCM  100.00k  200.00k  300.00k  400.00k  500.00k  600.00k\n");
    expect_figure(read, 0, "aes-128-gcm", Operation::throughput, 16, 100e3);
    expect_figure(read, 0, "aes-128-gcm", Operation::throughput, 16384, 600e3);
}

// A child's record with no "from N" was cut or wrapped, perhaps inside its
// last number ("...:961839104.00:102"): that field is no figure.
TEST(ImportMultiChildren, ACutChildsRecordLosesItsLastField) {
    auto read = read_input(
        "$ openssl speed -multi 1 -mb -evp aes-128-cbc-hmac-sha256\nForked child 0\n"
        "Got: +F:25:AES-128-CBC-HMAC-SHA256:822804480.00:914194432.00:961839104.00:102\n");
    ASSERT_EQ(read.runs.size(), 1u);
    EXPECT_EQ(read.runs[0].measurements.size(), 3u);
    expect_figure(read, 0, "aes-128-cbc-hmac-sha256", Operation::throughput, 32768, 961839104);
    EXPECT_EQ(read.runs[0].find("aes-128-cbc-hmac-sha256", Operation::throughput, 65536), nullptr);
}

// 1.1.1 names an -evp row "evp" under -multi; a harness that parsed the
// output names the cipher and the processes in its samples.
TEST(ImportMultiChildren, AnEvpRowTakesTheCipherAHarnessNames) {
    using enum Operation;
    const InputWant wants[] = {
        {"harness at 16", kHarness, 0, "aes-256-ctr", throughput, 16, 7928414.04e3},
        {"harness at 1024", kHarness, 0, "aes-256-ctr", throughput, 1024, 100449384.11e3},
        {"harness at 16384", kHarness, 0, "aes-256-ctr", throughput, 16384, 118711951.91e3},
    };
    expect_inputs(wants);
    auto read = read_input(kHarness);
    ASSERT_EQ(read.runs.size(), 1u);
    EXPECT_EQ(read.runs[0].processes, 10);
    EXPECT_EQ(read.runs[0].measurements.size(), 6u);
}

TEST(ImportMultiChildren, AnEvpRowNothingNamesIsNotStored) {
    auto read = read_input(
        "OpenSSL 1.1.1f  31 Mar 2020\n"
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
        "bytes\n"
        "md5              1000.00k     2000.00k    3000.00k    4000.00k    5000.00k    6000.00k\n"
        "evp              7928414.04k 24973982.48k 64151343.18k 100449384.11k 117555948.61k "
        "118711951.91k\n");
    ASSERT_EQ(read.runs.size(), 1u);
    EXPECT_EQ(read.runs[0].measurements.size(), 6u);  // md5's only
    EXPECT_EQ(read.runs[0].find("evp", Operation::throughput, 16), nullptr);
}
