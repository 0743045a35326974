// run --multi: N processes at once, as openssl speed -multi.
#include "bench/multi.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {
Measurement figure_of(const std::string& id, Operation op, int64_t bytes, double value,
                      int64_t count) {
    Measurement m;
    m.algorithm = id;
    m.operation = op;
    m.parameter = bytes;
    m.value = value;
    m.count = count;
    m.seconds = 1;
    return m;
}
}  // namespace

TEST(Multi, EachFigureIsTheSumOfWhatEveryProcessFinished) {
    speedlab::Run a, b;
    a.measurements = {figure_of("md5", Operation::throughput, 64, 100, 10),
                      figure_of("rsa2048", Operation::sign, 0, 5, 5)};
    b.measurements = {figure_of("md5", Operation::throughput, 64, 120, 12)};
    b.complete = false;  // interrupted before rsa2048
    speedlab::Run sum = bench::sum_processes({a, b});
    EXPECT_EQ(sum.processes, 2);
    ASSERT_EQ(sum.measurements.size(), 1u);  // rsa2048 only one process finished
    EXPECT_DOUBLE_EQ(sum.measurements[0].value, 220);
    EXPECT_EQ(sum.measurements[0].samples, (std::vector<double>{100, 120}));
    EXPECT_EQ(sum.measurements[0].count, 22);
    EXPECT_FALSE(sum.complete);
}

TEST_F(Cli, MultiRunSumsItsProcessesAndItsRecordsImportBack) {
    auto r = run("run md5 rsa512 --bytes 64,1024 --seconds 0.05 --multi 2 --label two");
    ASSERT_EQ(r.code, 0) << r.err;
    auto j = nlohmann::json::parse(run("show two --format json").out);
    EXPECT_EQ(j.at("processes"), 2);
    EXPECT_EQ(j.at("timing"), "wall");
    ASSERT_EQ(j.at("measurements").size(), 4u);
    for (const auto& m : j.at("measurements")) {
        auto samples = m.at("samples").get<std::vector<double>>();
        ASSERT_EQ(samples.size(), 2u) << m.dump();
        EXPECT_DOUBLE_EQ(m.at("value").get<double>(), samples[0] + samples[1]) << m.dump();
    }
    EXPECT_NE(run("show two").out.find("2 processes at once (figures are their sums)"),
              std::string::npos);
    EXPECT_NE(run("list").out.find("[2 processes]"), std::string::npos);

    auto mr = run("show two --format mr");
    EXPECT_NE(mr.out.find("Got: +H:64:1024 from 1"), std::string::npos) << mr.out;
    std::ofstream((dir / "two.mr").string()) << mr.out;
    auto back = run("import --dry-run --format json " + (dir / "two.mr").string());
    ASSERT_EQ(back.code, 0) << back.err;
    auto runs = nlohmann::json::parse(back.out);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].at("processes"), 2);
    for (const auto& m : j.at("measurements")) {
        bool found = false;
        for (const auto& n : runs[0].at("measurements"))
            if (n.at("metric") == m.at("metric")) {
                found = true;
                // -mr prints two decimals (rates) or six (public key): equal to that.
                EXPECT_NEAR(n.at("value").get<double>(), m.at("value").get<double>(), 0.01);
                EXPECT_EQ(n.at("samples").size(), 2u);
            }
        EXPECT_TRUE(found) << m.at("metric");
    }
}

TEST_F(Cli, MultiMeetingASingleProcessRunIsNoted) {
    ASSERT_EQ(run("run md5 --bytes 64 --seconds 0.05 --multi 2 --label two").code, 0);
    ASSERT_EQ(run("run md5 --bytes 64 --seconds 0.05 --label one").code, 0);
    auto r = run("compare one two");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE((r.out + r.err).find("processes differ"), std::string::npos) << r.out << r.err;
}

TEST_F(Cli, MultiOutsideOneTo1024IsAUsageError) {
    for (const char* n : {"0", "1025", "two", "-1"}) {
        auto r = run(std::string("run md5 --multi ") + n + " --no-store");
        EXPECT_EQ(r.code, 2) << n << ": " << r.err;
        EXPECT_NE(r.err.find("--multi"), std::string::npos) << r.err;
    }
    EXPECT_EQ(run("run md5 --multi 2 --under 'nice -n 1' --no-store").code, 2);
}

TEST_F(Cli, AProcessThatDiesIsAFailureNotAnInterruption) {
    std::string dbpath = db(), err = (dir / "err").string();
    pid_t pid = fork();
    if (pid == 0) {
        int out = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(out, 2);
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        execl(SPEEDLAB_BINARY, "speedlab", "--db", dbpath.c_str(), "run", "md5", "--seconds", "1",
              "--bytes", "64,256", "--multi", "2", static_cast<char*>(nullptr));
        _exit(127);
    }
    // Kill one of the two measuring processes once both have started.
    pid_t victim = 0;
    for (int tries = 0; tries < 100 && !victim; ++tries) {
        usleep(50000);
        auto found = children_of(pid);
        if (found.size() == 2) victim = found[1];
    }
    ASSERT_NE(victim, 0) << "no child processes seen";
    usleep(300000);
    kill(victim, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1) << slurp(err);
    EXPECT_NE(slurp(err).find("was killed by signal 9"), std::string::npos) << slurp(err);
}

TEST_F(Cli, InterruptedMultiRunKeepsWhatEveryProcessFinished) {
    // Interrupted 0.3 s into the second figure of the first process (which draws
    // the progress line): md5@64 has finished in both processes, timed on the wall
    // clock from forks a moment apart. The parent alone gets Ctrl-C and passes it on.
    int status = interrupted_at(
        {"run", "md5", "sha1", "--seconds", "1", "--bytes", "64,256", "--multi", "2"}, "[  2/4]",
        300);
    if (status == kNoTerminal) GTEST_SKIP() << "no pseudo-terminal here to watch the progress on";
    ASSERT_NE(status, -1) << "the progress line never showed the second figure";
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 130);
    auto shown = run("show 1 --format json");
    ASSERT_EQ(shown.code, 0) << shown.err;
    auto j = nlohmann::json::parse(shown.out);
    EXPECT_FALSE(j["complete"].get<bool>());
    EXPECT_EQ(j["processes"], 2);
    ASSERT_GE(j["measurements"].size(), 1u);
    EXPECT_EQ(j["measurements"][0]["metric"], "md5@64");
    EXPECT_EQ(j["measurements"][0]["samples"].size(), 2u);
}

// Issue 23 item 15: `kill -9` of speedlab leaves none of its measuring
// processes running, whether forked (--multi) or spawned (--cpu-mask).
TEST_F(Cli, KilledParentLeavesNoMeasuringProcess) {
    for (const char* how : {"--multi", "--cpu-mask"}) {
        std::string dbpath = db();
        pid_t pid = fork();
        if (pid == 0) {
            int null = open("/dev/null", O_WRONLY);
            dup2(null, 1);
            dup2(null, 2);
            if (std::string(how) == "--multi")
                execl(SPEEDLAB_BINARY, "speedlab", "--db", dbpath.c_str(), "run", "md5", "sha1",
                      "--seconds", "1", "--multi", "2", static_cast<char*>(nullptr));
            else
                execl(SPEEDLAB_BINARY, "speedlab", "--db", dbpath.c_str(), "run", "md5", "sha1",
                      "--seconds", "1", "--cpu-mask", "aesni", static_cast<char*>(nullptr));
            _exit(127);
        }
        std::vector<pid_t> found;
        for (int tries = 0; tries < 200 && found.empty(); ++tries) {
            usleep(50000);
            found = children_of(pid);
        }
        ASSERT_FALSE(found.empty()) << how << ": no measuring process seen";
        usleep(300000);
        kill(pid, SIGKILL);
        waitpid(pid, nullptr, 0);
        for (pid_t child : found) {
            bool gone = false;
            for (int tries = 0; tries < 100 && !gone; ++tries) {
                gone = !alive(child);
                if (!gone) usleep(50000);
            }
            EXPECT_TRUE(gone) << how << ": process " << child << " still runs";
        }
    }
}
