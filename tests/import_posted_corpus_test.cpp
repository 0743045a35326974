// openssl's own output as people post it, and other programs' benchmarks that
// name OpenSSL (issue 34, round five): real texts from tests/data/corpus 150
// onwards, README.md there citing each with its hand-checked figures.
#include <gtest/gtest.h>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kTilde =
    "150-openssl-issue-27513-tilde-fences-ellipsis-percent-impact-table-cut.txt";
constexpr const char* kTail =
    "151-multi-n-rows-after-tail-5-no-version-line-prompt-host-three-fences.md";
constexpr const char* kCryptodev =
    "152-cryptodev-speed-chunks-beside-openssl-devcrypto-doing-lines-cut.txt";
constexpr const char* kKae =
    "153-openeuler-kae-doc-sizes-of-seven-digits-glued-to-bytes-suse-prompt.md";
constexpr const char* kTiber =
    "154-other-program-in-openssl-layout-under-its-prompt-fenced-harness-csv.md";
constexpr const char* kReport =
    "172-harness-md-report-size-in-header-8k-kbs-in-heading-thousands-commas-zero-cells.md";
constexpr const char* kBook =
    "174-book-page-copy-curly-quotes-snip-elisions-bytes-8192-four-runs.txt";
constexpr const char* kTimes =
    "175-openssl-test-times-ssltest-overheads-then-ssleay-082-speed-8-byte-blocks.txt";

struct Want {
    const char* name;
    const char* file;
    size_t run;
    const char* algorithm;
    int64_t size;
    double value;  // bytes/s
};

}  // namespace

TEST(ImportPostedCorpus, FiguresAtTheirAlgorithmSizeAndValue) {
    const Want wants[] = {
        // Two ~~~ fences, the command elided by "...", a percent table cut after.
        {"3.3.1 first", kTilde, 0, "aes-128-gcm", 16, 863579.61e3},
        {"3.3.1 middle", kTilde, 0, "aes-192-gcm", 1024, 8571298.82e3},
        {"3.3.1 last", kTilde, 0, "aes-256-gcm", 16384, 12144732.84e3},
        {"3.4.1 first", kTilde, 1, "aes-128-gcm", 16, 106090.34e3},
        {"3.4.1 middle", kTilde, 1, "aes-192-gcm", 16384, 11681792.00e3},
        {"3.4.1 last", kTilde, 1, "aes-256-gcm", 16384, 10924725.59e3},
        // `| tail -5` of -multi 4, 8, 16: one bare row each, 3.5's six sizes.
        {"multi 4 first", kTail, 0, "aes-256-gcm", 16, 88486.50e3},
        {"multi 4 last", kTail, 0, "aes-256-gcm", 16384, 7578408.28e3},
        {"multi 8 middle", kTail, 1, "aes-256-gcm", 1024, 5871751.17e3},
        {"multi 16 first", kTail, 2, "aes-256-gcm", 16, 163969.22e3},
        {"multi 16 last", kTail, 2, "aes-256-gcm", 16384, 14222035.80e3},
        // Doing lines of CPU time with an engine (517398 in 0.10s), after
        // cryptodev-linux's own speed test in MB/sec, which gives nothing.
        {"devcrypto 16", kCryptodev, 0, "aes-128-cbc", 16, 517398.0 * 16 / 0.10},
        {"devcrypto 64", kCryptodev, 0, "aes-128-cbc", 64, 412163.0 * 64 / 0.08},
        {"devcrypto 256", kCryptodev, 0, "aes-128-cbc", 256, 207881.0 * 256 / 0.06},
        // "%7d bytes": "102400 bytes1048576 bytes" is two sizes (before, the
        // header was lost and the six columns put at 1.1.1's default sizes).
        {"sm4 51200", kKae, 4, "sm4-cbc", 51200, 82312.53e3},
        {"sm4 1048576", kKae, 4, "sm4-cbc", 1048576, 85284.18e3},
        {"sm4 8388608", kKae, 4, "sm4-cbc", 8388608, 85261.26e3},
        {"sm4 kae 2097152", kKae, 5, "sm4-cbc", 2097152, 392954.73e3},
        // "2196 sm4-cbc's in 3.00s  ....": the elision after the result dropped.
        {"sm4 doing 10240", kKae, 4, "sm4-cbc", 10240, 2196.0 * 10240 / 3.00},
        {"aes kae 4194304", kKae, 9, "aes-128-cbc", 4194304, 1196979.11e3},
        // A harness's CSV in a ``` fence: its openssl rows only, cut by "...",
        // the algorithm the text names, the unit its prose states (KB/s).
        {"no-ext 16", kTiber, 0, "aes-128-cbc", 16, 298109.54e3},
        {"no-ext 64", kTiber, 0, "aes-128-cbc", 64, 320872.58e3},
        {"openssl 16", kTiber, 1, "aes-128-cbc", 16, 616478.02e3},
        {"openssl 64", kTiber, 1, "aes-128-cbc", 64, 1418600.58e3},
        // A harness's report: "AES-256-GCM (8K)" under "(KB/s)", thousands commas.
        {"report 8K first", kReport, 0, "aes-256-gcm", 8192, 5856720e3},
        {"report sha256 8K", kReport, 0, "sha256", 8192, 3332688e3},
        {"report 8K last", kReport, 6, "aes-256-gcm", 8192, 7414005e3},
        {"report 1024 Bytes column", kReport, 7, "aes-256-gcm", 1024, 5901582e3},
        // A book's page: curly quotes, "— snip —" between one-figure rows.
        {"book doing line", kBook, 0, "aes-128-cbc", 16, 149860669.0 * 16 / 3.00},
        {"book after a snip", kBook, 0, "chacha20-poly1305", 8192, 2215840.43e3},
        {"book after two snips", kBook, 0, "aes-128-ccm", 8192, 1337092.78e3},
        {"book table", kBook, 1, "aes-128-cbc", 256, 1447774.12e3},
        // openssl's test/times: ssltest's timings, then SSLeay 0.8.2a's 8-byte column.
        {"times 8 bytes", kTimes, 0, "md2", 8, 131.02e3},
        {"times last cell", kTimes, 0, "bf-cbc", 8192, 6234.11e3},
    };
    for (const auto& w : wants) {
        SCOPED_TRACE(w.name);
        expect_figure(read_corpus(w.file).read, w.run, w.algorithm, Operation::throughput, w.size,
                      w.value);
    }
}

// Every figure once, none from the percent table; each `tail -5` run named by
// the host of the prompt that printed it.
TEST(ImportPostedCorpus, EachRunItsFiguresAndItsPromptsHost) {
    auto tilde = read_corpus(kTilde).read;
    ASSERT_EQ(tilde.runs.size(), 2u);
    for (const auto& run : tilde.runs) {
        EXPECT_EQ(run.measurements.size(), 18u);
        EXPECT_EQ(run.machine->label, "");  // a fence names no machine
    }
    auto cryptodev = read_corpus(kCryptodev).read;
    ASSERT_EQ(cryptodev.runs.size(), 1u);  // the line cut after "70025 AES-128-CBC'" gives none
    EXPECT_EQ(cryptodev.runs[0].measurements.size(), 3u);
    auto kae = read_corpus(kKae).read;
    ASSERT_EQ(kae.runs.size(), 10u);
    for (const auto& run : kae.runs)
        EXPECT_EQ(run.machine->label, "linux-rmw4");  // openSUSE's prompt
    EXPECT_EQ(kae.runs[4].find("sm4-cbc", Operation::throughput, 16), nullptr);
    // "28365.8." ends a sentence: the rate, not the seconds' 28571.4.
    auto* verify = kae.runs[0].find("rsa2048", Operation::verify, 0);
    ASSERT_NE(verify, nullptr);
    EXPECT_NEAR(verify->value, 28365.8, 1e-6);
    auto tail = read_corpus(kTail).read;
    ASSERT_EQ(tail.runs.size(), 3u);
    for (const auto& run : tail.runs) {
        EXPECT_EQ(run.measurements.size(), 6u);
        EXPECT_EQ(run.machine->label, "spacemit");
    }
}

// tiber-bench prints openssl's layout under its own prompt: none of its
// figures (79357.15k .. 81889.64k), nor the CSV's tiber and ratio rows, is openssl's.
TEST(ImportPostedCorpus, NothingFromAnotherProgramsTable) {
    auto tiber = read_corpus(kTiber).read;
    ASSERT_EQ(tiber.runs.size(), 2u);
    for (const auto& run : tiber.runs) {
        EXPECT_EQ(run.measurements.size(), 2u);
        for (const auto& m : run.measurements) EXPECT_GT(m.value, 200e6) << "tiber's figure";
    }
}

// Zero cells, s_time's handshakes and ssltest's timings give no figure.
TEST(ImportPostedCorpus, NoFigureFromZerosHandshakesOrSsltest) {
    size_t figures = 0;
    for (const auto& run : read_corpus(kReport).read.runs) figures += run.measurements.size();
    EXPECT_EQ(figures, 28u);  // 14 at 8192 bytes, 7 at 1024 and 7 repeated at 8192
    auto times = read_corpus(kTimes).read;
    ASSERT_EQ(times.runs.size(), 1u);
    EXPECT_EQ(times.runs[0].measurements.size(), 55u + 8u);  // 11 rows x 5, 4 keys x 2
}

TEST(ImportPostedCorpus, OtherProgramsNamingOpensslGiveNothing) {
    for (const char* file : {
             "160-NEGATIVE-google-benchmark-tinyjambu-bytes-per-second.md",
             "161-NEGATIVE-rpi5-own-aes-soft-afalg-approx-mbs-chunk-kb.md",
             "162-NEGATIVE-own-rsa-pss-ecdsa-bench-microseconds-names-openssl.md",
             "163-NEGATIVE-ti-am437x-openssl-cpu-load-csv-table.txt",
             "164-NEGATIVE-botan-speed-mib-sec-cycles-per-byte.txt",
             "165-NEGATIVE-bssl-speed-typed-md-table-seal-open-bytes-mbs-ratio.md",
             "166-NEGATIVE-cryptsetup-benchmark-german-comma-decimals-pipe-header.txt",
             "167-NEGATIVE-rust-crypto-bench-md-table-openssl-column-mbs.md",
             "168-NEGATIVE-dmcrypt-cipher-table-flattened-aes-ecb-128-mbs.txt",
             "169-NEGATIVE-php-mcrypt-vs-openssl-seconds-decimal-commas-slash-cells.txt",
         }) {
        SCOPED_TRACE(file);
        auto read = read_corpus(file).read;
        EXPECT_TRUE(read.runs.empty());
        EXPECT_FALSE(read.refused.empty());
    }
}
