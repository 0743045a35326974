// Typed tables' runs named as people name them (issue 34, tests/data/misses
// round eight): each naming rule asserted on a small text of its shape and on
// the real text it came from, with the run's label as import gives it, its
// machine, and one figure unchanged (algorithm, size, value).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "import/labels.h"
#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kSbc =
    "misses/sbc-bench-armv8-aes-256-cbc-column-16k-in-prose-soc-rows-core-group-rows-ratio.md";

// Boards named by Markdown links, grouped under rows of a core and empty
// cells, a clock column: two boards of one name told apart by core and clock.
constexpr const char* kLinkShape =
    "`openssl speed -evp aes-256-cbc`, its 16K chunk size column:\n"
    "\n"
    "| core | MHz | aes-256-cbc | score/mhz |\n"
    "| --- | --- | --- | --- |\n"
    "| Cortex-A53 | | | |\n"
    "| [RK3399](http://example.org/a) | 1500 | 700000 | 466 |\n"
    "| [Pi 3](http://example.org/b) | 1200 | 560000 | 466 |\n"
    "| Cortex-A72 | | | |\n"
    "| [RK3399](http://example.org/c) | 2000 | 1140000 | 570 |\n";

constexpr const char* kLaptop =
    "misses/design-doc-gb-s-cells-sizes-128b-16kib-64kib-empty-cells-laptop-in-prose.md";
constexpr const char* kErlang =
    "misses/erlang-otp-pr-372-one-header-rows-under-command-lines-machine-above.txt";
constexpr const char* kBaseline =
    "misses/openssl-pr-28673-sizes-as-rows-glued-bytes-baseline-optimized-percent-column.md";
constexpr const char* kQemu =
    "corpus/186-typed-md-tables-sizes-as-rows-hash-and-hmac-under-two-commands.md";
constexpr const char* kXeon =
    "misses/lex-sys-tls-doc-one-column-headed-by-the-openssl-command-among-own-program-columns.md";

// The CPU named in the sentence introducing the table names its run.
constexpr const char* kProseCpuShape =
    "`openssl speed -evp aes-256-gcm` on the build host (an AMD EPYC 7763 with AVX2, one\n"
    "run) gave:\n"
    "\n"
    "| Cipher | 128 B | 16 KiB |\n"
    "|---|---|---|\n"
    "| AES-256-GCM | 0.63 GB/s | 5.8 GB/s |\n";

// A line ending in ':' above a row labels its run; the CPU the sentence over
// the block names is every run's machine.
constexpr const char* kCommandLinesShape =
    "Results on an Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz:\n"
    "\n"
    "```\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
    "\n"
    "openssl speed md5 (no asm):\n"
    "md5              1000.00k     2000.00k     3000.00k     4000.00k     5000.00k\n"
    "\n"
    "openssl speed -evp md5:\n"
    "md5              1100.00k     2100.00k     3100.00k     4100.00k     5100.00k\n"
    "```\n";

// Columns headed by builds label the runs; the prose names their machine.
constexpr const char* kBuildShape =
    "Measured on an x86-64 virtual machine with AVX2.\n"
    "\n"
    "openssl speed -evp sha256\n"
    "\n"
    "| size | before | after |\n"
    "|---|---|---|\n"
    "| 16 bytes | 1000.00k | 1100.00k |\n"
    "| 64 bytes | 2000.00k | 2200.00k |\n";

// A run stated as on QEMU is emulated.
constexpr const char* kQemuShape =
    "Run on qemu-aarch64 8.2.0:\n"
    "\n"
    "```\n"
    "openssl speed -evp sha256\n"
    "```\n"
    "\n"
    "| size | patched |\n"
    "|---|---|\n"
    "| 16 bytes | 1000.00k |\n"
    "| 64 bytes | 2000.00k |\n";

struct NameWant {
    const char* name;
    const char* input;  // a text, or a file under tests/data ("misses/...")
    size_t run;
    const char* label;    // as import labels it (import/labels.h)
    const char* machine;  // the machine's name
    const char* facts;    // its other facts named (machine_facts), "" when none
    const char* algorithm;
    int64_t size;
    double value;  // bytes/s, or operations/s
    Operation op = Operation::throughput;
};

// The facts of a machine the naming rules set, in one line: "core=Cortex-A53
// mhz=1500", "kind=emulated emulator=QEMU", "cpu=Xeon at 2.80 GHz mhz=2800".
std::string machine_facts(const Machine& m) {
    std::string out;
    auto add = [&](const char* key, const std::string& value) {
        if (!value.empty()) out += (out.empty() ? "" : " ") + std::string(key) + "=" + value;
    };
    add("cpu", m.cpu_name);
    add("core", m.cpu_core);
    add("mhz", m.cpu_mhz ? fmt::format("{}", *m.cpu_mhz) : "");
    add("kind", m.kind == MachineKind::unknown ? "" : to_string(m.kind));
    add("emulator", m.emulator);
    return out;
}

import::Read read_named(std::string_view input){bool file = input.ends_with(".txt") ||
                                                            input.ends_with(".md");
import::Read read = file ? read_text(std::string(input), read_fixture(std::string(input))).read
                         : read_text("typed.txt", std::string(input)).read;
import::readable_labels(read.runs);
return read;
}  // namespace

void expect_names(const NameWant& w) {
    SCOPED_TRACE(w.name);
    import::Read read = read_named(w.input);
    expect_figure(read, w.run, w.algorithm, w.op, w.size, w.value);
    if (w.run >= read.runs.size()) return;
    const speedlab::Run& run = read.runs[w.run];
    EXPECT_EQ(run.label, w.label);
    EXPECT_EQ(run.machine->label, w.machine);
    EXPECT_EQ(machine_facts(*run.machine), w.facts);
}

}  // namespace

TEST(ImportTypedNames, LinkTextGroupRowsAndClock) {
    const NameWant wants[] = {
        // A link names its machine by its text; a group row is the core of the
        // rows under it; a clock column the machine's clock.
        {"link", kLinkShape, 0, "RK3399 Cortex-A53-1500MHz", "RK3399", "core=Cortex-A53 mhz=1500",
         "aes-256-cbc", 16384, 700e6},
        {"link, one name", kLinkShape, 1, "Pi-3", "Pi 3", "core=Cortex-A53 mhz=1200", "aes-256-cbc",
         16384, 560e6},
        {"link, second group", kLinkShape, 2, "RK3399 Cortex-A72-2000MHz", "RK3399",
         "core=Cortex-A72 mhz=2000", "aes-256-cbc", 16384, 1140e6},
        {"sbc first", kSbc, 0, "RK3308", "RK3308", "core=Cortex-A35 mhz=1300", "aes-256-cbc", 16384,
         282290e3},
        {"sbc link and words after it", kSbc, 12, "S5P6818-64-bit", "S5P6818 (64-bit)",
         "core=Cortex-A53 mhz=1400", "aes-256-cbc", 16384, 653770e3},
        {"sbc one SoC, two cores", kSbc, 18, "RK3399 Cortex-A53-1510MHz", "RK3399",
         "core=Cortex-A53 mhz=1510", "aes-256-cbc", 16384, 695265e3},
        {"sbc one SoC, two cores, A72", kSbc, 31, "RK3399 Cortex-A72-1800MHz", "RK3399",
         "core=Cortex-A72 mhz=1800", "aes-256-cbc", 16384, 1023600e3},
        {"sbc last", kSbc, 41, "RK3588 Cortex-A76-985MHz", "RK3588", "core=Cortex-A76 mhz=985",
         "aes-256-cbc", 16384, 560196e3},
    };
    for (const auto& w : wants) expect_names(w);
    // The group rows and the score/mhz ratio give no run and no figure.
    EXPECT_EQ(read_named(kLinkShape).runs.size(), 3u);
    EXPECT_EQ(read_named(kSbc).runs.size(), 42u);
    for (const speedlab::Run& run : read_named(kSbc).runs) EXPECT_EQ(run.measurements.size(), 1u);
}

TEST(ImportTypedNames, MachineNamedInTheProseAbove) {
    const NameWant wants[] = {
        {"cpu in a sentence", kProseCpuShape, 0, "AMD-EPYC-7763", "AMD EPYC 7763",
         "cpu=AMD EPYC 7763", "aes-256-gcm", 16384, 5.8e9},
        {"29 laptop", kLaptop, 0, "Intel-Core-Ultra-X7-358H", "Intel Core Ultra X7 358H",
         "cpu=Intel Core Ultra X7 358H", "aes-256-gcm", 128, 0.63e9},
        {"29 laptop, last", kLaptop, 0, "Intel-Core-Ultra-X7-358H", "Intel Core Ultra X7 358H",
         "cpu=Intel Core Ultra X7 358H", "chacha20-poly1305", 16384, 1.06e9},
        {"34 xeon", kXeon, 0, "Xeon", "Xeon", "cpu=Xeon at 2.80 GHz mhz=2800", "aes-128-gcm", 16384,
         5546e6},
        {"command lines", kCommandLinesShape, 0, "Intel-Xeon-E5-2680-v4 md5-no-asm",
         "Intel Xeon E5-2680 v4", "cpu=Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz mhz=2400", "md5",
         16, 1000e3},
        {"command lines, second", kCommandLinesShape, 1, "Intel-Xeon-E5-2680-v4 -evp-md5",
         "Intel Xeon E5-2680 v4", "cpu=Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz mhz=2400", "md5",
         8192, 5100e3},
        {"30 generic", kErlang, 0, "Intel-Core-i7-2760QM aes-128-cbc-generic-functions",
         "Intel Core i7-2760QM", "cpu=Intel(R) Core(TM) i7-2760QM CPU @ 2.40GHz mhz=2400",
         "aes-128-cbc", 16, 105336.34e3},
        {"30 evp", kErlang, 1, "Intel-Core-i7-2760QM -evp-aes-128-cbc-EVP-with-AES-NI",
         "Intel Core i7-2760QM", "cpu=Intel(R) Core(TM) i7-2760QM CPU @ 2.40GHz mhz=2400",
         "aes-128-cbc", 8192, 669777.92e3},
        {"30 rc4", kErlang, 2, "Intel-Core-i7-2760QM -evp-rc4", "Intel Core i7-2760QM",
         "cpu=Intel(R) Core(TM) i7-2760QM CPU @ 2.40GHz mhz=2400", "rc4", 16, 348612.51e3},
        {"30 gcm", kErlang, 3, "Intel-Core-i7-2760QM -evp-aes-128-gcm-EVP-with-AES-NI",
         "Intel Core i7-2760QM", "cpu=Intel(R) Core(TM) i7-2760QM CPU @ 2.40GHz mhz=2400",
         "aes-128-gcm", 8192, 1323431.25e3},
        {"build columns", kBuildShape, 0, "x86-64-virtual-machine before", "x86-64 virtual machine",
         "kind=virtual", "sha256", 16, 1000e3},
        {"build columns, after", kBuildShape, 1, "x86-64-virtual-machine after",
         "x86-64 virtual machine", "kind=virtual", "sha256", 64, 2200e3},
        {"32 baseline", kBaseline, 0, "RISC-V-virtual-machine Baseline-C", "RISC-V virtual machine",
         "kind=virtual", "sha256", 16, 2375.29e3},
        {"32 optimized", kBaseline, 1, "RISC-V-virtual-machine Optimized", "RISC-V virtual machine",
         "kind=virtual", "sha256", 1024, 55948.01e3},
        {"qemu", kQemuShape, 0, "qemu-aarch64-8.2.0", "qemu-aarch64 8.2.0",
         "kind=emulated emulator=qemu-aarch64 8.2.0", "sha256", 64, 2000e3},
        {"33 qemu", kQemu, 0, "Xuantie-qemu-v8.2.94 Optimized", "Xuantie-qemu v8.2.94",
         "kind=emulated emulator=Xuantie-qemu v8.2.94", "sha3-256", 16, 4681.10e3},
        {"33 qemu, hmac", kQemu, 1, "Xuantie-qemu-v8.2.94 Optimized", "Xuantie-qemu v8.2.94",
         "kind=emulated emulator=Xuantie-qemu v8.2.94", "hmac-sha3-256", 16384, 151999.83e3},
    };
    for (const auto& w : wants) expect_names(w);
    // The rows' figures as before: 4 runs of 5, 2 of 4.
    EXPECT_EQ(read_named(kErlang).runs.size(), 4u);
    for (const speedlab::Run& run : read_named(kErlang).runs)
        EXPECT_EQ(run.measurements.size(), 5u);
    EXPECT_EQ(read_named(kBaseline).runs.size(), 2u);
}

// A label says each part whole ('...-generic-functions', not cut at 24
// characters), and the words a version text gives after its number name
// the build: two rows of one version are told apart by them.
constexpr const char* kLibraries =
    "corpus/266-openssl-issue-6992-typed-table-no-outer-pipes-rows-per-library-version-sign-"
    "verify-columns.md";

TEST(ImportTypedNames, WordsAfterTheVersionNameTheBuild) {
    const NameWant wants[] = {
        {"266 libressl", kLibraries, 0, "LibreSSL-2.7.4", "LibreSSL 2.7.4", "", "rsa2048", 0,
         3328.5, Operation::sign},
        {"266 system", kLibraries, 1, "1.0.2k system", "", "", "rsa2048", 0, 128008.2,
         Operation::verify},
        {"266 before the patch", kLibraries, 2, "1.1.0i before-ECDSA-patch", "", "", "ecdsa-p256",
         0, 86956.5, Operation::sign},
        {"266 after the patch", kLibraries, 3, "1.1.0i after-ECDSA-patch", "", "", "ecdsa-p256", 0,
         121212.1, Operation::sign},
        {"266 pre2", kLibraries, 4, "1.1.1-pre2", "", "", "ecdsa-p256", 0, 37743.6,
         Operation::verify},
        {"266 master", kLibraries, 6, "1.1.1 master", "", "", "ecdsa-p256", 0, 33439.4,
         Operation::verify},
        // openssl's own version lines name no build: a date, a bracket, "built on".
        {"date after the version",
         "OpenSSL 1.0.2o 27 Mar 2018\n"
         "type             16 bytes     64 bytes\n"
         "md5              1000.00k     2000.00k\n",
         0, "1.0.2o", "", "", "md5", 16, 1000e3},
        {"a development build's date",
         "OpenSSL 1.1.1j-dev  xx XXX xxxx\n"
         "type             16 bytes     64 bytes\n"
         "md5              1000.00k     2000.00k\n",
         0, "1.1.1j-dev", "", "", "md5", 16, 1000e3},
        {"fips",
         "OpenSSL 1.1.1k  FIPS 25 Mar 2021\n"
         "type             16 bytes     64 bytes\n"
         "md5              1000.00k     2000.00k\n",
         0, "1.1.1k FIPS", "", "", "md5", 16, 1000e3},
    };
    for (const auto& w : wants) expect_names(w);
    EXPECT_EQ(read_named(kLibraries).runs.size(), 7u);
}

// A label over a name's 100 characters loses the end of its longest part (a
// machine named by a whole wiki link), not the version after it.
TEST(ImportTypedNames, LongLabelKeepsItsVersion) {
    const NameWant w{"004 wiki link",
                     "corpus/004-openwrt-oldwiki-moinmoin-table.txt",
                     11,
                     "http--www.intel.com-Products-Desktop-Motherboards-D945GCLF2-D945GCLF2-"
                     "overview.htm 0.9.8g-13",
                     "[http://www.intel.com/Products/Desktop/Motherboards/D945GCLF2/"
                     "D945GCLF2-overview.htm D945GCLF2]",
                     "cpu=Intel Atom 330",
                     "md5",
                     1024,
                     182998.70e3};
    expect_names(w);
}

constexpr const char* kGo =
    "corpus/260-gocryptfs-go-vs-openssl-setext-sections-tab-indented-table-summary-mbs-heading-"
    "cpuinfo-below.md";
constexpr const char* kSession =
    "corpus/262-pqc-terminal-session-stdout-redirected-doing-lines-then-cat-tables-kyber-"
    "dilithium-cycles-above.txt";
constexpr const char* kTwice =
    "corpus/264-sbc-bench-style-radxa-zero-one-header-each-cipher-row-twice-executing-benchmark-"
    "twice-cluster.txt";
constexpr const char* kBashPrompt =
    "corpus/270-openssl-issue-8924-bold-markers-inside-openssl-rows-whitespace-collapsed-multi-8-"
    "taskset.txt";

// The line above a run names its machine only where it is a name: a
// summary of its figures ("302MB/s @1k", "81797 sha512's in 3.00s"), a
// command line ("taskset -c 0 openssl speed rsa2048 > f"), a title over its
// rule naming the results ("openssl 1.0.1k" over "====="), a sentence naming
// the benchmark, or a prompt without a host ("bash-4.2#") names none; a
// prompt running a file's printer names its host (`user@skywalker:~$ cat f`).
// A machine named by its CPU string is named as people write it.
TEST(ImportTypedNames, LinesAboveThatNameNoMachine) {
    const NameWant wants[] = {
        // (import's name_runs names the machine "Intel Pentium G630" as its label does)
        {"260 summary line, cpuinfo below", kGo, 0, "Intel-Pentium-G630", "",
         "cpu=Intel(R) Pentium(R) CPU G630 @ 2.70GHz mhz=1617.574", "aes-128-gcm", 1024,
         302066.69e3},
        {"262 command line, prompt above", kSession, 0, "skywalker 3.0.13", "skywalker", "",
         "rsa2048", 0, 28601 / 9.18, Operation::sign},
        {"270 prompt without a host", kBashPrompt, 0, "1.0.2o", "", "", "ecdsa-p384", 0, 5045.4,
         Operation::sign},
        {"summary of figures",
         "Pi 4\n\n302MB/s @1k\n\nOpenSSL 1.1.1k  25 Mar 2021\n"
         "type             16 bytes     64 bytes\n"
         "md5              1000.00k     2000.00k\n",
         0, "Pi-4 1.1.1k", "Pi 4", "", "md5", 16, 1000e3},
        {"a short line names it",
         "Pi 4\n\nOpenSSL 1.1.1k  25 Mar 2021\n"
         "type             16 bytes     64 bytes\n"
         "md5              1000.00k     2000.00k\n",
         0, "Pi-4 1.1.1k", "Pi 4", "", "md5", 16, 1000e3},
    };
    for (const auto& w : wants) expect_names(w);
    EXPECT_EQ(read_named(kGo).runs.size(), 1u);
    EXPECT_EQ(read_named(kSession).runs.size(), 1u);
    EXPECT_EQ(read_named(kSession).runs[0].measurements.size(), 70u);
}

// sbc-bench's "Executing benchmark twice": one header, each cipher's row
// printed twice in a row. The rows printed first are one run, those printed
// second its repeat, not four runs split where a name came again; the
// version line ", built on" names their version, the cluster their CPU.
TEST(ImportTypedNames, RowsPrintedTwiceInARowAreTwoRuns) {
    const NameWant wants[] = {
        {"264 first", kTwice, 0, "Cortex-A53 1.1.1w", "Cortex-A53", "cpu=Cortex-A53", "aes-128-cbc",
         16, 116163.84e3},
        {"264 first, last", kTwice, 0, "Cortex-A53 1.1.1w", "Cortex-A53", "cpu=Cortex-A53",
         "aes-256-cbc", 16384, 829789.53e3},
        {"264 second", kTwice, 1, "Cortex-A53 1.1.1w", "Cortex-A53", "cpu=Cortex-A53",
         "aes-128-cbc", 16, 116280.10e3},
        {"264 second, aes-192", kTwice, 1, "Cortex-A53 1.1.1w", "Cortex-A53", "cpu=Cortex-A53",
         "aes-192-cbc", 16384, 1016894.81e3},
        {"264 second, last", kTwice, 1, "Cortex-A53 1.1.1w", "Cortex-A53", "cpu=Cortex-A53",
         "aes-256-cbc", 16384, 838762.50e3},
    };
    for (const auto& w : wants) expect_names(w);
    import::Read read = read_named(kTwice);
    ASSERT_EQ(read.runs.size(), 2u);
    for (const speedlab::Run& run : read.runs) {
        EXPECT_EQ(run.measurements.size(), 18u);
        EXPECT_EQ(run.version, "OpenSSL 1.1.1w, built on 11 Sep 2023");
    }
    // A table printed whole twice is still two runs, each whole.
    import::Read whole = read_named(
        "OpenSSL 1.1.1k  25 Mar 2021\n"
        "type             16 bytes     64 bytes\n"
        "md5              1000.00k     2000.00k\n"
        "sha1             1100.00k     2100.00k\n"
        "md5              1010.00k     2010.00k\n"
        "sha1             1110.00k     2110.00k\n");
    ASSERT_EQ(whole.runs.size(), 2u);
    expect_figure(whole, 1, "md5", Operation::throughput, 16, 1010e3);
    expect_figure(whole, 1, "sha1", Operation::throughput, 64, 2110e3);
}
