// Round ten's unseen texts (issue 34): real files of tests/data/corpus 260+
// (README.md there cites each with its hand-checked figures), each asserted at
// its algorithm and size or operation as it was read before any rule for it.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kGoVsOpenssl =
    "260-gocryptfs-go-vs-openssl-setext-sections-tab-indented-table-summary-mbs-heading-cpuinfo-"
    "below.md";
constexpr const char* kTlsLinux =
    "261-tls-linux-readme-command-in-blockquote-fenced-table-httperf-tls-speed-rates-after.md";
constexpr const char* kPqcSession =
    "262-pqc-terminal-session-stdout-redirected-doing-lines-then-cat-tables-kyber-dilithium-"
    "cycles-above.txt";
constexpr const char* kRowsTwice =
    "264-sbc-bench-style-radxa-zero-one-header-each-cipher-row-twice-executing-benchmark-twice-"
    "cluster.txt";
constexpr const char* kClusterRows =
    "265-sbc-bench-log-armsom-sige5-rows-suffixed-by-core-cluster-cortex-a53-a72-whole-log.txt";
constexpr const char* kVersionRows =
    "266-openssl-issue-6992-typed-table-no-outer-pipes-rows-per-library-version-sign-verify-"
    "columns.md";
constexpr const char* kBenchColumns =
    "268-sbc-bench-results-table-aes-128-16-byte-aes-256-16-kb-columns-among-7zip-memcpy-link-"
    "rows.md";
constexpr const char* kBoldCells =
    "270-openssl-issue-8924-bold-markers-inside-openssl-rows-whitespace-collapsed-multi-8-"
    "taskset.txt";
constexpr const char* kInfCells =
    "267-openssl-issue-5090-ecdsa-rows-between-ellipsis-lines-inf-cells-x25519.txt";

// Round ten's kind 40 (corpus 272): a README's copy of sbc-bench's table,
// devices as rows, its AES column openssl's aes-256-cbc at 16384 bytes, the
// cipher named above it in a link ("[aes-256-cbc](Sorted-Results.md#...)").
constexpr const char* kDeviceRows =
    "272-sbc-bench-copy-table-aes-column-aes-256-cbc-16k-k-among-7zip-memcpy-columns-device-"
    "rows.md";

// Whether any run of READ holds VALUE at (ALGORITHM, OP, SIZE): 264's rows are
// right while its runs are not yet grouped as the text groups them.
bool any_run_holds(const import::Read& read, const std::string& algorithm, Operation op,
                   int64_t size, double value) {
    for (const auto& run : read.runs) {
        const Measurement* m = run.find(algorithm, op, size);
        if (m != nullptr && std::abs(m->value - value) <= value * 1e-9) return true;
    }
    return false;
}

}  // namespace

TEST(ImportRoundTen, EachTextsFiguresAtTheirAlgorithmAndSizeOrOperation) {
    using enum Operation;
    const InputWant wants[] = {
        // A tab-indented table under `openssl 1.0.1k` between Go benchmarks.
        {"go-vs-openssl first", kGoVsOpenssl, 0, "aes-128-gcm", throughput, 16, 71275.15e3},
        {"go-vs-openssl last", kGoVsOpenssl, 0, "aes-128-gcm", throughput, 8192, 308912.13e3},
        // A fenced table under `> $ openssl speed sha`, httperf and tls-speed after it.
        {"tls-linux sha1 first", kTlsLinux, 0, "sha1", throughput, 16, 169325.03e3},
        {"tls-linux sha256", kTlsLinux, 0, "sha256", throughput, 1024, 1719499.43e3},
        {"tls-linux sha512 last", kTlsLinux, 0, "sha512", throughput, 8192, 689070.08e3},
        // Doing lines printed, the tables only by a later `cat` of the file.
        {"session rsa sign", kPqcSession, 0, "rsa2048", sign, 0, 28601 / 9.18},
        {"session rsa verify", kPqcSession, 0, "rsa2048", verify, 0, 541324 / 9.41},
        {"session p256 sign", kPqcSession, 0, "ecdsa-p256", sign, 0, 48797.6},
        {"session b571 verify", kPqcSession, 0, "ecdsa-b571", verify, 0, 247.6},
        {"session brainpool", kPqcSession, 0, "ecdsa-brainpoolp512t1", verify, 0, 1035.6},
        {"session x25519", kPqcSession, 0, "ecdh-x25519", derive, 0, 33096.2},
        {"session x448", kPqcSession, 0, "ecdh-x448", derive, 0, 5635.4},
        // One aes-256-cbc row per core cluster, `(Cortex-A53)` after its figures.
        {"cluster a53 first", kClusterRows, 0, "aes-256-cbc", throughput, 16, 146626.41e3},
        {"cluster a53 last", kClusterRows, 0, "aes-256-cbc", throughput, 16384, 1008697.34e3},
        {"cluster a72 first", kClusterRows, 1, "aes-256-cbc", throughput, 16, 360550.09e3},
        {"cluster a72 last", kClusterRows, 1, "aes-256-cbc", throughput, 16384, 1329293.99e3},
        // A typed summary, one row per library version, no outer pipes.
        {"libressl sign", kVersionRows, 0, "rsa2048", sign, 0, 3328.5},
        {"libressl p256 verify", kVersionRows, 0, "ecdsa-p256", verify, 0, 9121.5},
        {"1.0.2k verify", kVersionRows, 1, "rsa2048", verify, 0, 128008.2},
        {"1.1.0i after patch", kVersionRows, 3, "ecdsa-p256", sign, 0, 121212.1},
        {"master p256 verify", kVersionRows, 6, "ecdsa-p256", verify, 0, 33439.4},
        // `AES-128 (16 byte)` and `AES-256 (16 KB)` among 7-zip and memcpy columns.
        {"a1 aes-128 16", kBenchColumns, 0, "aes-128-cbc", throughput, 16, 458500e3},
        {"a1 aes-256 16k", kBenchColumns, 0, "aes-256-cbc", throughput, 16384, 1297960e3},
        {"h270 aes-256 16k", kBenchColumns, 9, "aes-256-cbc", throughput, 16384, 340750e3},
        // The row printed as `inf` gives nothing; the one above it its two figures.
        {"secp160r1 sign", kInfCells, 0, "ecdsa-secp160r1", sign, 0, 1286.8},
        {"secp160r1 verify", kInfCells, 0, "ecdsa-secp160r1", verify, 0, 508.1},
    };
    expect_inputs(wants);
}

// Nothing from the Go benchmarks, httperf, tls-speed or pq-crystals' cycles.
TEST(ImportRoundTen, OtherProgramsRatesBesideTheTablesGiveNothing) {
    const std::pair<const char*, size_t> counts[] = {
        {kGoVsOpenssl, 5}, {kTlsLinux, 15}, {kPqcSession, 2 + 44 + 24}, {kInfCells, 2}};
    // Ten boards, two AES cells each: nothing from the 7-zip, memcpy or kH/s cells.
    const auto boards = read_corpus(kBenchColumns).read;
    ASSERT_EQ(boards.runs.size(), 10u);
    for (const auto& run : boards.runs) EXPECT_EQ(run.measurements.size(), 2u);
    for (const auto& [file, count] : counts) {
        SCOPED_TRACE(file);
        auto read = read_corpus(file).read;
        ASSERT_EQ(read.runs.size(), 1u);
        EXPECT_EQ(read.runs[0].measurements.size(), count);
    }
}

// Each cipher's row printed twice under one header: every figure is read at its
// cipher and size, though the rows' runs are not yet the text's two runs.
TEST(ImportRoundTen, RowsPrintedTwiceAreEachReadAtTheirCipherAndSize) {
    using enum Operation;
    const auto read = read_corpus(kRowsTwice).read;
    size_t figures = 0;
    for (const auto& run : read.runs) figures += run.measurements.size();
    EXPECT_EQ(figures, 36u);
    EXPECT_TRUE(any_run_holds(read, "aes-128-cbc", throughput, 16, 116163.84e3));
    EXPECT_TRUE(any_run_holds(read, "aes-128-cbc", throughput, 16, 116280.10e3));
    EXPECT_TRUE(any_run_holds(read, "aes-192-cbc", throughput, 8192, 1008609.96e3));
    EXPECT_TRUE(any_run_holds(read, "aes-256-cbc", throughput, 16384, 829789.53e3));
    EXPECT_TRUE(any_run_holds(read, "aes-256-cbc", throughput, 16384, 838762.50e3));
}

// The sbc-bench log's closing report repeats the rows: they are not read twice.
TEST(ImportRoundTen, ALogsReportRepeatingItsRowsGivesNoMoreRuns) {
    const auto read = read_corpus(kClusterRows).read;
    ASSERT_EQ(read.runs.size(), 2u);
    EXPECT_EQ(read.runs[0].measurements.size(), 6u);
    EXPECT_EQ(read.runs[1].measurements.size(), 6u);
}

// openssl's rows pasted without a fence, the poster's bold around two cells,
// under `openssl speed -multi 8`: every row read, the run eight processes'.
constexpr const char* kBoldSmall =
    "bash-4.2# taskset 0x10 openssl speed -multi 8 ecdsap384\n"
    "\n"
    "OpenSSL 1.0.2o 27 Mar 2018\n"
    "sign verify sign/s verify/s\n"
    "rsa 2048 bits 0.000725s 0.000021s __1378.8__ *47765.0*\n"
    "sign verify sign/s verify/s\n"
    "384 bit ecdsa (nistp384) **0.0002s** 0.0008s **5045.4** 1204.9\n";

TEST(ImportRoundTen, EmphasisedCellsOfOpensslsRowsUnderAMultiCommand) {
    using enum Operation;
    const InputWant wants[] = {
        {"small rsa sign", kBoldSmall, 0, "rsa2048", sign, 0, 1378.8},
        {"small rsa verify", kBoldSmall, 0, "rsa2048", verify, 0, 47765.0},
        {"small p384 sign", kBoldSmall, 0, "ecdsa-p384", sign, 0, 5045.4},
        {"small p384 verify", kBoldSmall, 0, "ecdsa-p384", verify, 0, 1204.9},
        {"issue rsa sign", kBoldCells, 0, "rsa2048", sign, 0, 1378.8},
        {"issue rsa verify", kBoldCells, 0, "rsa2048", verify, 0, 47765.0},
        {"issue p384 sign", kBoldCells, 0, "ecdsa-p384", sign, 0, 5045.4},
        {"issue p384 verify", kBoldCells, 0, "ecdsa-p384", verify, 0, 1204.9},
    };
    expect_inputs(wants);
    for (const char* input : {kBoldSmall, kBoldCells}) {
        SCOPED_TRACE(input);
        const auto read = read_input(input);
        ASSERT_EQ(read.runs.size(), 1u);
        EXPECT_EQ(read.runs[0].measurements.size(), 4u);
        EXPECT_EQ(read.runs[0].processes, 8);
        EXPECT_EQ(read.runs[0].timing, Timing::wall);
    }
}

// Kind 40's link names its cipher to the text around the table since a
// word's brackets are read (hand_context.cpp); its devices' names ("Raspberry
// Pi 3 Model B Rev 1.2") are still no block sizes: every figure is the AES
// column's, never a 7-zip or memcpy column's at "sizes" 2, 3 or 4.
TEST(ImportRoundTen, DeviceRowsUnderALinkedCipherGiveNoFigureAtAnotherSize) {
    const auto read = read_corpus(kDeviceRows).read;
    size_t figures = 0;
    for (const auto& run : read.runs) figures += run.measurements.size();
    EXPECT_EQ(figures, 15u);
    for (const auto& run : read.runs)
        for (const auto& m : run.measurements) {
            EXPECT_EQ(m.algorithm, "aes-256-cbc");
            EXPECT_EQ(m.parameter, 16384);
        }
}
