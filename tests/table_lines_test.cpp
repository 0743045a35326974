// parse/table_lines.h, the first pass over a text's lines for its typed
// tables: a table is still read with what the lines around it state, and
// lines far from any table are handed to none of find_grids' start tests.
#include "parse/table_lines.h"

#include <gtest/gtest.h>

#include "import_support.h"
#include "parse/clean_line.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kMbps =
    "185-typed-md-table-mbps-megabits-unit-in-heading-sizes-16b-16kb-bold-cells.md";
constexpr const char* kHmac =
    "186-typed-md-tables-sizes-as-rows-hash-and-hmac-under-two-commands.md";
constexpr const char* kDiff =
    "181-ti-pr652-rst-csv-table-in-diff-sizes-as-rows-engines-unit-in-reply.txt";

}  // namespace

TEST(TableLines, TablesReadWithTheirContext) {
    const InputWant wants[] = {
        // "### 单核吞吐（Mbps）": the heading above states the unit.
        {"heading above", kMbps, 0, "aes-128-gcm", Operation::throughput, 16, 6.25e6},
        // "openssl speed ... -hmac sha3-256" in a fence above: the algorithm.
        {"command in a fence above", kHmac, 1, "hmac-sha3-256", Operation::throughput, 16,
         3309.00e3},
        // The reply below the diff's csv-table states its unit.
        {"unit below", kDiff, 1, "aes-128-cbc", Operation::throughput, 8192, 908.72e6},
    };
    expect_inputs(wants);
}

TEST(TableLines, OnlyLinesThatMayStartATable) {
    struct Want {
        const char* name;
        const char* file;  // of tests/data/corpus
        size_t line;       // 1-based input line
        bool may_start;
    };
    const Want wants[] = {
        {"185 title", kMbps, 1, false},
        {"185 prose far from the table", kMbps, 5, false},
        {"185 heading above the table", kMbps, 18, false},
        {"185 table header", kMbps, 20, true},
        {"185 prose under the table", kMbps, 30, false},
        {"186 command in the fence", kHmac, 7, false},
        {"186 sentence above the table", kHmac, 11, false},
        {"186 table header", kHmac, 13, true},
    };
    for (const auto& w : wants) {
        SCOPED_TRACE(w.name);
        const std::string text = read_fixture(std::string("corpus/") + w.file);
        const parse::CleanText clean = parse::clean_lines(text);
        const std::vector<bool> used(clean.lines.size());
        const parse::TableLines marks(clean.lines, used, text);
        size_t k = 0;
        while (k < clean.lines.size() && clean.lines[k].line != w.line) ++k;
        ASSERT_LT(k, clean.lines.size());
        EXPECT_EQ(marks.may_start(clean.lines, k), w.may_start) << clean.lines[k].text();
    }
}
