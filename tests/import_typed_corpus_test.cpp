// Tables people typed and files other tools write (issue 34), real texts
// from tests/data/corpus 101 onwards (README.md there cites each): the
// figures, hand-checked, at their algorithm, size or operation and value in
// base units; the negatives give nothing, whichever reader they reach.
#include <gtest/gtest.h>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

struct Want {
    const char* name;
    const char* file;
    size_t run;
    const char* algorithm;
    Operation op;
    int64_t size;  // block size in bytes, 0 for an operation of a key
    double value;  // bytes/s, or operations/s
};

constexpr const char* kCeph = "101-typed-md-pipe-table-no-outer-pipes-aes-128-gcm-decrypt-k.md";
constexpr const char* kAfalg =
    "102-typed-grid-table-in-mail-quote-sizes-as-rows-two-engines-mbs.txt";
constexpr const char* kBbbSha = "103-typed-md-table-kbs-in-every-cell-thousands-commas-bold.md";
constexpr const char* kBbbHw =
    "104-typed-md-table-kbs-in-every-cell-short-aes-name-summary-table.md";

constexpr const char* kSpeedup = "108-typed-two-tables-named-by-line-above-speedup-ratio-table.md";
constexpr const char* kNoHeader =
    "109-rows-without-header-six-default-sizes-named-by-line-above.txt";

}  // namespace

TEST(ImportTypedCorpus, FiguresAtTheirAlgorithmSizeAndValue) {
    const auto T = Operation::throughput;
    const Want wants[] = {
        // A GFM table pasted without its outer pipes, k as openssl prints it.
        {"pipe table, first", kCeph, 0, "aes-128-gcm", T, 16, 321729.96e3},
        {"pipe table, middle", kCeph, 0, "aes-128-gcm", T, 1024, 3429211.27e3},
        {"pipe table, last", kCeph, 0, "aes-128-gcm", T, 16384, 4038464.85e3},
        // A grid table quoted in a mail: sizes as rows, one MB/s column per engine.
        {"grid, afalg first", kAfalg, 0, "aes-256-cbc", T, 16, 0.09e6},
        {"grid, afalg 1024", kAfalg, 0, "aes-256-cbc", T, 1024, 4.96e6},
        {"grid, afalg last", kAfalg, 0, "aes-256-cbc", T, 16384, 22.48e6},
        {"grid, software first", kAfalg, 1, "aes-256-cbc", T, 16, 9.44e6},
        {"grid, software last", kAfalg, 1, "aes-256-cbc", T, 16384, 12.33e6},
        // KB/s in every cell, thousands commas, bold cells and names.
        {"KB/s cells, first", kBbbSha, 0, "sha1", T, 16, 4397e3},
        {"KB/s cells, bold", kBbbSha, 0, "sha1", T, 16384, 147904e3},
        {"KB/s cells, middle row", kBbbSha, 0, "sha256", T, 1024, 61459e3},
        {"KB/s cells, last row first", kBbbSha, 0, "sha512", T, 16, 2573e3},
        {"KB/s cells, last", kBbbSha, 0, "sha512", T, 16384, 43412e3},
        // KB/s cells without commas, a bold size in the header, AES-128 named short.
        {"KB/s, first", kBbbHw, 0, "sha256", T, 16, 1420e3},
        {"KB/s, no space before the pipe", kBbbHw, 0, "sha1", T, 8192, 143559e3},
        {"KB/s, AES-128 is aes-128-cbc", kBbbHw, 0, "aes-128-cbc", T, 16, 9982e3},
        {"KB/s, last", kBbbHw, 0, "aes-128-cbc", T, 16384, 14986e3},
        // Two tables named by the line above them; the Speedup table of ratios is none.
        {"baseline, first", kSpeedup, 0, "aes-128-gcm", T, 16, 87073.19e3},
        {"baseline, middle", kSpeedup, 0, "aes-192-gcm", T, 1024, 3250981.99e3},
        {"baseline, last", kSpeedup, 0, "aes-256-gcm", T, 16384, 10261646.89e3},
        {"patch, first", kSpeedup, 1, "aes-128-gcm", T, 16, 91412.07e3},
        {"patch, last", kSpeedup, 1, "aes-256-gcm", T, 16384, 10349531.71e3},
        // Rows without their header: six columns are 1.1.1's six sizes.
        {"no header, first", kNoHeader, 0, "aes-128-cbc", T, 16, 572267.80e3},
        {"no header, first row's last", kNoHeader, 0, "aes-128-cbc", T, 16384, 723004.07e3},
        {"no header, second row", kNoHeader, 1, "aes-128-cbc", T, 1024, 719794.52e3},
        {"no header, last row at 8192", kNoHeader, 2, "aes-128-cbc", T, 8192, 717578.24e3},
        {"no header, last", kNoHeader, 2, "aes-128-cbc", T, 16384, 727176.53e3},
    };
    for (const auto& w : wants) {
        SCOPED_TRACE(w.name);
        expect_figure(read_corpus(w.file).read, w.run, w.algorithm, w.op, w.size, w.value);
    }
}

// Every figure of each table and none more: a summary table repeating one
// column is no second run.
TEST(ImportTypedCorpus, EachTableGivesItsFiguresOnce) {
    struct Case {
        const char* file;
        size_t runs;
        size_t figures_per_run;
    };
    for (const Case& c : {Case{kCeph, 1, 6}, Case{kAfalg, 2, 6}, Case{kBbbSha, 1, 18},
                          Case{kBbbHw, 1, 18}, Case{kSpeedup, 2, 18}, Case{kNoHeader, 3, 6}}) {
        SCOPED_TRACE(c.file);
        auto read = read_corpus(c.file).read;
        ASSERT_EQ(read.runs.size(), c.runs);
        for (const auto& run : read.runs) EXPECT_EQ(run.measurements.size(), c.figures_per_run);
    }
}

TEST(ImportTypedCorpus, NegativesGiveNothing) {
    for (const char* file : {"105-NEGATIVE-harness-log-empty-openssl-tables-enc-mbs.txt",
                             "106-NEGATIVE-fastpbkdf2-bench-csv-openssl-sha-seconds.txt",
                             "107-NEGATIVE-aesbench-libcrypto-gbits-per-cpu-rank-columns.md",
                             "110-NEGATIVE-aesbench-raw-key-value-records-bitrate.txt"}) {
        SCOPED_TRACE(file);
        auto read = read_corpus(file).read;
        EXPECT_TRUE(read.runs.empty());
        EXPECT_FALSE(read.refused.empty());
    }
}
