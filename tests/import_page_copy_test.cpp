// What a page copy puts on every line of openssl's output (round eleven,
// MISSES.md 42 and 44): a code page's rendered line table (" | |" ending each
// line of a gist) and a paste site's line numbers ("  20. Doing ..."). The real
// texts stay in tests/data/misses while their runs' names are poor; each figure
// is asserted at its algorithm and size or operation.
#include <gtest/gtest.h>

#include <string>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kGistLineEnds =
    "gist-page-copy-every-line-ending-pipe-pipe-router-comment-lines-multi-4-headerless-row.txt";
constexpr const char* kPastebinNumbers =
    "pastebin-raw-page-numbered-lines-lscpu-doing-lines-rsa-ecdsa-cut-before-table.txt";

import::Read read_miss(const char* file){
    return read_text(file, read_fixture(std::string("misses/") + file)).read;
}  // namespace

}  // namespace

TEST(ImportPageCopy, AGistsLineEndsAreNoPartOfItsRows) {
    const auto read = read_miss(kGistLineEnds);
    ASSERT_EQ(read.runs.size(), 1u);
    EXPECT_EQ(read.runs[0].processes, 4);  // `openssl speed -multi 4 aes-128-cbc | |`
    const struct {
        int64_t size;
        double value;
    } wants[] = {{16, 60405.84e3},   {64, 71259.72e3},   {256, 72525.55e3},
                 {1024, 73877.76e3}, {8192, 74127.67e3}, {16384, 74700.12e3}};
    for (const auto& w : wants)
        expect_figure(read, 0, "aes-128-cbc", Operation::throughput, w.size, w.value);
    EXPECT_EQ(read.runs[0].measurements.size(), 6u);
}

// The RSA Doing lines read; the two ECDSA lines name 256 bits, which three
// curves of 1.1.1 have (nistp256, brainpoolP256r1, brainpoolP256t1), and the
// text is cut before the table row that would say which: not stored.
TEST(ImportPageCopy, APasteSitesLineNumbersAreNoPartOfItsLines) {
    const auto read = read_miss(kPastebinNumbers);
    ASSERT_EQ(read.runs.size(), 1u);
    EXPECT_EQ(read.runs[0].version, "OpenSSL 1.1.1c 28 May 2019");
    // lscpu's report above names the machine; free's "Swap: 0 0 0" names nothing.
    EXPECT_EQ(read.runs[0].machine->cpu_name, "Cortex-A8");
    EXPECT_EQ(read.runs[0].machine->architecture, "armv7l");
    EXPECT_EQ(read.runs[0].machine->cpu_mhz, 1000.0);
    const struct {
        const char* id;
        Operation op;
        double value;
    } wants[] = {
        {"rsa2048", Operation::sign, 588 / 10.00}, {"rsa2048", Operation::verify, 23057 / 9.99},
        {"rsa3072", Operation::sign, 205 / 10.03}, {"rsa3072", Operation::verify, 10863 / 9.99},
        {"rsa4096", Operation::sign, 94 / 10.01},  {"rsa4096", Operation::verify, 6298 / 10.00}};
    for (const auto& w : wants) expect_figure(read, 0, w.id, w.op, 0, w.value);
    EXPECT_EQ(read.runs[0].measurements.size(), 6u);
}
