// Tables people typed that the importer used to miss (tests/data/misses,
// issue 34, kinds 1, 2, 3 and 6), now in tests/data/corpus 130 onwards
// (README.md there cites each): the first and last figure of each table at
// its algorithm, size or operation and value in base units, and how many
// figures each run holds.
#include <gtest/gtest.h>

#include <algorithm>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kChinese =
    "130-typed-md-tables-chinese-labels-sizes-as-rows-unit-stated-above.md";
constexpr const char* kSpanned =
    "131-typed-spreadsheet-header-over-two-rows-sizes-versions-percent-diff.md";
constexpr const char* kSameSize =
    "132-typed-md-every-size-header-16-bytes-rsa-key-bits-own-cell.md";
constexpr const char* kApprox = "133-typed-md-table-approximate-mbs-driver-priority-columns.md";
constexpr const char* kSignSpanned =
    "134-typed-spreadsheet-sign-verify-over-two-rows-openssl-versions-percent.md";
constexpr const char* kCurves =
    "135-typed-md-signature-table-curve-in-brackets-thousands-spaces.md";
constexpr const char* kTestNumber =
    "136-typed-spreadsheet-six-sizes-over-versions-percent-test-number-corner-no-unit.md";

struct Want {
    const char* name;
    const char* input;  // a file of tests/data/corpus
    size_t run;
    const char* algorithm;
    Operation op;
    int64_t size;  // block size in bytes, 0 for an operation of a key
    double value;  // bytes/s, or operations/s
    double step;   // the printed step asserted, 0: not asserted
};

}  // namespace

TEST(ImportMissesTyped, FiguresAtTheirAlgorithmSizeAndValue) {
    const auto T = Operation::throughput, S = Operation::sign, V = Operation::verify;
    const Want wants[] = {
        // Chinese labels: "8 KB 块" columns in openssl's k; the second table
        // has sizes as rows, its unit stated above it ("单位 MB/s").
        {"k columns, first", kChinese, 0, "aes-256-ctr", T, 8192, 8297710e3, 0},
        {"k columns, last", kChinese, 0, "chacha20", T, 16384, 3401875e3, 0},
        {"sizes as rows, first", kChinese, 1, "aes-256-ctr", T, 16, 688e6, 1e6},
        {"sizes as rows, last", kChinese, 1, "chacha20", T, 16384, 3322e6, 1e6},
        // A spreadsheet's header over two rows: one run per version, the
        // percent-difference columns no figures.
        {"1.1.1f, first", kSpanned, 0, "aes-128-gcm", T, 16, 382765.1e3, 0},
        {"1.1.1f, last", kSpanned, 0, "aes-128-cbc", T, 64, 182638.81e3, 0},
        {"3.0.0, first", kSpanned, 1, "aes-128-gcm", T, 16, 358116.79e3, 0},
        {"3.0.0, last", kSpanned, 1, "aes-128-cbc", T, 64, 118340.67e3, 0},
        // Six columns all headed "16 Bytes" are openssl 1.1.1's six sizes.
        {"same sizes, first", kSameSize, 0, "aes-128-cbc", T, 16, 170570.46e3, 0},
        {"same sizes, second column", kSameSize, 0, "aes-128-cbc", T, 64, 169502.59e3, 0},
        {"same sizes, last", kSameSize, 0, "aes-256-cbc", T, 16384, 136026.08e3, 0},
        // The key size in a cell of its own ("| rsa | 512 bits |").
        {"rsa bits cell, first", kSameSize, 1, "rsa512", S, 0, 16901.6, 0},
        {"rsa bits cell, last", kSameSize, 1, "rsa15360", V, 0, 594.7, 0},
        // "~4 MB/s": read at the precision its digits give.
        {"approximate, first", kApprox, 0, "aes-128-cbc", T, 16, 4e6, 1e6},
        {"approximate, bold", kApprox, 0, "aes-128-cbc", T, 16384, 15e6, 1e6},
        {"approximate, last", kApprox, 0, "aes-256-cbc", T, 16384, 12e6, 1e6},
        // sign/s and verify/s spanning versions and a percent difference: the
        // rows are no openssl rows (a signed figure), each version a run.
        {"sign over versions, first", kSignSpanned, 0, "ecdsa-p256", S, 0, 14772.3, 0},
        {"sign over versions, 1.1.1f", kSignSpanned, 1, "ecdsa-p384", S, 0, 722, 0},
        {"sign over versions, EdDSA", kSignSpanned, 1, "ed25519", V, 0, 6561.7, 0},
        {"second table, last", kSignSpanned, 3, "ed25519", V, 0, 5533.5, 0},
        // The curve in brackets names the key; figures grouped by spaces.
        {"curve in brackets, first", kCurves, 0, "ecdsa-p256", S, 0, 54639, 1},
        {"curve in brackets, last", kCurves, 0, "ed25519", V, 0, 12222, 1},
        // Six sizes spanning versions behind a test number in the corner: the
        // number is no figure, no unit at k magnitude is openssl's k.
        {"test number corner, first", kTestNumber, 0, "aes-128-gcm", T, 16, 363889.38e3, 0},
        {"test number corner, 3.0 last", kTestNumber, 0, "aes-128-ccm", T, 16384, 1013060.95e3, 0},
        {"test number corner, 1.1.1f", kTestNumber, 1, "aes-128-gcm", T, 16384, 4144010.58e3, 0},
        {"test number corner, last", kTestNumber, 1, "aes-256-gcm", T, 16384, 2988976.81e3, 0},
    };
    for (const auto& w : wants) {
        SCOPED_TRACE(w.name);
        const auto read = read_corpus(w.input).read;  // outlives m
        const Measurement* m = expect_figure(read, w.run, w.algorithm, w.op, w.size, w.value);
        if (m != nullptr && w.step > 0) {
            EXPECT_NEAR(m->printed_step, w.step, w.step * 1e-9);
        }
    }
}

// Every figure of each table and none more: no percent column, note column,
// driver or priority column, nor the row of another program adds one.
TEST(ImportMissesTyped, EachRunHoldsItsFiguresOnly) {
    struct Case {
        const char* input;
        std::vector<size_t> figures;  // per run, in order
    };
    for (const Case& c :
         {Case{kChinese, {4, 12}}, Case{kSpanned, {24, 24}}, Case{kSameSize, {18, 14}},
          Case{kApprox, {6}}, Case{kSignSpanned, {6, 6, 6, 6}}, Case{kCurves, {4}},
          Case{kTestNumber, {18, 18}}}) {
        SCOPED_TRACE(c.input);
        auto read = read_corpus(c.input).read;
        ASSERT_EQ(read.runs.size(), c.figures.size());
        for (size_t r = 0; r < c.figures.size(); ++r)
            EXPECT_EQ(read.runs[r].measurements.size(), c.figures[r]) << "run " << r;
    }
}

// What each rule tells the user: the version a spanning header names, and
// why six "16 Bytes" columns were read at six sizes.
TEST(ImportMissesTyped, RunsSayWhatTheHeaderMeant) {
    auto spanned = read_corpus(kSpanned).read;
    ASSERT_EQ(spanned.runs.size(), 2u);
    EXPECT_EQ(spanned.runs[0].version, "OpenSSL 1.1.1f");
    EXPECT_EQ(spanned.runs[1].version, "OpenSSL 3.0.0");
    auto signs = read_corpus(kSignSpanned).read;
    ASSERT_EQ(signs.runs.size(), 4u);
    EXPECT_EQ(signs.runs[0].version, "OpenSSL 3.0");
    EXPECT_EQ(signs.runs[1].version, "OpenSSL 1.1.1f");
    auto same = read_corpus(kSameSize).read;
    ASSERT_FALSE(same.runs.empty());
    const auto& notes = same.runs[0].notes;
    EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
        return n.find("openssl's default sizes 16 to 16384") != std::string::npos;
    }));
}

// Each rule on a small text of its kind, beside the real texts above: the
// neighbours a rule must also read, and what it must leave alone.
TEST(ImportMissesTyped, EachRuleOnATextOfItsKind) {
    struct Case {
        const char* name;
        const char* input;
        size_t runs;
        size_t run;  // the run asserted
        const char* algorithm;
        Operation op;
        int64_t size;
        double value;
        size_t figures;  // in that run
    };
    const auto T = Operation::throughput;
    const Case cases[] = {
        {"four columns all 16 bytes: only the first can be placed",
         "openssl speed md5:\n\n| type | 16 bytes | 16 bytes | 16 bytes | 16 bytes |\n"
         "|---|---|---|---|---|\n| md5 | 100.00k | 200.00k | 300.00k | 400.00k |\n",
         1, 0, "md5", T, 16, 100e3, 1},
        {"five columns all 16 bytes: 1.0.x's five sizes",
         "openssl speed md5:\n\n| type | 16 bytes | 16 bytes | 16 bytes | 16 bytes | 16 bytes |\n"
         "|---|---|---|---|---|---|\n| md5 | 1.00k | 2.00k | 3.00k | 4.00k | 5.00k |\n",
         1, 0, "md5", T, 8192, 5e3, 5},
        {"a unit after a number above the table is a figure, no statement",
         "openssl speed peaks at ~3.8 GB/s here:\n\n| block size | md5 |\n|---|---|\n"
         "| 16 bytes | 100 |\n| 64 bytes | 200 |\n",
         1, 0, "md5", T, 64, 200e3, 2},
        {"a unit stated above the table, sizes as rows, corner in another script",
         "openssl speed, all figures in MiB/s:\n\n| 大小 | md5 | sha256 |\n|---|---|---|\n"
         "| 16 B | 100 | 50 |\n| 64 B | 200 | 80 |\n",
         1, 0, "sha256", T, 64, 80 * 1048576.0, 4},
        {"approximate figures with \xE2\x89\x88",
         "openssl speed:\n\n| type | 16 bytes | 64 bytes |\n|---|---|---|\n"
         "| md5 | \xE2\x89\x88 12 MB/s | \xE2\x89\x88 30 MB/s |\n",
         1, 0, "md5", T, 64, 30e6, 2},
        {"a header over two rows naming machines, one run each",
         "openssl speed md5:\n\ntype | 16 bytes | 64 bytes\n-- | -- | --\n | pi4 | pi5 | pi4 | "
         "pi5\n"
         "md5 | 1.00k | 2.00k | 3.00k | 4.00k\n",
         2, 1, "md5", T, 64, 4e3, 2},
        {"the key size in a column of its own under a key size header",
         "openssl speed rsa:\n\n| alg | key size | sign/s | verify/s |\n|---|---|---|---|\n"
         "| rsa | 2048 | 1000.0 | 30000.0 |\n| rsa | 4096 | 150.0 | 9000.0 |\n",
         1, 0, "rsa4096", Operation::verify, 0, 9000, 4},
        {"a reST simple table: its = borders frame the rows",
         "openssl speed results:\n\n=========== ========== ==========\n"
         "Algorithm   16 bytes   64 bytes\n=========== ========== ==========\n"
         "md5         100.00k    200.00k\nsha256      300.00k    400.00k\n"
         "=========== ========== ==========\n",
         1, 0, "sha256", T, 64, 400e3, 4},
        {"sizes over versions, the label column headed in the second row, a delta column",
         "openssl speed:\n\n| | 16 bytes | | | 64 bytes | | |\n|---|---|---|---|---|---|---|\n"
         "| Algorithm | 1.1.1f | 3.0.0 | \xCE\x94 | 1.1.1f | 3.0.0 | \xCE\x94 |\n"
         "| md5 | 100.00 | 200.00 | +100 | 300.00 | 400.00 | +33 |\n"
         "| sha1 | 500.00 | 600.00 | +20 | 700.00 | 800.00 | +14 |\n",
         2, 1, "sha1", T, 64, 800e3, 4},
        {"a test number in the spanning header's corner is no figure",
         "openssl speed:\n\n7 | 16 bytes | 64 bytes\n-- | -- | --\n | pi4 | pi5 | pi4 | pi5\n"
         "md5 | 1.00k | 2.00k | 3.00k | 4.00k\nsha1 | 5.00k | 6.00k | 7.00k | 8.00k\n",
         2, 1, "sha1", T, 64, 8e3, 4},
        {"sign/verify pairs in one cell: openssl's two columns",
         "openssl speed rsa2048 ecdsap256 on a pi:\n\n| key | sign/verify |\n|---|---|\n"
         "| rsa 2048 | 36/1363 |\n| ecdsa (nistp256) | 1437/718 |\n",
         1, 0, "ecdsa-p256", Operation::verify, 0, 718, 4},
        {"pairs beside a column of their own, the header with its unit",
         "openssl speed rsa:\n\n| key | Sign / Verify (ops/s) | bits |\n|---|---|---|\n"
         "| rsa 2048 | 1,000.5/30,000.0 | 2048 |\n| rsa 4096 | 150.0/9000.0 | 4096 |\n",
         1, 0, "rsa2048", Operation::sign, 0, 1000.5, 4},
        {"versions over sizes: each version's group of columns a run",
         "openssl speed:\n\n| | 1.1.1f | | 3.0.0 | |\n|---|---|---|---|---|\n"
         "| type | 16 bytes | 64 bytes | 16 bytes | 64 bytes |\n"
         "| md5 | 100.00k | 200.00k | 300.00k | 400.00k |\n"
         "| sha1 | 500.00k | 600.00k | 700.00k | 800.00k |\n",
         2, 1, "md5", T, 16, 300e3, 4},
        {"a curve that only agrees keys has no sign/s: its row gives nothing",
         "openssl speed ecdsa ecdh:\n\n| | sign/s | verify/s |\n|---|---|---|\n"
         "| ecdsa (nistp256) | 1000.0 | 900.0 |\n| ecdh (X25519) | 800.0 | 700.0 |\n",
         1, 0, "ecdsa-p256", Operation::sign, 0, 1000, 2},
        {"a curve in brackets names its own key, not the first of its size",
         "openssl speed ecdsa:\n\n| | sign/s | verify/s |\n|---|---|---|\n"
         "| ecdsa (brainpoolP256r1) | 1000.0 | 900.0 |\n| ecdsa (nistp384) | 800.0 | 700.0 |\n",
         1, 0, "ecdsa-brainpoolp256r1", Operation::sign, 0, 1000, 4},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        auto read = read_text("typed.md", c.input).read;
        ASSERT_EQ(read.runs.size(), c.runs);
        const auto& run = read.runs[c.run];
        EXPECT_EQ(run.measurements.size(), c.figures);
        const Measurement* m = run.find(c.algorithm, c.op, c.size);
        ASSERT_NE(m, nullptr) << c.algorithm << "@" << c.size;
        EXPECT_NEAR(m->value, c.value, c.value * 1e-9);
    }
}

// A table shaped like openssl's benchmark (an algorithm down, sizes across)
// in a text that names another program's benchmark and never openssl holds
// that program's figures; naming openssl too, the table is read.
TEST(ImportMissesTyped, ATableInATextAboutAnotherProgramsBenchmarkIsThatProgramsFigures) {
    const std::string table =
        "| Algorithm | 16 bytes | 1024 bytes | 8192 bytes |\n|---|---|---|---|\n"
        "| AES-128-GCM | 512 MB/s | 3.2 GB/s | 4.1 GB/s |\n"
        "| ChaCha20-Poly1305 | 210 MB/s | 1.1 GB/s | 1.3 GB/s |\n";
    struct Case {
        const char* name;
        std::string input;
        size_t runs;
    };
    const Case cases[] = {
        {"go test -bench", "`go test -bench . crypto/cipher` on a Ryzen 5:\n\n" + table, 0},
        {"bssl speed", "Results of bssl speed:\n\n" + table, 0},
        {"wolfSSL", "wolfSSL's benchmark on the board:\n\n" + table, 0},
        {"no program named: shaped like openssl's", "On a Ryzen 5:\n\n" + table, 1},
        {"another program and openssl", "openssl speed beside wolfSSL:\n\n" + table, 1},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        auto read = read_text("probe.md", c.input).read;
        ASSERT_EQ(read.runs.size(), c.runs);
        if (c.runs == 1) {
            const Measurement* m = read.runs[0].find("aes-128-gcm", Operation::throughput, 1024);
            ASSERT_NE(m, nullptr);
            EXPECT_NEAR(m->value, 3.2e9, 1);
        }
    }
}
