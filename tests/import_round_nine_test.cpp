// Round nine's unseen texts (issue 34): real files of tests/data/corpus 230+
// (README.md there cites each with its hand-checked figures), each asserted at
// its algorithm and size or operation as it was read before any rule for it.
#include <gtest/gtest.h>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kMultiNoAlgorithm =
    "230-openssl-issue-31767-multi-1-no-algorithm-child-dt-r-records-f9-no-summary.txt";

}  // namespace

TEST(ImportRoundNine, EachTextsFiguresAtTheirAlgorithmAndSizeOrOperation) {
    using enum Operation;
    const InputWant wants[] = {
        // `+R:4137705:md5:1.000000` after `+DT:md5:1:16`: the one child of
        // -multi 1 printed its progress records, the parent no table.
        {"child record at 16", kMultiNoAlgorithm, 0, "md5", throughput, 16, 4137705 * 16 / 1.0},
        {"child record at 64", kMultiNoAlgorithm, 0, "md5", throughput, 64, 3019101 * 64 / 1.0},
    };
    expect_inputs(wants);
}

// `Got: +F9:21:233.000000:...` names no algorithm: nothing is read from it.
TEST(ImportRoundNine, RecordsNamingNoAlgorithmGiveNothing) {
    auto read = read_corpus(kMultiNoAlgorithm).read;
    ASSERT_EQ(read.runs.size(), 1u);
    EXPECT_EQ(read.runs[0].measurements.size(), 2u);
    EXPECT_EQ(read.runs[0].version, "OpenSSL 4.1.0-dev");
}
