// Layouts people typed that the typed-table rules read since round seven of
// issue 34: each a rule of src/parse/hand_*.cpp, asserted on a small text of
// its shape and on the real text of tests/data/corpus it came from (README.md
// there cites each with its hand-checked figures).
#include <gtest/gtest.h>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kBlocks =
    "170-openssl-pr-17239-kbs-per-sec-payload-row-algorithm-line-baseline-patched-speedup.txt";

constexpr const char* kSlash =
    "179-mbedtls-issue-1214-sign-verify-slash-cells-row-per-program-ecdsa256.txt";
constexpr const char* kFlat =
    "180-canonical-voices-flattened-html-table-label-size-rows-thousands-commas-header-lost.txt";
constexpr const char* kDiff =
    "181-ti-pr652-rst-csv-table-in-diff-sizes-as-rows-engines-unit-in-reply.txt";
constexpr const char* kPrograms =
    "182-crypton-readme-programs-as-columns-openssl-column-size-in-prose-us-per-op.md";
constexpr const char* kInline =
    "220-inline-verify-per-s-equals-under-openssl-speed-multi-16-command.md";
constexpr const char* kSpeedSigs =
    "221-typed-md-report-sign-s-verify-s-under-openssl-speed-sentence-ms-tables-around.md";
constexpr const char* kBook =
    "174-book-page-copy-curly-quotes-snip-elisions-bytes-8192-four-runs.txt";
constexpr const char* kCellLines =
    "210-openvpn-cookbook-page-copy-table-one-cell-per-line-algorithm-above.txt";
constexpr const char* kHalves =
    "211-openssl-pr-18901-ascii-table-two-cpus-side-by-side-input-sizes-row-cut.txt";
constexpr const char* kKemHalf =
    "212-pqc-tls-lab-kem-and-signature-tables-side-by-side-half-another-program.md";

// An HTML table a page copy flattened to one cell per line, each ending in
// " |"; the algorithm named above it, the copy cut inside the last row.
constexpr const char* kCellLinesShape =
    "OpenSSL speed on two machines, bytes per second.\n"
    "For the BlowFish\n"
    "cipher, the following results were recorded:\n"
    "Type |\n16 bytes |\n64 bytes |\n256 bytes |\n"
    "Desktop |\n1000.50k |\n2000.25k |\n3000.75k |\n"
    "Server |\n1100.50k |\n2200.25k |\n3300.75k |\n"
    "Server, no AES-NI |\n";

// Two tables side by side in a ruled ASCII table, a CPU each; the sizes in a
// row labelled "Input", the algorithm in the quoted command, the last row cut.
constexpr const char* kHalvesShape =
    "Measured with \"openssl speed -evp chacha20 -bytes 576\"\n"
    "\n"
    "----------------------------|------------------------\n"
    "         Board A            |        Board B\n"
    "----------------------------|------------------------\n"
    "Input  576 bytes   512 bytes |  320 bytes   256 bytes\n"
    "----------------------------|------------------------\n"
    "Fast   2000.50k    1800.25k  |  1500.75k    1200.50k\n"
    "----------------------------|------------------------\n"
    "Slow   1000.50k    900.25k   |\n";

// A KEM table and a signature table side by side, an empty header cell
// between them; a line below says another program timed sign/verify.
constexpr const char* kKemHalfShape =
    "Primitives (OpenSSL 3.5):\n"
    "\n"
    "| | keygen/s | encaps/s | decaps/s | | sign/s | verify/s |\n"
    "|---|---:|---:|---:|---|---:|---:|\n"
    "| X25519 | 10,000 | 5,000 | 9,000 | ECDSA P-256 | 8,000 | 3,000 |\n"
    "| ML-KEM-768 | 20,000 | 30,000 | 25,000 | ML-DSA-44 | 700 | 2,000 |\n"
    "\n"
    "- `bench/sig.c`: ECDSA and ML-DSA sign/verify through the EVP API. KEM numbers come "
    "from `openssl speed`.\n";

// One block per algorithm under one sizes header, runs named by row labels.
constexpr const char* kBlocksShape =
    "OpenSSL speed, KB/s\n"
    "Payload in Bytes    16         64         256\n"
    "SHA256\n"
    "  Before     1000.50    2000.25    3000.75\n"
    "  After      1100.50    2200.25    3300.75\n"
    "  Speedup       1.10       1.10       1.10\n"
    "\n"
    "MD5\n"
    "  Before      500.00     600.00     700.00\n"
    "  After       550.00     660.00     770.00\n";

// "a/b" cells under a statement of what they hold, a row per program.
constexpr const char* kSlashShape =
    "openssl against another library (sign/verify in ops/s):\n"
    "\n"
    "           rsa2048   ecdsa384\n"
    "  otherlib  10/400    50/20\n"
    "  openssl   30/1200   900/450\n";

// An HTML table flattened to single spaces, its header lost: a label naming
// a size or a key and an operation, then one figure per column.
constexpr const char* kFlatShape =
    "OpenSSL and nbench on three boards:\n"
    "Test Board A\n"
    "Board B\n"
    "Dhrystone 100.5 200.25 300.75\n"
    "sha256 1024 1,000.50 2,000.25 3,000.75\n"
    "IDEA 694.72 1,308.5 1,573.3\n"
    "rsa 2048 sign 10.5 20.5 30.5\n"
    "ecdsa 384 verify 50.0\n";

// A csv-table a pull request adds, every line behind "+", sizes as rows,
// the unit stated in the reply below it.
constexpr const char* kDiffShape =
    "Adds the `openssl speed -evp sha256` figures of two engines.\n"
    "```diff\n"
    "+.. csv-table:: SHA256 Performance\n"
    "+   :header: \"Size (bytes)\", \"Engine A\", \"Engine B\"\n"
    "+\n"
    "+   \"16\", \"1.50\", \"20.25\"\n"
    "+   \"1024\", \"40.75\", \"300.50\"\n"
    "+   \"CPU Usage %\", \"20\", \"99\"\n"
    "```\n"
    "**reviewer**:\n"
    "Which unit?\n"
    "**author**:\n"
    "In MB/s.\n";

// Programs as columns, OpenSSL one of them, measured as `openssl speed`
// does; the size in the prose, a second table in microseconds per operation.
constexpr const char* kProgramsShape =
    "Throughput is over 8 KiB messages; OpenSSL's figures are `openssl speed`'s.\n"
    "\n"
    "Throughput in MB/s:\n"
    "\n"
    "| | mylib 1.0 | mylib 2.0 | OpenSSL | 2.0 / OpenSSL |\n"
    "| --- | ---: | ---: | ---: | ---: |\n"
    "| AES-128-GCM | 1000 | 2000 | 4000 | 0.50 |\n"
    "| SHA-256 | 500 | 600 | 1500 | 0.40 |\n"
    "\n"
    "Time per operation in microseconds:\n"
    "\n"
    "| | mylib 1.0 | mylib 2.0 | OpenSSL | OpenSSL / 2.0 |\n"
    "| --- | ---: | ---: | ---: | ---: |\n"
    "| X25519 | 50 | 40 | 25 | 0.63 |\n"
    "| ECDSA P-256 verify | 200 | 100 | 50 | 0.50 |\n"
    "| RSA-2048 sign/decrypt | 1000 | 800 | 500 | 0.63 |\n";

// Figures typed inline under the command that printed them, the key in
// brackets or first, a ratio beside them.
constexpr const char* kInlineShape =
    "Reference command:\n"
    "\n"
    "```bash\n"
    "\"$HOME/bin/openssl\" speed \\\n"
    "  -elapsed -multi 4 -seconds 10 \\\n"
    "  -signature-algorithms ML-DSA-65 ed25519\n"
    "```\n"
    "\n"
    "- `ML-DSA-65 sign/s = 1234.5`\n"
    "- result (Ed25519) verify/s = 9876.5\n"
    "- `sign ratio (ML-DSA-65 / Ed25519) ≈ 7.99x`\n";

// The rate words of openssl 3.5's KEM table and RSA's, plural as it prints them.
constexpr const char* kInlinePluralShape =
    "$ openssl speed -kem-algorithms ML-KEM-768 rsa2048\n"
    "\n"
    "- `ML-KEM-768 keygens/s = 45678.1`\n"
    "- `RSA-2048 encs/s = 91234.5`\n"
    "- `RSA-2048 signs/s = 1234.5`\n";

// A report's Sign/s and Verify/s columns under a sentence naming openssl
// speed, beside columns of seconds; a table of milliseconds below.
constexpr const char* kSpeedSigsShape =
    "## Throughput\n"
    "\n"
    "These OpenSSL `speed` values exclude process startup.\n"
    "\n"
    "| Algorithm | Status | Sign/s | Verify/s | Lower bound s |\n"
    "|---|---|---|---|---|\n"
    "| RSA-3072/SHA-256 | confirmed | 500.5 | 20000.0 | 12.5 |\n"
    "| P-384/SHA-384 | confirmed | 3000.0 | 1000.0 |  |\n"
    "| ML-DSA-65 | confirmed | 2500.0 | 12000.0 | 1.5 |\n"
    "| RSA-2048+ML-DSA-44 | unsupported |  |  |  |\n"
    "\n"
    "## Wall clock\n"
    "\n"
    "OpenSSL CLI timings, one process launch each.\n"
    "\n"
    "| Algorithm | Sign ms | Verify ms |\n"
    "|---|---|---|\n"
    "| RSA-3072/SHA-256 | 6.8 | 6.0 |\n";

}  // namespace

TEST(ImportTypedLayouts, FiguresAtTheirAlgorithmSizeOrOperation) {
    const InputWant wants[] = {
        // A line naming the algorithm alone over rows labelled by build.
        {"block first", kBlocksShape, 0, "sha256", Operation::throughput, 16, 1000.50e3},
        {"block second run", kBlocksShape, 1, "sha256", Operation::throughput, 256, 3300.75e3},
        {"second block same run", kBlocksShape, 0, "md5", Operation::throughput, 64, 600.00e3},
        {"second block last", kBlocksShape, 1, "md5", Operation::throughput, 256, 770.00e3},
        {"170 first", kBlocks, 0, "aes-128-gcm", Operation::throughput, 16, 478708.27e3},
        {"170 baseline last", kBlocks, 0, "aes-256-gcm", Operation::throughput, 16384, 3617757.5e3},
        {"170 patched first", kBlocks, 1, "aes-128-gcm", Operation::throughput, 16, 534613.95e3},
        {"170 patched last", kBlocks, 1, "aes-256-gcm", Operation::throughput, 16384, 7924953.91e3},
        // "a/b" cells: sign, then verify, as the line above states.
        {"pair sign", kSlashShape, 0, "rsa2048", Operation::sign, 0, 30},
        {"pair verify", kSlashShape, 0, "rsa2048", Operation::verify, 0, 1200},
        {"curve glued to bits", kSlashShape, 0, "ecdsa-p384", Operation::verify, 0, 450},
        {"179 sign", kSlash, 0, "ecdsa-p256", Operation::sign, 0, 1437},
        {"179 verify", kSlash, 0, "ecdsa-p256", Operation::verify, 0, 718},
        // The OpenSSL column of a table of programs.
        {"programs size in prose", kProgramsShape, 0, "aes-128-gcm", Operation::throughput, 8192,
         4000e6},
        {"programs per op", kProgramsShape, 1, "ecdh-x25519", Operation::derive, 0, 40000},
        {"programs key", kProgramsShape, 1, "ecdsa-p256", Operation::verify, 0, 20000},
        {"programs first op of two", kProgramsShape, 1, "rsa2048", Operation::sign, 0, 2000},
        {"182 first", kPrograms, 0, "aes-128-gcm", Operation::throughput, 16384, 4264e6},
        {"182 x25519", kPrograms, 1, "ecdh-x25519", Operation::derive, 0, 1e6 / 36.58},
        {"182 rsa verify", kPrograms, 1, "rsa2048", Operation::verify, 0, 1e6 / 18.63},
        {"182 ed25519", kPrograms, 1, "ed25519", Operation::sign, 0, 1e6 / 43.49},
        {"182 aarch64 last", kPrograms, 2, "sha3-256", Operation::throughput, 16384, 1050e6},
        // A diff's added csv-table, the unit in the reply below it.
        {"diff first", kDiffShape, 0, "sha256", Operation::throughput, 16, 1.50e6},
        {"diff last", kDiffShape, 1, "sha256", Operation::throughput, 1024, 300.50e6},
        {"181 first", kDiff, 0, "aes-128-cbc", Operation::throughput, 16, 0.28e6},
        {"181 engine", kDiff, 1, "aes-128-cbc", Operation::throughput, 8192, 908.72e6},
        {"181 last", kDiff, 2, "aes-128-cbc", Operation::throughput, 16384, 39.02e6},
        // A flattened row: its size or key and operation in the label.
        {"flat size", kFlatShape, 0, "sha256", Operation::throughput, 1024, 1000.50e3},
        {"flat last column", kFlatShape, 2, "sha256", Operation::throughput, 1024, 3000.75e3},
        {"flat key", kFlatShape, 1, "rsa2048", Operation::sign, 0, 20.5},
        {"flat short row", kFlatShape, 0, "ecdsa-p384", Operation::verify, 0, 50.0},
        {"180 first", kFlat, 0, "md5", Operation::throughput, 1024, 37008.46e3},
        {"180 cipher", kFlat, 3, "aes-256-cbc", Operation::throughput, 1024, 20986.47e3},
        {"180 last column", kFlat, 4, "whirlpool", Operation::throughput, 1024, 135009.28e3},
        {"180 verify", kFlat, 4, "rsa1024", Operation::verify, 0, 114074.5},
        {"180 cut row", kFlat, 0, "ecdsa-p256", Operation::verify, 0, 73.2},
        // One cell per line, rows by the header's count of cells.
        {"cell lines first", kCellLinesShape, 0, "bf-cbc", Operation::throughput, 16, 1000.50e3},
        {"cell lines last", kCellLinesShape, 1, "bf-cbc", Operation::throughput, 256, 3300.75e3},
        {"210 first", kCellLines, 0, "bf-cbc", Operation::throughput, 256, 95851.54e3},
        {"210 middle", kCellLines, 1, "bf-cbc", Operation::throughput, 1024, 111849.47e3},
        {"210 last", kCellLines, 2, "bf-cbc", Operation::throughput, 8192, 152428.54e3},
        // Each half of a ruled table its own sizes and runs.
        {"halves first", kHalvesShape, 0, "chacha20", Operation::throughput, 576, 2000.50e3},
        {"halves second row", kHalvesShape, 1, "chacha20", Operation::throughput, 512, 900.25e3},
        {"halves right", kHalvesShape, 2, "chacha20", Operation::throughput, 256, 1200.50e3},
        {"211 first", kHalves, 0, "chacha20", Operation::throughput, 576, 1716361.91e3},
        {"211 neon", kHalves, 1, "chacha20", Operation::throughput, 512, 1509044.05e3},
        {"211 sve2", kHalves, 2, "chacha20", Operation::throughput, 320, 1615789.06e3},
        {"211 sve2 last", kHalves, 2, "chacha20", Operation::throughput, 256, 1302864.40e3},
        // "KEY OP/s = N" under the command: the key first or in brackets.
        {"inline key first", kInlineShape, 0, "ml-dsa-65", Operation::sign, 0, 1234.5},
        {"inline key in brackets", kInlineShape, 0, "ed25519", Operation::verify, 0, 9876.5},
        {"220 first command", kInline, 0, "ml-dsa-87", Operation::verify, 0, 102012.8},
        {"220 second command", kInline, 1, "slh-dsa-shake-256f", Operation::verify, 0, 7360.8},
        {"inline keygens", kInlinePluralShape, 0, "ml-kem-768", Operation::keygen, 0, 45678.1},
        {"inline encs", kInlinePluralShape, 0, "rsa2048", Operation::encrypt, 0, 91234.5},
        {"inline signs", kInlinePluralShape, 0, "rsa2048", Operation::sign, 0, 1234.5},
        // Sign/s and Verify/s under a sentence naming openssl speed.
        {"speed sigs digest cut", kSpeedSigsShape, 0, "rsa3072", Operation::sign, 0, 500.5},
        {"speed sigs curve alone", kSpeedSigsShape, 0, "ecdsa-p384", Operation::verify, 0, 1000},
        {"speed sigs by name", kSpeedSigsShape, 0, "ml-dsa-65", Operation::verify, 0, 12000},
        {"221 first", kSpeedSigs, 0, "rsa2048", Operation::sign, 0, 2966.337},
        {"221 curve", kSpeedSigs, 0, "ecdsa-p256", Operation::verify, 0, 30522.0},
        {"221 ed25519", kSpeedSigs, 0, "ed25519", Operation::sign, 0, 63516.0},
        {"221 ml-dsa-44", kSpeedSigs, 0, "ml-dsa-44", Operation::verify, 0, 20787.129},
        {"221 last", kSpeedSigs, 0, "ml-dsa-87", Operation::verify, 0, 8232.673},
        // A KEM table beside another program's signature table.
        {"kem keygen", kKemHalfShape, 0, "x25519", Operation::keygen, 0, 10000},
        {"kem encaps", kKemHalfShape, 0, "ml-kem-768", Operation::encaps, 0, 30000},
        {"kem decaps", kKemHalfShape, 0, "ml-kem-768", Operation::decaps, 0, 25000},
        {"212 x25519 keygen", kKemHalf, 0, "x25519", Operation::keygen, 0, 15900},
        {"212 x25519 encaps", kKemHalf, 0, "x25519", Operation::encaps, 0, 7216},
        {"212 ml-kem-768 decaps", kKemHalf, 0, "ml-kem-768", Operation::decaps, 0, 17837},
        {"212 ml-kem-1024 encaps", kKemHalf, 0, "ml-kem-1024", Operation::encaps, 0, 19551},
    };
    expect_inputs(wants);
}

// A label is one run across the blocks; a ratio row ("Speedup") is none.
TEST(ImportTypedLayouts, BlocksMakeOneRunPerLabelAndNoRatioRun) {
    for (const char* input : {kBlocksShape, kBlocks}) {
        SCOPED_TRACE(input);
        auto read = read_input(input);
        ASSERT_EQ(read.runs.size(), 2u);
        EXPECT_EQ(read.runs[0].measurements.size(), read.runs[1].measurements.size());
        for (const auto& run : read.runs)
            for (const auto& m : run.measurements) EXPECT_GT(m.value, 100e3) << "a ratio's figure";
    }
    auto read = read_input(kBlocks);
    EXPECT_EQ(read.runs[0].measurements.size(), 12u);
}

// Only the openssl row of a table of programs; "ras2048" (a typo) names no
// key, so 179 keeps two of its four figures.
TEST(ImportTypedLayouts, SlashPairsOfOtherProgramsGiveNothing) {
    for (const char* input : {kSlashShape, kSlash}) {
        SCOPED_TRACE(input);
        auto read = read_input(input);
        ASSERT_EQ(read.runs.size(), 1u);
        EXPECT_EQ(read.runs[0].machine->label, "openssl");
    }
    EXPECT_EQ(read_input(kSlashShape).runs[0].measurements.size(), 4u);
    EXPECT_EQ(read_input(kSlash).runs[0].measurements.size(), 2u);
    // Without the statement the pairs are not figures (a ratio, a date).
    std::string bare = kSlashShape;
    bare.replace(bare.find("sign/verify"), 11, "results");
    EXPECT_TRUE(read_input(bare.c_str()).runs.empty());
}

// "— snip —" in a typed row marks figures left out: it names no run.
TEST(ImportTypedLayouts, AnElisionCellNamesNoRun) {
    auto read = read_input(kBook);
    ASSERT_EQ(read.runs.size(), 2u);
    for (const auto& run : read.runs) {
        EXPECT_EQ(run.machine->label.find("snip"), std::string::npos);
        for (const auto& note : run.notes) EXPECT_FALSE(note.starts_with("row:")) << note;
    }
}

// A row labelled as a ratio in any typed table ("Speedup", "diff %", "CPU
// Usage %") compares the rows or measures something else: it is no run.
TEST(ImportTypedLayouts, RatioRowsOfAPlainTableAreNoRun) {
    const char* const labels[] = {"Speedup", "diff %", "CPU Usage %", "Improvement"};
    for (const char* label : labels) {
        SCOPED_TRACE(label);
        std::string text =
            "openssl speed -evp aes-128-gcm\n\n"
            "| type | 16 bytes | 64 bytes | 256 bytes |\n"
            "|---|---|---|---|\n"
            "| Baseline | 500000.00k | 1200000.00k | 2500000.00k |\n"
            "| Patched | 600000.00k | 1400000.00k | 3000000.00k |\n"
            "| " +
            std::string(label) + " | 1.20 | 1.17 | 1.20 |\n";
        auto read = read_input(text.c_str());
        ASSERT_EQ(read.runs.size(), 2u);
        EXPECT_EQ(read.runs[1].machine->label, "Patched");
        expect_figure(read, 1, "aes-128-gcm", Operation::throughput, 256, 3000000.00e3);
    }
}

// Rows of other benchmarks between the flattened rows ("Numeric sort",
// "IDEA" without a size) give nothing; a short row fills the first columns.
TEST(ImportTypedLayouts, FlattenedRowsOfOtherBenchmarksGiveNothing) {
    for (const char* input : {kFlatShape, kFlat}) {
        SCOPED_TRACE(input);
        auto read = read_input(input);
        ASSERT_GE(read.runs.size(), 3u);
        for (const auto& run : read.runs)
            for (const auto& m : run.measurements) {
                const std::string& id = m.algorithm.str();
                EXPECT_TRUE(id != "idea" && id.find("sort") == std::string::npos) << id;
            }
    }
    auto read = read_input(kFlat);
    ASSERT_EQ(read.runs.size(), 5u);
    size_t figures = 0;
    for (const auto& run : read.runs) figures += run.measurements.size();
    EXPECT_EQ(figures, 26u);
    // Without a text about openssl, rows shaped so are nobody's.
    std::string other = kFlatShape;
    other.replace(other.find("OpenSSL"), 7, "Nbench");
    EXPECT_TRUE(read_input(other.c_str()).runs.empty());
}

// A diff's table: one run per engine, the "CPU Usage %" row none; without
// its "+" markers the same table is read alike.
TEST(ImportTypedLayouts, DiffTableRunsPerColumnWithoutTheRatioRow) {
    for (const char* input : {kDiffShape, kDiff}) {
        SCOPED_TRACE(input);
        auto read = read_input(input);
        const bool real = std::string_view(input) == kDiff;
        ASSERT_EQ(read.runs.size(), real ? 3u : 2u);
        for (const auto& run : read.runs) EXPECT_EQ(run.measurements.size(), real ? 6u : 2u);
    }
    std::string plain = kDiffShape;
    for (size_t at = plain.find("\n+"); at != std::string::npos; at = plain.find("\n+", at))
        plain.erase(at + 1, 1);
    expect_figure(read_input(plain.c_str()), 1, "sha256", Operation::throughput, 16, 20.25e6);
}

// Only the OpenSSL column, and only where the text says `openssl speed`
// measured it: another benchmark's OpenSSL column (corpus 167) is none.
TEST(ImportTypedLayouts, ProgramColumnsGiveTheOpenSSLColumnOnly) {
    auto read = read_input(kPrograms);
    ASSERT_EQ(read.runs.size(), 3u);
    size_t figures = 0;
    for (const auto& run : read.runs) figures += run.measurements.size();
    EXPECT_EQ(figures, 25u);
    EXPECT_EQ(read_input(kProgramsShape).runs[0].measurements.size(), 2u);
    std::string unsaid = kProgramsShape;
    unsaid.replace(unsaid.find("`openssl speed`'s"), 17, "a Rust binding's");
    EXPECT_TRUE(read_input(unsaid.c_str()).runs.empty());
}

// Found by reading for the fuzzer (issue 34): key bits or a message size of a
// trillion and more name nothing, where they were converted to int64_t past
// its range (undefined): "RSA-99999999999999999999" stored rsa-9223372036854775808.
TEST(ImportTypedLayouts, ProgramColumnsKeyOrSizePastRangeIsNone) {
    std::string key = kProgramsShape;
    key.replace(key.find("RSA-2048"), 8, "RSA-99999999999999999999");
    auto read = read_input(key.c_str());
    ASSERT_EQ(read.runs.size(), 2u);
    EXPECT_EQ(read.runs[1].measurements.size(), 2u) << "X25519 and ECDSA P-256 only";
    for (const auto& m : read.runs[1].measurements)
        EXPECT_FALSE(m.algorithm.view().starts_with("rsa")) << m.algorithm.view();
    for (const char* count : {"99999999999999999999999", "9007199254740992"}) {
        SCOPED_TRACE(count);
        std::string size = kProgramsShape;
        size.replace(size.find("8 KiB"), 1, count);
        read = read_input(size.c_str());
        ASSERT_EQ(read.runs.size(), 1u) << "the per-operation table only";
        EXPECT_EQ(read.runs[0].measurements.size(), 3u);
    }
}

// One cell per line: a row cut before its figures (the copy's end) is no run;
// each run is named by its row's label.
TEST(ImportTypedLayouts, CellLinesCutRowIsNoRun) {
    for (const char* input : {kCellLinesShape, kCellLines}) {
        SCOPED_TRACE(input);
        auto read = read_input(input);
        ASSERT_EQ(read.runs.size(), input == kCellLines ? 3u : 2u);
        for (const auto& run : read.runs) {
            EXPECT_EQ(run.measurements.size(), 3u);
            EXPECT_EQ(run.machine->label.find("no AES-NI"), std::string::npos);
        }
    }
    EXPECT_EQ(read_input(kCellLines).runs[1].machine->label, "Old Server");
}

// Each half of a ruled table is a table of its own: its header cell names the
// runs' CPU, the rows' labels their runs; the cut half of a row gives nothing.
TEST(ImportTypedLayouts, RuledHalvesNameTheirCpu) {
    for (const char* input : {kHalvesShape, kHalves}) {
        SCOPED_TRACE(input);
        auto read = read_input(input);
        ASSERT_EQ(read.runs.size(), 3u);
        for (const auto& run : read.runs) EXPECT_EQ(run.measurements.size(), 2u);
        EXPECT_EQ(read.runs[0].machine->cpu_name, read.runs[1].machine->cpu_name);
        EXPECT_NE(read.runs[0].machine->cpu_name, read.runs[2].machine->cpu_name);
        EXPECT_EQ(read.runs[2].machine->label, read.runs[0].machine->label);
    }
    EXPECT_EQ(read_input(kHalves).runs[2].machine->cpu_name, "128-bit SVE2");
    EXPECT_EQ(read_input(kHalves).runs[1].machine->label, "Neon");
}

// One run per command, its -multi and -elapsed kept; a key the command does
// not name, a line without one above, and a ratio are no figures.
TEST(ImportTypedLayouts, InlineFiguresOnlyUnderACommandNamingTheirKey) {
    for (const char* input : {kInlineShape, kInline}) {
        SCOPED_TRACE(input);
        auto read = read_input(input);
        size_t figures = 0;
        for (const auto& run : read.runs) {
            figures += run.measurements.size();
            EXPECT_EQ(run.processes, input == kInline ? 16 : 4);
            EXPECT_EQ(run.timing, Timing::wall);
        }
        EXPECT_EQ(figures, 2u);
        EXPECT_EQ(read.runs.size(), input == kInline ? 2u : 1u);
    }
    std::string other = kInlineShape;
    other.replace(other.find("ML-DSA-65 ed25519"), 17, "rsa2048");
    EXPECT_TRUE(read_input(other.c_str()).runs.empty());
    std::string no_command = kInlineShape;
    no_command.replace(no_command.find("speed \\"), 5, "dgst ");
    EXPECT_TRUE(read_input(no_command.c_str()).runs.empty());
}

// Only the table the sentence names as openssl speed's, only its per-second
// columns; without the sentence the same table gives nothing.
TEST(ImportTypedLayouts, SignVerifyColumnsOnlyUnderASentenceNamingSpeed) {
    for (const char* input : {kSpeedSigsShape, kSpeedSigs}) {
        SCOPED_TRACE(input);
        auto read = read_input(input);
        ASSERT_EQ(read.runs.size(), 1u);
        EXPECT_EQ(read.runs[0].measurements.size(), input == kSpeedSigs ? 12u : 6u);
    }
    std::string unsaid = kSpeedSigsShape;
    unsaid.replace(unsaid.find("OpenSSL `speed` values"), 22, "our own bench's values");
    EXPECT_TRUE(read_input(unsaid.c_str()).runs.empty());
}

// Only the KEM half: the text says its own program timed sign/verify
// "through the EVP API". Without that line the other half is read as well.
TEST(ImportTypedLayouts, KemHalfOnlyWhereAnotherProgramSigned) {
    for (const char* input : {kKemHalfShape, kKemHalf}) {
        SCOPED_TRACE(input);
        auto read = read_input(input);
        ASSERT_EQ(read.runs.size(), 1u);
        EXPECT_EQ(read.runs[0].measurements.size(), input == kKemHalf ? 9u : 6u);
        for (const auto& m : read.runs[0].measurements)
            EXPECT_TRUE(m.operation == Operation::keygen || m.operation == Operation::encaps ||
                        m.operation == Operation::decaps)
                << m.algorithm.view();
    }
    std::string own = kKemHalfShape;
    own.replace(own.find("`bench/sig.c`"), 13, "openssl speed");
    own.replace(own.find("through the EVP API"), 19, "likewise");
    own.replace(own.find("ECDSA P-256"), 11, "rsa 2048 bits");  // a label operation rows read
    expect_figure(read_input(own.c_str()), 1, "rsa2048", Operation::sign, 0, 8000);
    // A KEM table in a text that never names openssl speed is nobody's.
    std::string unsaid = kKemHalfShape;
    unsaid.replace(unsaid.find("`openssl speed`"), 15, "our harness");
    EXPECT_TRUE(read_input(unsaid.c_str()).runs.empty());
}
