// Round eleven's unseen texts (issue 34): real files of tests/data/corpus 290+
// (README.md there cites each with its hand-checked figures), each asserted at
// its algorithm and size or operation as it was read before any rule for it.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kRstTimeV =
    "290-ti-sdk-crypto-rst-literal-blocks-time-v-reports-cryptodev-cpu-seconds.txt";
constexpr const char* kInteractive =
    "291-openssl-pr-3487-interactive-openssl-prompt-elision-stray-count-line-garbled-second-"
    "prompt.txt";
constexpr const char* kLkpStdout =
    "292-lkp-tests-fixture-harness-stdout-timestamped-command-got-records-from-child-headerless-"
    "row.txt";
constexpr const char* kDashPrefix =
    "293-pastebin-page-copy-every-line-behind-dash-prompt-lines-1.0.1e.txt";
constexpr const char* kTwoLibraries =
    "294-gist-commands-as-lines-headerless-rows-openssl-six-libressl-five-columns-multi-8.txt";
constexpr const char* kEngineColumn =
    "297-wiki-blog-table-no-separator-row-engine-column-sw-af-before-cipher-empty-corner.md";
constexpr const char* kBuildLines =
    "299-gist-build-and-machine-lines-heading-version-blocks-cygwin32-cygwin64-rsa-tables.txt";

}  // namespace

// Where a progress line and the table print the same figure, the importer keeps
// the line's count over its seconds (run_builder's keep_both_forms), so those
// figures are written as the line gives them.
TEST(ImportRoundEleven, EachTextsFiguresAtTheirAlgorithmAndSizeOrOperation) {
    using enum Operation;
    const InputWant wants[] = {
        // reST `::` blocks under a prompt, GNU time -v's report after two of them.
        {"rst cryptodev first", kRstTimeV, 0, "aes-128-cbc", throughput, 16, 108107.0 * 16 / 0.16},
        {"rst cryptodev last", kRstTimeV, 0, "aes-128-cbc", throughput, 8192, 4879.0 * 8192 / 0.02},
        {"rst time -v first", kRstTimeV, 1, "aes-128-cbc", throughput, 16, 108799.0 * 16 / 0.17},
        {"rst software first", kRstTimeV, 2, "aes-128-cbc", throughput, 16, 697674.0 * 16 / 2.99},
        {"rst software last", kRstTimeV, 2, "aes-128-cbc", throughput, 8192, 1509.0 * 8192 / 3.00},
        // `OpenSSL> speed -evp sha512` at the interactive prompt, `(...)` for the lines.
        {"prompt sha512 16", kInteractive, 0, "sha512", throughput, 16, 5140131.0 * 16 / 2.97},
        {"prompt sha512 64", kInteractive, 0, "sha512", throughput, 64, 110953.15e3},
        {"prompt sha512 16384", kInteractive, 0, "sha512", throughput, 16384, 446720.68e3},
        {"garbled line", kInteractive, 1, "sha512", throughput, 16, 4960252.0 * 16 / 3.00},
        // LKP's saved stdout: the parent's row without a header after the children's.
        {"lkp sha256 first", kLkpStdout, 0, "sha256", throughput, 16, 771620.33e3},
        {"lkp sha256 last", kLkpStdout, 0, "sha256", throughput, 16384, 13758062.05e3},
        // A pastebin page copy: every line behind `- `.
        {"dash first", kDashPrefix, 0, "aes-256-cbc", throughput, 16, 5561853.0 * 16 / 2.98},
        {"dash last", kDashPrefix, 0, "aes-256-cbc", throughput, 8192, 112557.0 * 8192 / 2.98},
        // Headerless rows: OpenSSL 1.1.1c's six columns, LibreSSL 2.6.5's five.
        {"openssl first", kTwoLibraries, 0, "aes-128-cbc", throughput, 16, 79488.08e3},
        {"openssl last", kTwoLibraries, 0, "aes-256-cbc", throughput, 16384, 144069.97e3},
        {"libressl first", kTwoLibraries, 1, "aes-128-cbc", throughput, 16, 610246.46e3},
        {"libressl last", kTwoLibraries, 1, "aes-192-cbc", throughput, 8192, 540540.93e3},
        // A wiki table without a separator row, `SW` and `AF` rows per cipher.
        {"sw first", kEngineColumn, 0, "aes-128-cbc", throughput, 16, 114159.97e3},
        {"sw last", kEngineColumn, 0, "aes-256-cbc", throughput, 8192, 135140.69e3},
        {"af first", kEngineColumn, 1, "aes-128-cbc", throughput, 16, 9052.54e3},
        {"af last", kEngineColumn, 1, "aes-256-cbc", throughput, 8192, 109021.87e3},
        // Each build's block under a line naming it (`Cygwin32 @ Windows 8.1 Pro / ...`).
        {"cygwin32 rsa512 sign", kBuildLines, 0, "rsa512", sign, 0, 6923.1},
        {"cygwin32 rsa4096 sign", kBuildLines, 0, "rsa4096", sign, 0, 1 / 0.039035},
        {"cygwin64 rsa2048 verify", kBuildLines, 1, "rsa2048", verify, 0, 24545.2},
    };
    expect_inputs(wants);
}

// Each run holds its table's figures and no more: the time -v reports, the
// stray count line and the children's records give none of their own.
TEST(ImportRoundEleven, RunsHoldTheirTablesFiguresOnly) {
    const std::pair<const char*, std::vector<size_t>> counts[] = {
        {kRstTimeV, {5, 5, 5}}, {kInteractive, {6, 1}},    {kLkpStdout, {6}},
        {kDashPrefix, {5}},     {kTwoLibraries, {18, 10}}, {kEngineColumn, {15, 15}},
        {kBuildLines, {8, 6}},
    };
    for (const auto& [file, sizes] : counts) {
        SCOPED_TRACE(file);
        const auto read = read_corpus(file).read;
        ASSERT_EQ(read.runs.size(), sizes.size());
        for (size_t i = 0; i < sizes.size(); ++i)
            EXPECT_EQ(read.runs[i].measurements.size(), sizes[i]) << "run " << i;
    }
    EXPECT_EQ(read_corpus(kLkpStdout).read.runs[0].processes, 16);
    EXPECT_EQ(read_corpus(kTwoLibraries).read.runs[1].processes, 8);
}

// The OpenWrt wiki's one-liner above a table of its 1024-byte columns, as
// `26.49M` cells under header cells grouping several algorithms, a page copy
// breaking each row over lines (read_oneliner_table.cpp): one run per router.
constexpr const char* kOneLiner =
    "300-gist-openwrt-one-liner-table-flattened-m-cells-several-algorithms-per-cell-1024-bytes-in-"
    "script.md";

TEST(ImportRoundEleven, TheOpenWrtOneLinersTableGivesEachRoutersColumnsAt1024Bytes) {
    using enum Operation;
    const InputWant wants[] = {
        {"k1 md5", kOneLiner, 0, "md5", throughput, 1024, 26.49e6},
        {"k1 3des", kOneLiner, 0, "des-ede3", throughput, 1024, 1.52e6},
        {"k1 aes256", kOneLiner, 0, "aes-256-cbc", throughput, 1024, 6.21e6},
        {"merlin sha256", kOneLiner, 4, "sha256", throughput, 1024, 27.09e6},
        {"dir-882 4t md5", kOneLiner, 6, "md5", throughput, 1024, 103.88e6},
        {"dir-882 4t aes256", kOneLiner, 6, "aes-256-cbc", throughput, 1024, 19.01e6},
    };
    expect_inputs(wants);
    const auto read = read_corpus(kOneLiner);
    EXPECT_EQ(read.reader, "openwrt one-liner table");
    ASSERT_EQ(read.read.runs.size(), 7u);
    for (const auto& run : read.read.runs) EXPECT_EQ(run.measurements.size(), 9u);
    EXPECT_EQ(read.read.runs[0].machine->label, "K1 Padavan");
    EXPECT_EQ(read.read.runs[3].processes, 4);  // `4t`: four processes, summed
    EXPECT_EQ(read.read.runs[2].processes, 1);  // `1.2G` is the clock, no figure
}
