// Round ten's unseen texts (issue 34): real files of tests/data/corpus 260+
// (README.md there cites each with its hand-checked figures), each asserted at
// its algorithm and size or operation as it was read before any rule for it.
#include <gtest/gtest.h>

#include <string>

#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kGoVsOpenssl =
    "260-gocryptfs-go-vs-openssl-setext-sections-tab-indented-table-summary-mbs-heading-cpuinfo-"
    "below.md";
constexpr const char* kTlsLinux =
    "261-tls-linux-readme-command-in-blockquote-fenced-table-httperf-tls-speed-rates-after.md";
constexpr const char* kPqcSession =
    "262-pqc-terminal-session-stdout-redirected-doing-lines-then-cat-tables-kyber-dilithium-"
    "cycles-above.txt";

}  // namespace

TEST(ImportRoundTen, EachTextsFiguresAtTheirAlgorithmAndSizeOrOperation) {
    using enum Operation;
    const InputWant wants[] = {
        // A tab-indented table under `openssl 1.0.1k` between Go benchmarks.
        {"go-vs-openssl first", kGoVsOpenssl, 0, "aes-128-gcm", throughput, 16, 71275.15e3},
        {"go-vs-openssl last", kGoVsOpenssl, 0, "aes-128-gcm", throughput, 8192, 308912.13e3},
        // A fenced table under `> $ openssl speed sha`, httperf and tls-speed after it.
        {"tls-linux sha1 first", kTlsLinux, 0, "sha1", throughput, 16, 169325.03e3},
        {"tls-linux sha256", kTlsLinux, 0, "sha256", throughput, 1024, 1719499.43e3},
        {"tls-linux sha512 last", kTlsLinux, 0, "sha512", throughput, 8192, 689070.08e3},
        // Doing lines printed, the tables only by a later `cat` of the file.
        {"session rsa sign", kPqcSession, 0, "rsa2048", sign, 0, 28601 / 9.18},
        {"session rsa verify", kPqcSession, 0, "rsa2048", verify, 0, 541324 / 9.41},
        {"session p256 sign", kPqcSession, 0, "ecdsa-p256", sign, 0, 48797.6},
        {"session b571 verify", kPqcSession, 0, "ecdsa-b571", verify, 0, 247.6},
        {"session brainpool", kPqcSession, 0, "ecdsa-brainpoolp512t1", verify, 0, 1035.6},
        {"session x25519", kPqcSession, 0, "ecdh-x25519", derive, 0, 33096.2},
        {"session x448", kPqcSession, 0, "ecdh-x448", derive, 0, 5635.4},
    };
    expect_inputs(wants);
}

// Nothing from the Go benchmarks, httperf, tls-speed or pq-crystals' cycles.
TEST(ImportRoundTen, OtherProgramsRatesBesideTheTablesGiveNothing) {
    const std::pair<const char*, size_t> counts[] = {
        {kGoVsOpenssl, 5}, {kTlsLinux, 15}, {kPqcSession, 2 + 44 + 24}};
    for (const auto& [file, count] : counts) {
        SCOPED_TRACE(file);
        auto read = read_corpus(file).read;
        ASSERT_EQ(read.runs.size(), 1u);
        EXPECT_EQ(read.runs[0].measurements.size(), count);
    }
}
