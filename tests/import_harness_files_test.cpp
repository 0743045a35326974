// Files harnesses write (issue 34, round six): JSON keyed by figure name and
// a script's result lines, each on a real file of tests/data/corpus 170-178
// (README.md there cites each with its hand-checked figures), and the rule
// that reads a figure's one-word name (src/import/figure_name.h).
#include <gtest/gtest.h>

#include "import/figure_name.h"
#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kJson =
    "171-harness-json-runs-metric-names-algorithm-size-unit-handshakes.json";
constexpr const char* kLines =
    "173-harness-result-lines-rsa2048-sign-pass-per-run-stress-ng-bogos-between.txt";

struct NameCase {
    const char* name;
    const char* input;
    const char* algorithm;  // "" when the name is no figure
    int64_t size;
    Operation operation;
    double factor;
};

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

TEST(ImportHarnessFiles, FigureNamesGiveAlgorithmSizeOrOperationAndUnit) {
    using enum Operation;
    const NameCase cases[] = {
        {"size in k, unit kbs", "aes_256_gcm_1k_kbs", "aes-256-gcm", 1024, throughput, 1000},
        {"digest at 8k", "sha256_8k_kbs", "sha256", 8192, throughput, 1000},
        {"key and operation per sec", "rsa_2048_sign_per_sec", "rsa2048", 0, sign, 1},
        {"curve key", "ecdsa_p384_verify_per_sec", "ecdsa-p384", 0, verify, 1},
        {"hyphens, no unit", "rsa2048-verify", "rsa2048", 0, verify, 0},
        {"dsa key", "dsa2048-sign", "dsa2048", 0, sign, 0},
        {"size in bytes after a hyphen", "md5-16", "md5", 16, throughput, 0},
        {"EVP name then size", "aes-256-cbc-16384", "aes-256-cbc", 16384, throughput, 0},
        {"bytes per sec", "sha512_64_bytes_per_sec", "sha512", 64, throughput, 1},
        {"s_time's handshakes", "handshakes_new_per_sec", "", 0, throughput, 0},
        {"an algorithm whole, no size", "sha-256", "", 0, throughput, 0},
        {"a size counted per sec", "md5_16_per_sec", "", 0, throughput, 0},
        {"bits per second are not openssl's", "aes_128_cbc_16_kbps", "", 0, throughput, 0},
        {"prose", "fft_bogos", "", 0, throughput, 0},
        {"a key's operation in KB/s", "rsa_2048_sign_kbs", "", 0, throughput, 0},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        auto f = import::figure_name(c.input);
        if (std::string_view(c.algorithm).empty()) {
            EXPECT_FALSE(f.has_value()) << f->algorithm;
            continue;
        }
        ASSERT_TRUE(f.has_value());
        EXPECT_EQ(f->algorithm, c.algorithm);
        EXPECT_EQ(f->size, c.size);
        EXPECT_EQ(f->operation, c.operation);
        EXPECT_EQ(f->factor, c.factor);
    }
}

TEST(ImportHarnessFiles, EachFilesFiguresAtTheirAlgorithmAndSizeOrOperation) {
    using enum Operation;
    const Want wants[] = {
        // One run per object; "1k" is 1024 bytes (the report's "1024 Bytes"
        // column gives the same figures), kbs openssl's k.
        {"json first", kJson, "metric keys", 0, "aes-256-gcm", throughput, 1024, 5901582.13e3},
        {"json digest", kJson, "metric keys", 0, "sha256", throughput, 8192, 3332688.28e3},
        {"json middle run", kJson, "metric keys", 3, "sha256", throughput, 1024, 2857657.75e3},
        {"json last", kJson, "metric keys", 6, "aes-256-gcm", throughput, 8192, 7414004.94e3},
        // `rsa2048-sign pass 8715.5 sign/s`: a run per pass of the script.
        {"lines rsa sign", kLines, "result lines", 0, "rsa2048", sign, 0, 8715.5},
        {"lines rsa verify", kLines, "result lines", 0, "rsa2048", verify, 0, 307359.4},
        {"lines dsa verify, run 2", kLines, "result lines", 1, "dsa2048", verify, 0, 24479.2},
        {"lines last", kLines, "result lines", 2, "dsa2048", verify, 0, 24348.7},
    };
    for (const auto& w : wants) {
        SCOPED_TRACE(w.name);
        auto found = read_corpus(w.file);
        EXPECT_EQ(found.reader, w.reader);
        ASSERT_TRUE(found.read.refused.empty()) << found.read.refused;
        ASSERT_GT(found.read.runs.size(), w.run);
        const Measurement* m = found.read.runs[w.run].find(w.algorithm, w.op, w.size);
        ASSERT_NE(m, nullptr) << w.algorithm << "@" << w.size;
        EXPECT_NEAR(m->value, w.value, std::max(w.value * 1e-9, 0.01));
    }
}

// Every figure once, in its own run; s_time's handshakes and stress-ng's
// BOGOS lines give nothing.
TEST(ImportHarnessFiles, RunsHoldOnlyOpensslFigures) {
    auto json = read_corpus(kJson).read;
    ASSERT_EQ(json.runs.size(), 7u);
    for (const auto& run : json.runs) EXPECT_EQ(run.measurements.size(), 4u);
    EXPECT_EQ(json.runs[1].version, "OpenSSL 3.0.15 3 Sep 2024");
    EXPECT_EQ(json.unused_lines, 2u);  // handshakes_new_per_sec, handshakes_resume_per_sec
    auto lines = read_corpus(kLines).read;
    ASSERT_EQ(lines.runs.size(), 3u);
    for (const auto& run : lines.runs) EXPECT_EQ(run.measurements.size(), 4u);
}

TEST(ImportHarnessFiles, OtherProgramsBenchmarksGiveNothing) {
    for (const char* file : {
             "176-NEGATIVE-bssl-speed-typed-operation-patched-baseline-ops-sec-ratio.txt",
             "177-NEGATIVE-wolfssl-benchmark-diff-side-by-side-mbs-openwrt.txt",
             "178-NEGATIVE-glorytun-bench-aes256gcm-bytes-mbps.txt",
         }) {
        SCOPED_TRACE(file);
        auto read = read_corpus(file).read;
        EXPECT_TRUE(read.runs.empty());
        EXPECT_FALSE(read.refused.empty());
    }
}
