// Files benchmark suites and scripts write (issue 34, round seven), each on a
// real file of tests/data/corpus 190-195 (README.md there cites each with its
// hand-checked figures): Phoronix Test Suite's OpenSSL results as text and as
// its console prints them, and a script's CSV beside another program's CSV of
// the same columns.
#include <gtest/gtest.h>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kCsv =
    "190-script-csv-long-form-algo-size-bytes-throughput-bps-openssl-version-column.csv";
constexpr const char* kText =
    "193-phoronix-text-results-rsa-4096-signs-per-second-bars-pybench-between.md";
constexpr const char* kConsole =
    "194-phoronix-console-openssl-rsa-4096-trials-average-signs-per-second.txt";

struct Want {
    const char* name;
    const char* file;
    const char* reader;
    size_t run;
    const char* algorithm;
    Operation op;
    int64_t size;
    double value;  // bytes/s or ops/s
};

}  // namespace

TEST(ImportSuiteFiles, EachFilesFiguresAtTheirAlgorithmAndSizeOrOperation) {
    using enum Operation;
    const Want wants[] = {
        // `sha256,1024,998287360.0,OpenSSL 3.0.13 ...`: bytes/s at -bytes sizes.
        {"csv first", kCsv, "columns", 0, "sha256", throughput, 1024, 998287360.0},
        {"csv 16 MiB", kCsv, "columns", 0, "sha256", throughput, 16777216, 1297438040.0},
        {"csv sha512 1 MiB", kCsv, "columns", 0, "sha512", throughput, 1048576, 567629140.0},
        {"csv last", kCsv, "columns", 0, "sha512", throughput, 16777216, 564777570.0},
        // `... single vm . 5801|===`: one run per bar, RSA 4096-bit signs per second.
        {"text first bar", kText, "phoronix test suite", 0, "rsa4096", sign, 0, 5801},
        {"text second bar", kText, "phoronix test suite", 1, "rsa4096", sign, 0, 3018},
        {"text same identifier again", kText, "phoronix test suite", 2, "rsa4096", sign, 0, 3025},
        {"text last bar", kText, "phoronix test suite", 5, "rsa4096", sign, 0, 3002},
        // `Average: 1981.50 Signs Per Second` under `RSA 4096-bit Performance:`.
        {"console average", kConsole, "phoronix test suite", 0, "rsa4096", sign, 0, 1981.50},
    };
    for (const auto& w : wants) {
        SCOPED_TRACE(w.name);
        auto found = read_corpus(w.file);
        EXPECT_EQ(found.reader, w.reader);
        expect_figure(found.read, w.run, w.algorithm, w.op, w.size, w.value);
    }
}

// Every bar once, PyBench's bars none; the console's trials in a note beside
// the average it stores; the CSV's version column names its run.
TEST(ImportSuiteFiles, RunsHoldOnlyOpensslFigures) {
    auto text = read_corpus(kText).read;
    ASSERT_EQ(text.runs.size(), 6u);
    for (const auto& run : text.runs) EXPECT_EQ(run.measurements.size(), 1u);
    EXPECT_EQ(text.runs[0].version, "OpenSSL 1.1.1");
    EXPECT_EQ(text.runs[0].label, "phoronix-test-suite run pybench openssl HT on single vm");
    auto console = read_corpus(kConsole).read;
    ASSERT_EQ(console.runs.size(), 1u);
    EXPECT_EQ(console.runs[0].version, "OpenSSL 1.1.0f");
    const auto& notes = console.runs[0].notes;
    EXPECT_NE(std::find_if(notes.begin(), notes.end(),
                           [](const std::string& n) {
                               return n.find("trials 1977.5, 1977.4, 1989.6") != std::string::npos;
                           }),
              notes.end());
    auto csv = read_corpus(kCsv).read;
    ASSERT_EQ(csv.runs.size(), 1u);
    EXPECT_EQ(csv.runs[0].measurements.size(), 8u);
}

// Python's hashlib and pycryptodome timed in the script's own columns, and
// Phoronix's console for Himeno: nothing, and a line saying why.
TEST(ImportSuiteFiles, OtherProgramsFilesGiveNothing) {
    for (const char* file : {
             "191-NEGATIVE-python-hashlib-csv-same-columns-bps-ten-decimals.csv",
             "192-NEGATIVE-pycryptodome-aes-ctr-csv-mode-key-bits-bps.csv",
             "195-NEGATIVE-phoronix-console-himeno-trials-average-mflops.txt",
         }) {
        SCOPED_TRACE(file);
        auto read = read_corpus(file).read;
        EXPECT_TRUE(read.runs.empty());
        EXPECT_FALSE(read.refused.empty());
    }
    auto hashlib = read_corpus("191-NEGATIVE-python-hashlib-csv-same-columns-bps-ten-decimals.csv");
    EXPECT_EQ(hashlib.reader, "columns");
    EXPECT_TRUE(hashlib.read.refused.starts_with(
        "191-NEGATIVE-python-hashlib-csv-same-columns-bps-ten-decimals.csv:2: "))
        << hashlib.read.refused;
}

// A byte/s result names no block size, and a console's `Test Results:` no
// key: each a warning at its line, no figure.
TEST(ImportSuiteFiles, FiguresWithoutSizeOrKeyAreRefusedAtTheirLine) {
    const std::string text =
        "    OpenSSL 3.0\n"
        "    Algorithm: SHA256\n"
        "    byte/s > Higher Is Better\n"
        "    a . 535946196063|=====\n"
        "\n"
        "OpenSSL 1.0.1g:\n"
        "    pts/openssl-1.9.0\n"
        "    Test Results:\n"
        "        3.5\n"
        "    Average: 3.92 Signs Per Second\n";
    auto found = read_text("pts.txt", text);
    EXPECT_EQ(found.reader, "phoronix test suite");
    EXPECT_TRUE(found.read.runs.empty());
    EXPECT_EQ(found.read.refused.substr(0, 8), "pts.txt:");
    ASSERT_EQ(found.read.diagnostics.size(), 2u);
    EXPECT_TRUE(found.read.diagnostics[0].starts_with("pts.txt:4: warning: not used:"));
    EXPECT_TRUE(found.read.diagnostics[1].starts_with("pts.txt:10: warning: not used:"));
}

// Found by fuzzing (issue 34): a bar or an average of 0 or below is no rate,
// a warning at its line, where it was stored as a figure of 0 or -5.
TEST(ImportSuiteFiles, BarsAndAveragesOfNoRateAreRefusedAtTheirLine) {
    const std::string text =
        "OpenSSL 1.1.1\n"
        "RSA 4096-bit Performance\n"
        "Signs Per Second > Higher Is Better\n"
        "A . 0|\n"
        "B . -5|=\n"
        "C . 7|=\n"
        "\n"
        "OpenSSL 1.1.0f:\n"
        "    pts/openssl-1.10.0\n"
        "    RSA 4096-bit Performance:\n"
        "        0\n"
        "    Average: 0 Signs Per Second\n";
    auto found = read_text("pts.txt", text);
    EXPECT_EQ(found.reader, "phoronix test suite");
    ASSERT_EQ(found.read.runs.size(), 1u);
    expect_figure(found.read, 0, "rsa4096", Operation::sign, 0, 7);
    ASSERT_EQ(found.read.diagnostics.size(), 3u);
    EXPECT_TRUE(found.read.diagnostics[0].starts_with("pts.txt:4: warning: not used:"));
    EXPECT_TRUE(found.read.diagnostics[1].starts_with("pts.txt:5: warning: not used:"));
    EXPECT_TRUE(found.read.diagnostics[2].starts_with("pts.txt:12: warning: not used:"));
}

// Found by fuzzing: a run per bar, each run's lines taken from the text split
// once; it was split again for every run (64 KB of bars took seconds).
TEST(ImportSuiteFiles, ThousandsOfBarsAreReadInOnePass) {
    std::string text =
        "OpenSSL 1.1.1\nRSA 4096-bit Performance\nSigns Per Second > Higher Is Better\n";
    const size_t bars = 50000;
    for (size_t k = 0; k < bars; ++k) text += "h" + std::to_string(k) + " . 5|\n";
    auto found = read_text("pts.txt", text);
    ASSERT_EQ(found.read.runs.size(), bars);
    const auto& last = found.read.runs.back();
    EXPECT_EQ(last.raw_text, "h49999 . 5|\n");
    ASSERT_EQ(last.sources.size(), 1u);
    EXPECT_EQ(last.sources[0].first_line, static_cast<int64_t>(bars + 3));
}

// Found by fuzzing: thousands of equal bars are one run stored, each bar's
// line one of its sources, each looked up once (they were searched each time).
TEST(ImportSuiteFiles, EqualBarsAreOneRunWithEachBarASource) {
    std::string text =
        "OpenSSL 1.1.1\nRSA 4096-bit Performance\nSigns Per Second > Higher Is Better\n";
    const size_t bars = 30000;
    for (size_t k = 0; k < bars; ++k) text += "A . 5|\n";
    import::Options options;
    options.dry_run = true;
    import::Found found;
    std::istringstream in(text);
    import::read_file(in, "pts.txt", options, found);
    auto runs = import::store_found(found, options, nullptr);
    ASSERT_EQ(runs.size(), 1u);
    ASSERT_EQ(runs[0].sources.size(), bars);
    EXPECT_EQ(runs[0].sources.back().first_line, static_cast<int64_t>(bars + 3));
}
