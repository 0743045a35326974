// A table under a shell prompt that runs another program is that program's
// (issue 34, MISSES.md section 16): which program a prompt runs, and that the
// parser imports nothing of what another program printed in openssl's
// layout. The prompts are those of the corpus's texts (their numbers).
#include "parse/shell_command.h"

#include <gtest/gtest.h>

#include <string>

#include "parse/speed_parser.h"

namespace speedlab {
namespace {

using Runs = parse::ShellCommand::Runs;

struct PromptCase {
    const char* name;
    const char* line;
    bool prompt;
    Runs runs;
    const char* program;  // another program's, as typed
};

TEST(ParseShellCommand, WhichProgramAPromptRuns) {
    const PromptCase cases[] = {
        {"tiber's own", "$ ./target/release/tiber-bench", true, Runs::other,
         "./target/release/tiber-bench"},
        {"a build", "$ cargo build --release --bin tiber-bench", true, Runs::other, "cargo"},
        {"go (006)",
         "linaro@linaro-alip:~/gopath/src/github.com/minio/blake2b-simd$ go test -bench .", true,
         Runs::other, "go"},
        {"botan (164)", "$ ./botan speed --msec=3000 AES-128", true, Runs::other, "./botan"},
        {"tcrypt (090)", "root@ok62xx:~# insmod /lib/modules/`uname -r`/kernel/crypto/tcrypt.ko",
         true, Runs::other, "insmod"},
        {"wrapped other", "$ sudo LD_LIBRARY_PATH=/opt/lib nice -n 5 ./aes-bench", true,
         Runs::other, "./aes-bench"},
        {"plain", "$ openssl speed -evp aes-128-cbc", true, Runs::openssl, ""},
        {"time (025)", "$ time ./apps/openssl speed -seconds 3 ecdhp256", true, Runs::openssl, ""},
        {"taskpolicy (031)",
         "$ taskpolicy -c background bash -c \"DYLD_LIBRARY_PATH=. apps/openssl speed -evp "
         "sha3-256\"",
         true, Runs::openssl, ""},
        {"opensslwrap (009)",
         "[openssl-1.0.0d]# OPENSSL_CONF=apps/openssl.cnf util/opensslwrap.sh speed aes-256-cbc",
         true, Runs::openssl, ""},
        {"openSUSE root (153)", "linux-rmw4:/usr/local/bin # ./openssl speed -elapsed rsa2048",
         true, Runs::openssl, ""},
        {"tongsuo (071)",
         "root@PC:~/tongsuo/Tongsuo-8.4.0/examples/perf/tsm# /usr/local/bin/tongsuo speed sm4",
         true, Runs::openssl, ""},
        {"numactl", "$ numactl --cpunodebind=0 ./openssl speed -evp aes-128-gcm", true,
         Runs::openssl, ""},
        {"qemu", "$ qemu-aarch64 -L /usr/aarch64-linux-gnu ./apps/openssl speed sha256", true,
         Runs::openssl, ""},
        {"macOS", "box:~ me$ openssl speed md5", true, Runs::openssl, ""},
        {"sh (009)", "sh# openssl speed aes-256-cbc", true, Runs::openssl, ""},
        {"a file's text (057)", "root@it:~# cat /proc/cpuinfo", true, Runs::neutral, ""},
        {"a loop (039)", "root@monkey:~# while true", true, Runs::neutral, ""},
        {"a script", "$ ./run-speed.sh", true, Runs::neutral, ""},
        {"a heading", "# Benchmarking", false, Runs::neutral, ""},
        {"a price", "It costs $ 5 a month", false, Runs::neutral, ""},
        {"a CPU (032)", "Intel Core (Haswell, no TSX) @ 32x 2.993GHz", false, Runs::neutral, ""},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        auto command = parse::shell_command(c.line);
        ASSERT_EQ(command.has_value(), c.prompt);
        if (!command) continue;
        EXPECT_EQ(command->runs, c.runs);
        EXPECT_EQ(command->program, c.program);
    }
}

// tiber's README (corpus 154): tiber-bench prints openssl's layout.
constexpr const char* kTiber =
    "$ ./target/release/tiber-bench\n"
    "Doing AES-128-CBC ops for 3s on 16 size blocks: ...\n"
    "...\n"
    "type                 16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
    "bytes\n"
    "AES-128-CBC         79357.15k    81382.50k    81584.27k    81831.01k    81720.39k    "
    "81889.64k\n";
constexpr const char* kOpenssl =
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128-cbc     616478.02k  1418600.58k  2103000.00k  2341000.00k  2400000.00k  "
    "2410000.00k\n";

struct OutputCase {
    const char* name;
    std::string text;
    size_t figures;  // openssl's, all of one run; 0: nothing imported
};

TEST(ParseShellCommand, AnotherProgramsOutputIsNotImported) {
    const OutputCase cases[] = {
        {"alone", std::string(kTiber) + "```\n", 0},
        {"then openssl's prompt",
         std::string(kTiber) + "$ openssl speed -evp aes-128-cbc\n" + kOpenssl, 6},
        {"then a fence and openssl's",
         std::string("```\n") + kTiber + "```\n\n```\n" + kOpenssl + "```\n", 6},
        {"a file printed", std::string("$ cat speed.txt\n") + kOpenssl, 6},
        {"through a wrapper",
         std::string("$ taskset -c 2 openssl speed -evp aes-128-cbc\n") + kOpenssl, 6},
        // A program of the user's that runs openssl prints openssl's own
        // version and build lines, which a copy of the layout does not.
        {"a program printing openssl's own header",
         std::string("$ ./bench\nversion: 3.0.2\nbuilt on: built on: Tue Jul  4 12:00:00 "
                     "2023 UTC\noptions: bn(64,64)\ncompiler: gcc -O3\n") +
             kOpenssl,
         6},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        auto parsed = parse::parse_speed_text(c.text, "t.md");
        size_t figures = 0;
        for (const auto& run : parsed.runs) {
            figures += run.measurements.size();
            for (const auto& m : run.measurements) EXPECT_GT(m.value, 1e8) << "tiber's figure";
        }
        EXPECT_EQ(figures, c.figures);
        if (c.figures == 0) {  // the refusal names the program at its output's first line
            EXPECT_EQ(parsed.closest_what,
                      "output of ./target/release/tiber-bench (the command at line 1), not of "
                      "openssl: not imported");
        }
    }
}

}  // namespace
}  // namespace speedlab
