// sbc-bench's results table copied into a README (issue 34, round ten's kind
// 40; tests/data/corpus 272, README.md there cites it with its hand-checked
// figures): its `AES` column is aes-256-cbc at 16384 bytes in openssl's k, one
// run per device row; the 7-zip, memcpy and memset columns give nothing.
#include <gtest/gtest.h>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kCopy =
    "272-sbc-bench-copy-table-aes-column-aes-256-cbc-16k-k-among-7zip-memcpy-columns-device-"
    "rows.md";

}  // namespace

TEST(ImportSbcBench, EachDevicesAesCellIsAes256CbcAt16384BytesInK) {
    using enum Operation;
    const InputWant wants[] = {
        {"Raspberry Pi Model B Rev 2", kCopy, 0, "aes-256-cbc", throughput, 16384, 11530e3},
        {"RK322x throttled", kCopy, 1, "aes-256-cbc", throughput, 16384, 26940e3},
        {"RK322x 1392 MHz", kCopy, 2, "aes-256-cbc", throughput, 16384, 26920e3},
        {"TX3 Mini", kCopy, 3, "aes-256-cbc", throughput, 16384, 560340e3},
        {"RPi 3 buster throttled", kCopy, 4, "aes-256-cbc", throughput, 16384, 26430e3},
        {"RPi 3 buster", kCopy, 5, "aes-256-cbc", throughput, 16384, 36550e3},
        {"RPi 3 bookworm throttled", kCopy, 6, "aes-256-cbc", throughput, 16384, 39770e3},
        {"RPi 3 bookworm", kCopy, 7, "aes-256-cbc", throughput, 16384, 39770e3},
        {"RPi 4", kCopy, 8, "aes-256-cbc", throughput, 16384, 30200e3},
        {"i5-7300U", kCopy, 9, "aes-256-cbc", throughput, 16384, 954110e3},
        {"X5550", kCopy, 10, "aes-256-cbc", throughput, 16384, 214670e3},
        {"i5-8500T", kCopy, 11, "aes-256-cbc", throughput, 16384, 903660e3},
        {"i7-6820HQ", kCopy, 12, "aes-256-cbc", throughput, 16384, 961680e3},
        {"E5-2696 v3", kCopy, 13, "aes-256-cbc", throughput, 16384, 559780e3},
        {"i3-10100", kCopy, 14, "aes-256-cbc", throughput, 16384, 1113290e3},
    };
    expect_inputs(wants);
}

// One figure per run; each run's machine is its device, with its kernel and
// distribution from their cells.
TEST(ImportSbcBench, RunsHoldTheAesFigureAloneNamedByTheirDevice) {
    auto read = read_corpus(kCopy).read;
    ASSERT_EQ(read.runs.size(), 15u);
    for (const auto& run : read.runs) EXPECT_EQ(run.measurements.size(), 1u);
    EXPECT_EQ(read.runs[0].machine->label, "Raspberry Pi Model B Rev 2");
    EXPECT_EQ(read.runs[14].machine->label, "i3-10100 @ 3.60GHz WSL2 VM");
    EXPECT_EQ(read.runs[3].machine->distribution, "Ubuntu 18.04.6 LTS (bionic) arm64");
    EXPECT_EQ(read.runs[3].machine->kernel_release, "4.19");
}

// The same columns in a text that never names sbc-bench (corpus 272 with
// every "sbc-bench" taken out), or under a second AES column: no reading of
// the AES cells as openssl's.
TEST(ImportSbcBench, TheColumnsAloneOrTwoAesColumnsGiveNothing) {
    std::string text = read_fixture(std::string("corpus/") + kCopy);
    for (size_t at = text.find("sbc-bench"); at != std::string::npos; at = text.find("sbc-bench"))
        text.replace(at, 9, "a-bench");
    EXPECT_TRUE(read_text("t.md", text).read.runs.empty());
    // Above the table, as corpus 272 links its sorted copy.
    const std::string above =
        "# sbc-bench\n\n[aes-256-cbc](Sorted-Results.md#openssl-speed--elapsed--evp-aes-256-cbc)"
        "\n\n";
    const std::string header =
        "| Device / details | Clockspeed | Kernel | Distro | 7-zip multi | 7-zip single | AES | "
        "memcpy | memset |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n"
        "| i3-10100 @ 3.60GHz WSL2 VM | ~4150 MHz | 5.15 | Ubuntu 22.04.3 LTS x86_64/amd64 | "
        "22270 | 4658 | 1113290 | 14250 | 31430 |\n";
    std::string twice = header;
    twice.replace(twice.find("| memcpy"), 1, "| AES |");
    EXPECT_TRUE(read_text("t.md", above + twice).read.runs.empty());
    auto once = read_text("t.md", above + header).read;
    EXPECT_EQ(once.runs.size(), 1u);
    expect_figure(once, 0, "aes-256-cbc", Operation::throughput, 16384, 1113290e3);
}
