// A harness's CSV pasted into a text inside a code fence (corpus 154):
// read as a CSV file is, openssl's rows only, the algorithm and unit from
// what the text above states when the columns name none. {name, input, want}.
#include <gtest/gtest.h>

#include <string>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

struct Case {
    const char* name;
    std::string text;
    size_t runs;  // 0: nothing imported
    int64_t size;
    double value;  // run 0's aes-128-cbc at SIZE, bytes/s
};

const std::string kCsv =
    "```csv\n"
    "implementation,16 bytes,64 bytes,256 bytes\n"
    "tiber,79962.62,81382.50,...\n"
    "openssl,616478.02,1418600.58,...\n"
    "openssl / tiber,7.7x,17.4x,...\n"
    "```\n";

TEST(ImportFencedCsv, OpensslRowsAtTheStatedUnitAndAlgorithm) {
    const Case cases[] = {
        {"KB/s stated", "Compares AES-128-CBC throughput (KB/s) of each implementation:\n\n" + kCsv,
         1, 64, 1418600.58e3},
        {"MB/s stated", "Compares AES-128-CBC throughput (MB/s) of each implementation:\n\n" + kCsv,
         1, 16, 616478.02e6},
        {"no unit: openssl's k", "Compares AES-128-CBC with tiber.\n\n" + kCsv, 1, 16, 616478.02e3},
        {"two algorithms: none", "Compares AES-128-CBC and SHA256 (KB/s).\n\n" + kCsv, 0, 0, 0},
        {"no algorithm: none", "Compares each implementation (KB/s).\n\n" + kCsv, 0, 0, 0},
        {"no fence: none", "Compares AES-128-CBC (KB/s).\n\n" + kCsv.substr(7, kCsv.size() - 11), 0,
         0, 0},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        auto read = read_text("t.md", c.text).read;
        ASSERT_EQ(read.runs.size(), c.runs) << read.refused;
        if (c.runs == 0) continue;
        EXPECT_EQ(read.runs[0].measurements.size(), 2u);  // "..." cuts the row; tiber's none
        expect_figure(read, 0, "aes-128-cbc", Operation::throughput, c.size, c.value);
    }
}

}  // namespace
