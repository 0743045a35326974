// Typed tables of round eight (issue 34) whose unit or algorithm the text
// around them states: each rule of src/parse/hand_*.cpp asserted on a small
// text of its shape and on the real text of tests/data/corpus it came from.
#include <gtest/gtest.h>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kMbps =
    "185-typed-md-table-mbps-megabits-unit-in-heading-sizes-16b-16kb-bold-cells.md";

constexpr const char* kHmac =
    "186-typed-md-tables-sizes-as-rows-hash-and-hmac-under-two-commands.md";

// Sizes as rows under `openssl speed -hmac`: hmac(sha256), not sha256.
constexpr const char* kHmacShape =
    "```\n"
    "openssl speed -elapsed -hmac sha256\n"
    "```\n"
    "\n"
    "| size | patched |\n"
    "| --- | --- |\n"
    "| 16 bytes | 3309.00k |\n"
    "| 64 bytes | 13236.33k |\n";

// Megabits per second stated only in the heading over the table.
constexpr const char* kMbpsShape =
    "`openssl speed -evp aes-128-gcm` results:\n"
    "\n"
    "### Throughput (Mbps)\n"
    "\n"
    "| algorithm | 16 bytes | 64 bytes | 256 bytes |\n"
    "|---|---|---|---|\n"
    "| AES-128-GCM | 50 | 123 | 216 |\n"
    "| SHA-256 | 59 | 174 | 394 |\n";

}  // namespace

TEST(ImportTypedUnits, FiguresAtTheirAlgorithmSizeOrOperation) {
    const InputWant wants[] = {
        // 1 Mbps = 125000 bytes/s, never openssl's k.
        {"mbps heading", kMbpsShape, 0, "aes-128-gcm", Operation::throughput, 16, 6.25e6},
        {"mbps heading row 2", kMbpsShape, 0, "sha256", Operation::throughput, 256, 49.25e6},
        {"185 first", kMbps, 0, "aes-128-gcm", Operation::throughput, 16, 6.25e6},
        {"185 bold cell", kMbps, 0, "aes-128-gcm", Operation::throughput, 16384, 35.375e6},
        {"185 bold label", kMbps, 0, "chacha20-poly1305", Operation::throughput, 1024, 201.75e6},
        {"185 8KB", kMbps, 0, "aes-128-cbc", Operation::throughput, 8192, 60.375e6},
        {"185 last", kMbps, 0, "sha256", Operation::throughput, 16384, 85.125e6},
        // -hmac ALGO in the command, or a header naming HMAC, is hmac(ALGO).
        {"hmac command", kHmacShape, 0, "hmac-sha256", Operation::throughput, 64, 13236.33e3},
        {"186 hash", kHmac, 0, "sha3-256", Operation::throughput, 16, 4681.10e3},
        {"186 hash last", kHmac, 0, "sha3-256", Operation::throughput, 16384, 153556.31e3},
        {"186 hmac", kHmac, 1, "hmac-sha3-256", Operation::throughput, 16, 3309.00e3},
        {"186 hmac last", kHmac, 1, "hmac-sha3-256", Operation::throughput, 16384, 151999.83e3},
    };
    expect_inputs(wants);
}

// A heading that only states the unit names no machine; the four-process
// table's "283 Mbps" sums and the "实例1 = 35576.07k" lines give nothing.
TEST(ImportTypedUnits, AUnitHeadingNamesNoRun) {
    for (const char* input : {kMbpsShape, kMbps}) {
        SCOPED_TRACE(input);
        auto read = read_input(input);
        ASSERT_EQ(read.runs.size(), 1u);
        EXPECT_EQ(read.runs[0].machine->label.find("bps"), std::string::npos);
        EXPECT_EQ(read.runs[0].label.find("bps"), std::string::npos);
    }
    EXPECT_EQ(read_input(kMbps).runs[0].measurements.size(), 30u);
}

// A figure in Mbps in the prose above ("单核 283 Mbps") states no unit: the
// table's bare figures stay openssl's k.
TEST(ImportTypedUnits, AFigureInMbpsStatesNoUnit) {
    std::string text = kMbpsShape;
    text.replace(text.find("### Throughput (Mbps)"), 21, "one core: 283 Mbps");
    auto read = read_input(text.c_str());
    expect_figure(read, 0, "aes-128-gcm", Operation::throughput, 16, 50e3);
}

// The HMAC table stores no plain digest's figure.
TEST(ImportTypedUnits, HmacTablesGiveNoPlainDigest) {
    for (const char* input : {kHmacShape, kHmac}) {
        SCOPED_TRACE(input);
        auto read = read_input(input);
        const auto& hmac = read.runs.back();
        for (const auto& m : hmac.measurements)
            EXPECT_TRUE(m.algorithm.view().starts_with("hmac-"));
    }
    auto read = read_input(kHmac);
    ASSERT_EQ(read.runs.size(), 2u);
    EXPECT_EQ(read.runs[0].measurements.size(), 6u);
    EXPECT_EQ(read.runs[1].measurements.size(), 6u);
}
