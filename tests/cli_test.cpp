// The speedlab command end to end: exit codes, messages, formats, the store.
#include <fcntl.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_support.h"

using namespace speedlab::testing;

TEST_F(Cli, UnknownAlgorithmIsAUsageErrorListingValidNames) {
    auto r = run("run nosuchalg --no-store");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("unknown algorithm 'nosuchalg'"), std::string::npos);
    EXPECT_NE(r.err.find("valid names:"), std::string::npos);
    EXPECT_NE(r.err.find("rsa2048"), std::string::npos);
}

TEST_F(Cli, BadSecondsAndSizesAreUsageErrors) {
    EXPECT_EQ(run("run md5 --seconds 0 --no-store").code, 2);
    EXPECT_EQ(run("run md5 --bytes 0 --no-store").code, 2);
    EXPECT_EQ(run("run md5 --repeat -1 --no-store").code, 2);
    EXPECT_EQ(run("frobnicate").code, 2);
}

TEST_F(Cli, RunPrintsStoresAndRoundTripsMachineReadableOutput) {
    auto r = run("run md5 rsa512 --seconds 0.05 --bytes 16,64 --format mr --label quick");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("+H:16:64\n"), std::string::npos);
    EXPECT_NE(r.out.find("+F:3:md5:"), std::string::npos);
    EXPECT_NE(r.out.find("+F2:0:512:"), std::string::npos);
    auto parsed = speedlab::parse::parse_speed_text(r.out, "mr");
    ASSERT_EQ(parsed.runs.size(), 1u);
    EXPECT_GT(throughput(parsed.runs[0], "md5", 64), 0);
    EXPECT_NE(r.err.find("stored as run 1"), std::string::npos);
    auto shown = run("show quick --format json");
    ASSERT_EQ(shown.code, 0);
    auto j = nlohmann::json::parse(shown.out);
    EXPECT_EQ(j["source"], "measured");
    EXPECT_EQ(j["measurements"].size(), 4u);
    EXPECT_FALSE(j["machine"]["hostname"].get<std::string>().empty());
}

TEST_F(Cli, TextOutputHasTheOpensslLayout) {
    auto r = run("run md5 dsa512 --seconds 0.05 --bytes 16,64 --no-store");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("The 'numbers' are in 1000s of bytes per second processed."),
              std::string::npos);
    EXPECT_NE(r.out.find("type             16 bytes     64 bytes"), std::string::npos);
    EXPECT_NE(r.out.find("                  sign    verify    sign/s verify/s"), std::string::npos);
    EXPECT_NE(r.out.find("dsa  512 bits "), std::string::npos);
    // Its own output imports back.
    auto parsed = speedlab::parse::parse_speed_text(r.out, "text");
    ASSERT_EQ(parsed.runs.size(), 1u);
    EXPECT_EQ(parsed.runs[0].measurements.size(), 4u);
}

// Issue 23, item 25: an unreachable store is known before minutes of measuring.
TEST_F(Cli, UnwritableDatabaseIsFoundBeforeMeasuring) {
    std::string cmd = std::string(SPEEDLAB_BINARY) +
                      " --db /proc/speedlab/no/results.db run md5 --seconds 0.05 --bytes 64 >" +
                      (dir / "o").string() + " 2>" + (dir / "e").string();
    int status = std::system(cmd.c_str());
    EXPECT_EQ(WEXITSTATUS(status), 1);
    EXPECT_EQ(slurp((dir / "o").string()).find("md5"), std::string::npos);
    EXPECT_NE(slurp((dir / "e").string()).find("nothing measured"), std::string::npos);
    status = std::system((cmd + " --no-store").c_str());  // measuring without storing still works
    EXPECT_EQ(WEXITSTATUS(status), 0);
    EXPECT_NE(slurp((dir / "o").string()).find("md5"), std::string::npos);
}

TEST_F(Cli, ImportListCompare) {
    auto r = run("import " + fixture_path("seed000-redhat73-pcem.txt") + " " +
                 fixture_path("seed004-athlon-p3.txt"));
    ASSERT_EQ(r.code, 0) << r.err;
    auto list = run("list");
    EXPECT_NE(list.out.find("p-rh73 rh73 0.9.6b asm"), std::string::npos);
    EXPECT_NE(list.out.find("abrasd03 0.9.8e"), std::string::npos);
    auto cmp = run("compare 'p-rh73 rh73 0.9.6b engine #2' 'p-rh73 rh73 0.9.6b asm'");
    ASSERT_EQ(cmp.code, 0) << cmp.err;
    EXPECT_NE(cmp.out.find("2.162"), std::string::npos);
    EXPECT_NE(cmp.out.find("2.425"), std::string::npos);
    auto side =
        run("compare 'AMD-Athlontm-processor 0.9.8e' 'abrasd03 0.9.8e' --metrics "
            "dsa512.sign,aes-128-cbc@8192 --format csv");
    ASSERT_EQ(side.code, 0) << side.err;
    // Named by the words their labels do not share (issue 33).
    EXPECT_NE(side.out.find("dsa512.sign,18 AMD-Athlontm-processor,731.66"), std::string::npos)
        << side.out;
    auto html = run("compare 2 3 --format html -o " + (dir / "r.html").string());
    ASSERT_EQ(html.code, 0);
    EXPECT_NE(slurp((dir / "r.html").string()).find("<svg"), std::string::npos);
}

TEST_F(Cli, CompareNamesTheClosestRuns) {
    run("import " + fixture_path("seed004-athlon-p3.txt"));
    auto r = run("compare 'abrasd03 0.9.8e' 'abrasd03 0.9.9'");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("no run 'abrasd03 0.9.9': "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("; closest: abrasd03 0.9.8e, abrasd03 (machine)"), std::string::npos)
        << r.err;
    EXPECT_EQ(run("compare 1 2 --metrics md5@x").code, 2);
}

TEST_F(Cli, CompareWithNothingSharedFails) {
    run("import " + fixture_path("openssl-3.0-multi.txt") + " " +
        fixture_path("openssl-0.9.7-mr.txt"));
    auto r = run("compare 1 2");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("no figures in common"), std::string::npos);
}

TEST_F(Cli, ImportWithoutRunsOrOfBinaryIsBadData) {
    auto r = run("import " + fixture_path("seed003-sslcmp-i386-i486.txt"));
    EXPECT_EQ(r.code, 65);
    EXPECT_NE(r.err.find("seed003-sslcmp-i386-i486.txt:8: found a ratio table"), std::string::npos);
    std::ofstream((dir / "bin").string()) << std::string("Doing md5\n\0\1\2", 13);
    auto b = run("import " + (dir / "bin").string());
    EXPECT_EQ(b.code, 65);
    EXPECT_NE(b.err.find(":2: binary data"), std::string::npos) << b.err;
    EXPECT_EQ(run("list").out.find("seed"), std::string::npos);  // nothing stored
}

TEST_F(Cli, DryRunJsonStoresNothing) {
    auto r = run("import --dry-run --format json " + fixture_path("seed004-athlon-p3.txt"));
    ASSERT_EQ(r.code, 0);
    auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j.size(), 2u);
    EXPECT_EQ(j[0]["machine"]["cpu_vendor"], "AuthenticAMD");
    EXPECT_EQ(j[0]["source_sha256"].get<std::string>().size(), 64u);
    EXPECT_NE(run("list").out.find("no runs stored"), std::string::npos);
}

TEST_F(Cli, StdinImportAndVerboseUnusedLines) {
    std::string cmd = "cat " + fixture_path("seed000-redhat73-pcem.txt") + " | " + SPEEDLAB_BINARY +
                      " --db " + db() + " import - --verbose --label blog >/dev/null 2>" +
                      (dir / "e").string();
    ASSERT_EQ(WEXITSTATUS(std::system(cmd.c_str())), 0);
    std::string err = slurp((dir / "e").string());
    EXPECT_NE(err.find("<stdin>:"), std::string::npos);
    EXPECT_NE(err.find("hand-made summary table"), std::string::npos) << err;
    EXPECT_NE(run("list").out.find("blog-2"), std::string::npos);
}

TEST_F(Cli, InterruptedRunIsStoredAsPartial) {
    // Interrupted 0.3 s into the second figure: md5@64 has finished, md5@256 has not.
    int status = interrupted_at({"run", "md5", "sha1", "--seconds", "1", "--bytes", "64,256"},
                                "[  2/4]", 300);
    if (status == kNoTerminal) GTEST_SKIP() << "no pseudo-terminal here to watch the progress on";
    ASSERT_NE(status, -1) << "the progress line never showed the second figure";
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 130);
    auto shown = run("show 1 --format json");
    ASSERT_EQ(shown.code, 0) << shown.err;
    auto j = nlohmann::json::parse(shown.out);
    EXPECT_FALSE(j["complete"].get<bool>());
    EXPECT_EQ(j["measurements"].size(), 1u);
}

TEST_F(Cli, SysinfoDecodesSavedTextAndRefusesGarbage) {
    auto r = run("sysinfo --decode " + fixture_path("seed002-mandrake72-pcem.txt"));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("00:0e.0"), std::string::npos);
    EXPECT_NE(r.out.find("[10ec:8029] IRQ 9"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("[1274:1371] IRQ 10"), std::string::npos);
    EXPECT_NE(r.out.find("P54C Pentium"), std::string::npos);
    std::ofstream((dir / "junk.txt").string()) << "\n\nhello world\nnothing here\n";
    auto g = run("sysinfo --decode " + (dir / "junk.txt").string());
    EXPECT_EQ(g.code, 65);
    EXPECT_NE(g.err.find("junk.txt:3: expected /proc/cpuinfo"), std::string::npos) << g.err;
    EXPECT_NE(g.err.find("found 'hello world'"), std::string::npos);
    auto live = run("sysinfo --format json");
    ASSERT_EQ(live.code, 0);
    auto j = nlohmann::json::parse(live.out);
    EXPECT_FALSE(j["libcrypto"]["version"].get<std::string>().empty());
}

TEST_F(Cli, BogomipsCalibratesAndExplains) {
    auto r = run("bogomips --loop tsc --repeat 1");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("Calibrating delay loop... "), std::string::npos);
    EXPECT_NE(r.out.find(" BogoMIPS (lpj="), std::string::npos);
    EXPECT_EQ(run("bogomips --loop fast").code, 2);
    run("import " + fixture_path("seed001-redhat62-pcem.txt"));
    auto e = run("bogomips --explain 'p-rh62 0.9.5a'");
    ASSERT_EQ(e.code, 0) << e.err;
    EXPECT_NE(
        e.out.find("74.75 at 75.0 MHz, expected about 30.0 for a Pentium with the loop delay"),
        std::string::npos)
        << e.out;
}

TEST_F(Cli, BogomipsTableFactsAreExplainedWithoutAClock) {
    auto imported = run("import " + fixture_path("seed000-redhat73-pcem.txt"));
    ASSERT_EQ(imported.code, 0) << imported.err;
    EXPECT_NE(imported.out.find("  1 figure   BogoMips 29.80 of tilia under Linux 1.2.13"),
              std::string::npos)
        << imported.out;
    // Run 5: tilia's RedHat 6.2 row took 29.80 from the BogoMips table.
    auto tilia = run("bogomips --explain 5");
    ASSERT_EQ(tilia.code, 0) << tilia.err;
    EXPECT_NE(tilia.out.find("tilia, Linux 2.2.14: 29.80 with the loop delay means, by CPU: about "
                             "74.5 MHz on a Pentium (0.40 x MHz)"),
              std::string::npos)
        << tilia.out;
    EXPECT_NE(tilia.out.find("Vendor 2.2.14 kernels"), std::string::npos);
    // Runs 8-17: the table's facts, tilia then PCem per kernel; run 13 is PCem
    // under 2.2.14, PCem's own rule applies.
    auto pcem = run("bogomips --explain 13 --format json");
    ASSERT_EQ(pcem.code, 0) << pcem.err;
    auto j = nlohmann::json::parse(pcem.out);
    EXPECT_EQ(j["delay"], "loop delay");
    EXPECT_NE(j["text"].get<std::string>().find("an emulated clock of about 74.8 MHz"),
              std::string::npos)
        << j["text"];
    // Run 15: PCem under 2.2.17 (TSC delay): 149.50 / 2.
    j = nlohmann::json::parse(run("bogomips --explain 15 --format json").out);
    EXPECT_DOUBLE_EQ(j["implied_mhz"].get<double>(), 74.75);
    auto shown = run("show 8");
    EXPECT_NE(shown.out.find("note: BogoMips only: no openssl figures"), std::string::npos);
    EXPECT_NE(shown.out.find("\nBogoMips 29.80\n"), std::string::npos) << shown.out;
    EXPECT_NE(shown.out.find("bogomips: tilia, Linux 1.2.13: 29.80"), std::string::npos)
        << shown.out;
}

// A BogoMips table gives one run per machine and kernel whose one figure is
// `bogomips`; compare prints the seed's figures and their ratio, a mean of its own.
TEST_F(Cli, BogomipsTableRowsCompareAsFigures) {
    ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt")).code, 0);
    struct Case {
        std::string a, b, a_text, b_text, ratio;
    } cases[] = {
        {"8", "9", "29.80 BogoMips", "74.98 BogoMips", "2.516"},      // Linux 1.2.13
        {"12", "13", "29.80 BogoMips", "74.75 BogoMips", "2.508"},    // Linux 2.2.14
        {"16", "17", "148.68 BogoMips", "149.50 BogoMips", "1.006"},  // Linux 2.4.18
    };
    for (const auto& c : cases) {
        auto r = run("compare " + c.a + " " + c.b);
        ASSERT_EQ(r.code, 0) << r.err;
        EXPECT_NE(r.out.find("bogomips.score " + c.a_text + " " + c.b_text), std::string::npos)
            << r.out;
        EXPECT_NE(r.out.find(c.ratio), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("  BogoMips: geometric mean"), std::string::npos) << r.out;
    }
    auto j = nlohmann::json::parse(run("compare 8 9 --format json").out);
    ASSERT_EQ(j["bogomips"].size(), 1u) << j.dump();
    EXPECT_EQ(j["bogomips"][0]["algorithm"], "bogomips");
    // An openssl run and a BogoMips run share no figure.
    EXPECT_EQ(run("compare 7 17").code, 1);
}

TEST_F(Cli, CpuMaskIsRecordedAndMeasurable) {
    auto masked = run(
        "run aes-128-cbc --cpu-mask aesni --bytes 8192 --seconds 0.2 --label masked --format json");
    ASSERT_EQ(masked.code, 0) << masked.err;
    auto j = nlohmann::json::parse(masked.out);
    EXPECT_EQ(j["cpu_mask"], "aesni (OPENSSL_ia32cap=~0x200000000000000:~0)");
    EXPECT_NE(j["cpuinfo"].get<std::string>().find("env:~0x200000000000000:~0"), std::string::npos)
        << j["cpuinfo"];
    auto shown = nlohmann::json::parse(run("show masked --format json").out);
    EXPECT_EQ(shown["cpu_mask"], j["cpu_mask"]);
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string text((std::istreambuf_iterator<char>(cpuinfo)), std::istreambuf_iterator<char>());
    if (text.find(" aes ") != std::string::npos) {
        auto native = nlohmann::json::parse(
            run("run aes-128-cbc --bytes 8192 --seconds 0.2 --no-store --format json").out);
        double ratio = native["measurements"][0]["value"].get<double>() /
                       j["measurements"][0]["value"].get<double>();
        EXPECT_GT(ratio, 1.5) << "AES-NI should be worth far more than noise";
    }
    auto bad = run("run md5 --cpu-mask warp");
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("unknown CPU feature 'warp'; known: aesni"), std::string::npos);
}

TEST_F(Cli, MissingWrapperStoresNothing) {
    auto r = run("run md5 --under 'no-such-emulator -cpu x' --seconds 0.05");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("no-such-emulator"), std::string::npos);
    EXPECT_NE(r.err.find("nothing stored"), std::string::npos);
    auto failing = run("run md5 --under false --seconds 0.05");
    EXPECT_EQ(failing.code, 1);
    EXPECT_NE(failing.err.find("exited with status 1"), std::string::npos) << failing.err;
    EXPECT_NE(run("list").out.find("no runs stored"), std::string::npos);
}

TEST_F(Cli, WrapperIsRecordedAsThePlatform) {
    auto r = run("run md5 --bytes 64 --seconds 0.05 --under 'nice -n 1' --label wrapped");
    ASSERT_EQ(r.code, 0) << r.err;
    auto j = nlohmann::json::parse(run("show wrapped --format json").out);
    EXPECT_EQ(j["platform"], "nice -n 1");
    // A plain wrapper is no emulator: the machine stays what it is.
    EXPECT_NE(j["machine"]["kind"], "emulated");
    std::string evidence = j["machine"]["evidence"].dump();
    EXPECT_NE(evidence.find("measured under the wrapper 'nice -n 1'"), std::string::npos)
        << evidence;
}

TEST_F(Cli, QemuUserIsSlowerThanNativeForEveryFigure) {
    if (std::system("command -v qemu-x86_64 >/dev/null 2>&1") != 0)
        GTEST_SKIP() << "qemu-user is not installed";
    if (SPEEDLAB_SANITIZE_BUILD)
        GTEST_SKIP() << "an AddressSanitizer build cannot map its shadow memory under qemu-user";
    auto r =
        run("experiment emulator --under 'qemu-x86_64 -cpu Westmere' sha256 aes-128-cbc rsa1024 "
            "--seconds 0.2 "
            "--bytes 1024 --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    size_t cells = 0;
    for (const char* section : {"symmetric", "public_key"})
        for (const auto& row : j[section])
            for (const auto& c : row["cells"]) {
                if (c["ratio"].is_null()) continue;
                std::string col = c["column"];
                if (col == "sign" || col == "verify") continue;  // seconds columns: the inverse
                EXPECT_GT(c["ratio"].get<double>(), 1.0) << row["algorithm"] << " " << col;
                ++cells;
            }
    EXPECT_EQ(cells, 4u);
    auto list = run("list --format json");
    EXPECT_NE(list.out.find("qemu-x86_64 -cpu Westmere"), std::string::npos);
    auto emulated = nlohmann::json::parse(run("show 2 --format json").out);
    EXPECT_EQ(emulated["machine"]["kind"], "emulated");
    EXPECT_NE(emulated["machine"]["emulator"].get<std::string>().find("qemu-x86_64 version"),
              std::string::npos);
}

// Every level this machine can run is in the table; a level that cannot run
// (no 32-bit support in the kernel, no qemu-user) is listed with the reason and
// the table still prints.
TEST_F(Cli, IsaExperimentRunsEveryLevelItCanAndSaysWhyNot) {
    auto r = run("experiment isa --seconds 0.02");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("outputs identical at every level"), std::string::npos);
    EXPECT_NE(r.out.find("x86-64"), std::string::npos);
    EXPECT_NE(r.out.find("des-cbc"), std::string::npos);
    EXPECT_EQ(r.out.find("this CPU lacks it)\nnot run: x86-64-v3"), std::string::npos);
    auto isa = std::filesystem::path(SPEEDLAB_BINARY).parent_path() / "isa";
    if (!std::filesystem::exists(isa / "speedlab-kernels-i386")) return;
    bool native32 =
        std::system(
            (isa / "speedlab-kernels-i386").string().append(" 0.01 64 >/dev/null 2>&1").c_str()) ==
        0;
    if (!native32) {
        EXPECT_TRUE(r.out.find("i386*") != std::string::npos ||
                    r.out.find("not run: i386 (cannot run here: ") != std::string::npos)
            << r.out;
    }
}

// Where the kernel cannot run 32-bit programs the levels run under qemu-i386,
// marked as emulated. A stand-in qemu-i386 that runs the 64-bit build checks
// the fallback on any machine.
TEST_F(Cli, IsaExperimentFallsBackToQemuForLevelsTheKernelCannotRun) {
    auto isa = std::filesystem::path(SPEEDLAB_BINARY).parent_path() / "isa";
    if (!std::filesystem::exists(isa / "speedlab-kernels-i386"))
        GTEST_SKIP() << "32-bit levels not built (g++-multilib absent): no fallback to check";
    if (std::system(
            (isa / "speedlab-kernels-i386").string().append(" 0.01 64 >/dev/null 2>&1").c_str()) ==
        0)
        GTEST_SKIP() << "this kernel runs 32-bit programs: the emulator is never needed";
    auto bin = dir / "bin";
    std::filesystem::create_directories(bin);
    {
        std::ofstream q(bin / "qemu-i386");
        q << "#!/bin/sh\nexe=\"$1\"; shift\nexec \"$(dirname \"$exe\")/speedlab-kernels-x86-64\" "
             "\"$@\"\n";
    }
    std::filesystem::permissions(bin / "qemu-i386", std::filesystem::perms::owner_all);
    auto r = run("experiment isa --seconds 0.02 --format json", "PATH=" + bin.string() + ":$PATH");
    ASSERT_EQ(r.code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["baseline"], "i386");
    EXPECT_EQ(j["emulated"]["i686"], "qemu-i386");
    EXPECT_GT(j["bytes_per_second"]["md5"]["i386"].get<double>(), 0);
}

TEST_F(Cli, FeaturesExperimentMasksEachFeature) {
    auto r =
        run("experiment features aes-128-cbc --features aesni,avx2 --seconds 0.1 --label feat");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("aes-128-cbc@8192"), std::string::npos);
    EXPECT_NE(r.out.find("aesni"), std::string::npos);
    auto list = run("list");
    EXPECT_NE(list.out.find("feat-no-aesni"), std::string::npos);
    EXPECT_NE(list.out.find("feat-native"), std::string::npos);
    // Three rounds, the variants alternating: each figure has three samples.
    auto j = nlohmann::json::parse(run("show feat-no-avx2 --format json").out);
    EXPECT_EQ(j["measurements"][0]["samples"].size(), 3u);
    EXPECT_NE(j["notes"].back().get<std::string>().find("3 repetitions interleaved"),
              std::string::npos);
}

TEST_F(Cli, RepeatShowsStatisticsAndElapsedIsWallTime) {
    auto r = run("run md5 --repeat 3 --seconds 0.05 --bytes 64 --elapsed --label rep");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("timing: wall clock"), std::string::npos);
    EXPECT_NE(r.out.find("Repetitions (the tables show the median"), std::string::npos);
    EXPECT_NE(r.out.find("md5@64"), std::string::npos);
    auto j = nlohmann::json::parse(run("show rep --format json").out);
    EXPECT_EQ(j["timing"], "wall");
    EXPECT_EQ(j["measurements"][0]["samples"].size(), 3u);
    EXPECT_EQ(j["measurements"][0]["stats"]["n"], 3);
}

TEST_F(Cli, DefaultDatabaseFollowsXdgDataHome) {
    std::string cmd = "env -u SPEEDLAB_DB XDG_DATA_HOME=" + (dir / "xdg").string() + " " +
                      SPEEDLAB_BINARY + " import " + fixture_path("seed004-athlon-p3.txt") +
                      " >/dev/null 2>&1";
    ASSERT_EQ(WEXITSTATUS(std::system(cmd.c_str())), 0);
    EXPECT_TRUE(std::filesystem::exists(dir / "xdg" / "speedlab" / "results.db"));
    std::string env_cmd = "SPEEDLAB_DB=" + (dir / "env.db").string() + " " + SPEEDLAB_BINARY +
                          " import " + fixture_path("seed004-athlon-p3.txt") + " >/dev/null 2>&1";
    ASSERT_EQ(WEXITSTATUS(std::system(env_cmd.c_str())), 0);
    EXPECT_TRUE(std::filesystem::exists(dir / "env.db"));
}

TEST_F(Cli, ShowExplainsBogoMipsAndKeepsTheRawText) {
    run("import " + fixture_path("seed001-redhat62-pcem.txt"));
    auto shown = run("show 'p-rh62 0.9.5a'");
    ASSERT_EQ(shown.code, 0);
    EXPECT_NE(shown.out.find("bogomips: PCem, Linux 2.2.14-5.0: 74.75"), std::string::npos)
        << shown.out;
    auto raw = run("show 'p-rh62 0.9.5a' --raw");
    EXPECT_EQ(raw.out.rfind("Doing md5 for 3s on 8 size blocks: 304053 md5's in 3.00s", 0), 0u)
        << raw.out.substr(0, 200);
}

TEST_F(Cli, ShowRawPrintsTheLinesOfAHandTypedTableAndRefusesAMeasuredRun) {
    ASSERT_EQ(run("import " + fixture_path("seed001-redhat62-pcem.txt")).code, 0);
    // The BogoMips table typed at lines 176-183 of the seed is what its runs show.
    std::istringstream seed(slurp(fixture_path("seed001-redhat62-pcem.txt")));
    std::string table, line;
    for (int n = 1; std::getline(seed, line); ++n)
        if (n >= 176 && n <= 183) table += line + "\n";
    ASSERT_EQ(table.rfind("| Linux | tilia | PCem | |\n", 0), 0u) << table;
    for (const char* typed : {"'tilia linux-1.2.13 bogomips'", "'PCem linux-2.2.14 bogomips'"}) {
        auto raw = run(std::string("show ") + typed + " --raw");
        EXPECT_EQ(raw.code, 0) << raw.err;
        EXPECT_EQ(raw.out, table) << typed;
    }
    EXPECT_NE(run("show 'tilia linux-1.2.13 bogomips'").out.find("29.80"), std::string::npos);
    auto measured = run("run md5 --seconds 0.01 --bytes 16 --label quick");
    ASSERT_EQ(measured.code, 0) << measured.err;
    auto raw = run("show quick --raw");
    EXPECT_EQ(raw.code, 1);
    EXPECT_EQ(raw.out, "");
    EXPECT_NE(raw.err.find("was measured by speedlab: it has no source text"), std::string::npos)
        << raw.err;
}

TEST_F(Cli, ImportNamesRunsOneByOneAndRefusesTheSameTextTwice) {
    auto r = run("import --machine 1=athlon,2=p3 " + fixture_path("seed004-athlon-p3.txt"));
    ASSERT_EQ(r.code, 0) << r.err;
    auto list = run("list");
    EXPECT_NE(list.out.find("athlon / AMD Athlon"), std::string::npos) << list.out;
    EXPECT_NE(list.out.find("p3 / Pentium III"), std::string::npos) << list.out;
    auto again = run("import " + fixture_path("seed004-athlon-p3.txt"));
    EXPECT_EQ(again.code, 1);
    EXPECT_NE(again.err.find("was imported before (run 1; same sha256)"), std::string::npos);
    EXPECT_EQ(run("import --again " + fixture_path("seed004-athlon-p3.txt")).code, 0);
    EXPECT_EQ(run("import --machine 1= " + fixture_path("seed004-athlon-p3.txt")).code, 2);
}

TEST_F(Cli, EditDeleteAndListFilters) {
    ASSERT_EQ(run("import " + fixture_path("seed004-athlon-p3.txt")).code, 0);
    ASSERT_EQ(run("edit 1 --label athlon-800 --machine athlon").code, 0);
    auto j = nlohmann::json::parse(run("show athlon-800 --format json").out);
    EXPECT_EQ(j["machine"]["label"], "athlon");
    EXPECT_NE(run("list --machine athlon").out.find("athlon-800"), std::string::npos);
    EXPECT_EQ(run("list --machine athlon").out.find("abrasd03 0.9.8e"), std::string::npos);
    EXPECT_EQ(run("list --source measured").out.find("athlon-800"), std::string::npos);
    EXPECT_NE(run("list --since 2000-01-01").out.find("athlon-800"), std::string::npos);
    EXPECT_EQ(run("list --since yesterday").code, 2);
    EXPECT_EQ(run("edit 1").code, 2);
    // A delete naming one missing run deletes nothing.
    EXPECT_EQ(run("delete 1 99 --yes").code, 2);
    EXPECT_EQ(nlohmann::json::parse(run("list --format json").out).size(), 2u);
    EXPECT_EQ(run("delete 1 2 --yes").code, 0);
    EXPECT_NE(run("list").out.find("no runs stored"), std::string::npos);
}

TEST_F(Cli, OptionsBeforeOrAfterAlgorithmNamesAndCpuinfoSpellings) {
    auto r = run("run --bytes 64 md5 --seconds 0.05 --no-store --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["measurements"][0]["metric"], "md5@64");
    auto masked = run("run --cpu-mask aes,sha_ni md5 --bytes 64 --seconds 0.05 --no-store");
    ASSERT_EQ(masked.code, 0) << masked.err;
    EXPECT_NE(masked.out.find("md5"), std::string::npos);
}

// Issue 10: the report charts what at least two runs share, and only that.
TEST_F(Cli, HtmlReportChartsOnlySharedFigures) {
    ASSERT_EQ(run("import --machine 1=athlon,2=p3 " + fixture_path("seed004-athlon-p3.txt")).code,
              0);
    ASSERT_EQ(run("run md5 aes-128-cbc dsa512 --seconds 0.05 --bytes 16,8192 --label local").code,
              0);
    auto r = run("compare 1 2 3 --format html -o " + (dir / "r.html").string());
    ASSERT_EQ(r.code, 0) << r.err;
    std::string page = slurp((dir / "r.html").string());
    EXPECT_NE(page.find("aria-label=\"aes-128-cbc\""), std::string::npos);
    EXPECT_NE(page.find("aria-label=\"dsa512\""), std::string::npos);
    EXPECT_EQ(page.find("aria-label=\"md5\""), std::string::npos) << "only the local run has md5";
    EXPECT_NE(page.find("block size (bytes, log scale)"), std::string::npos);
    EXPECT_NE(page.find(">op/s (log scale)"), std::string::npos);  // dsa spans > 10x
    EXPECT_NE(page.find("colour key"), std::string::npos);
    EXPECT_NE(page.find("geometric mean of each run / baseline"), std::string::npos);
    EXPECT_NE(page.find("Thunderbird"), std::string::npos);  // the legend of runs
    EXPECT_EQ(page.find("http://"), std::string::npos) << "self-contained";
    EXPECT_EQ(page.find("https://"), std::string::npos) << "self-contained";
}

TEST_F(Cli, FeaturesExperimentFitsOneHundredTwentyColumns) {
    auto r =
        run("experiment features md5 --features aesni,pclmulqdq,ssse3,movbe,avx,avx2,bmi1,"
            "bmi2,adx --seconds 0.02 --bytes 16 --label wide");
    ASSERT_EQ(r.code, 0) << r.err;
    // Whether a second block is needed depends on how noisy the cells are
    // (tests/feature_table_test.cpp lays out both); every feature has a column.
    for (const char* f : {"aesni", "pclmulqdq", "avx2", "adx"})
        EXPECT_NE(r.out.find(std::string(" ") + f), std::string::npos) << f << "\n" << r.out;
    std::istringstream lines(r.out);
    // Columns, not bytes: "±" takes two bytes of UTF-8 and one column.
    auto columns = [](const std::string& l) {
        return std::count_if(l.begin(), l.end(), [](char c) { return (c & 0xC0) != 0x80; });
    };
    for (std::string line; std::getline(lines, line);) EXPECT_LE(columns(line), 120) << line;
    EXPECT_NE(r.out.find("95% interval"), std::string::npos);
}

// The seeds' own comparison: PCem's packaged RedHat 7.3 run against tilia's row.
TEST_F(Cli, PcemAgainstTiliaReadsLikeTheBlog) {
    ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt")).code, 0);
    auto r = run("compare 7 2 --metrics md5@8192,rsa4096.sign");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("7 tilia (baseline)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("6.24230 MB/s (+2.7%~)"), std::string::npos) << r.out;
    EXPECT_NE(run("compare 7 2 --metrics md5@8192 --units openssl").out.find("6242.30k (+2.7%~)"),
              std::string::npos);
    EXPECT_NE(r.out.find("0.0753/s"), std::string::npos) << "three significant digits";
    auto two = run("compare 7 2 --format json");
    auto j = nlohmann::json::parse(two.out);
    EXPECT_EQ(fmt::format("{:.3f}", j["symmetric"][0]["cells"][0]["ratio"].get<double>()), "1.027");
    // The same by the labels the import gave.
    j = nlohmann::json::parse(
        run("compare 'tilia rh73 0.9.6b' 'p-rh73 rh73 0.9.6b engine #2' --format json").out);
    EXPECT_EQ(fmt::format("{:.3f}", j["symmetric"][0]["cells"][0]["ratio"].get<double>()), "1.027");
}

// Imported runs are labelled from what the text says: machine, distribution,
// OpenSSL version, the build where two runs differ only by it; clashes get #2.
TEST_F(Cli, ImportedRunsHaveReadableUniqueLabels) {
    ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt")).code, 0);
    auto j = nlohmann::json::parse(run("list --limit 0 --format json").out);
    std::map<int64_t, std::string> labels;
    for (const auto& r : j) labels[r["id"].get<int64_t>()] = r["label"].get<std::string>();
    const std::pair<int64_t, std::string> want[] = {
        {1, "p-rh73 rh73 0.9.6b engine"},  {2, "p-rh73 rh73 0.9.6b engine #2"},
        {3, "p-rh73 rh73 0.9.6b asm"},     {4, "tilia rh52 0.9.2b"},
        {5, "tilia rh62 0.9.5a"},          {6, "tilia mdk72 0.9.5a"},
        {7, "tilia rh73 0.9.6b"},          {8, "tilia linux-1.2.13 bogomips"},
        {9, "PCem linux-1.2.13 bogomips"}, {17, "PCem linux-2.4.18 bogomips"}};
    for (const auto& [id, label] : want) EXPECT_EQ(labels[id], label) << id;
    ASSERT_EQ(run("import --again " + fixture_path("seed000-redhat73-pcem.txt")).code, 0);
    EXPECT_EQ(run("show 'tilia rh73 0.9.6b #2' --format json").code, 0);
    auto named = run("import --again --label mine " + fixture_path("seed004-athlon-p3.txt"));
    EXPECT_NE(named.out.find("mine-1 "), std::string::npos) << named.out;
}

namespace speedlab::testing {
// Issue 20: one import of the five seeds stores the runs of 000, 001, 002 and
// 004, refuses 003 (a ratio table) at its line, and exits 65; a second import
// stores nothing and says so for each file.
TEST_F(Cli, ImportOfTheSeedsKeepsGoingPastARatioTable) {
    std::string seeds = seed_paths();
    auto r = run("import" + seeds);
    EXPECT_EQ(r.code, 65) << r.err;
    EXPECT_NE(r.err.find("seed003-sslcmp-i386-i486.txt:8: found a ratio table"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("seed000-redhat73-pcem.txt: stored 17 run(s)"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("seed004-athlon-p3.txt: stored 2 run(s)"), std::string::npos) << r.err;
    // 001 and 002 repeat 000's tilia rows and BogoMips table: stored once (issue 20).
    EXPECT_NE(r.err.find("seed001-redhat62-pcem.txt: stored 2 run(s), skipped 11 already stored "
                         "(the file added as their source)"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("seed002-mandrake72-pcem.txt: stored 2 run(s), skipped 13 already stored"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("5 files: 23 run(s) stored; 0 file(s) skipped, 1 refused"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(run("list --limit 0 --format json").out.find("\"id\":24"), std::string::npos);
    auto again = run("import" + seeds);
    EXPECT_EQ(again.code, 65);
    EXPECT_NE(again.err.find("5 files: 0 run(s) stored; 4 file(s) skipped, 1 refused"),
              std::string::npos)
        << again.err;
    EXPECT_NE(again.err.find("seed004-athlon-p3.txt: was imported before (run 22; same sha256)"),
              std::string::npos)
        << again.err;
}
}  // namespace speedlab::testing
