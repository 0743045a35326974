// Issue 31, items 3 and 27: `experiment isa` stops on Ctrl-C to its process
// group, even when started with SIGINT ignored (a shell's `&`), and SIGQUIT
// (Ctrl-\) ends a run as Ctrl-C does.
#include <fcntl.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "cli_support.h"

using namespace speedlab::testing;

namespace {
using Clock = std::chrono::steady_clock;

// Starts speedlab ARGS in a process group of its own with SIGINT ignored, as a
// non-interactive shell starts a job with `&`; stdout and stderr to files.
pid_t start_in_own_group(const std::vector<std::string>& args, const std::string& out,
                         const std::string& err) {
    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGINT, SIG_IGN);
        int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(o, 1), dup2(e, 2);
        std::vector<char*> argv{const_cast<char*>(SPEEDLAB_BINARY)};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(SPEEDLAB_BINARY, argv.data());
        _exit(127);
    }
    setpgid(pid, pid);
    return pid;
}

// Waits up to `limit` for PID; its status, or -1 (then it is killed).
int wait_for(pid_t pid, std::chrono::milliseconds limit) {
    auto until = Clock::now() + limit;
    int status = 0;
    while (Clock::now() < until) {
        if (waitpid(pid, &status, WNOHANG) == pid) return status;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    kill(-pid, SIGKILL);
    waitpid(pid, &status, 0);
    return -1;
}
}  // namespace

// 3. Ctrl-C to the group during `experiment isa --seconds 1`: exit 130 within
// a second or so, the levels finished printed, the one interrupted named.
TEST_F(Cli, IsaExperimentStopsOnCtrlCToItsGroup) {
    auto isa = std::filesystem::path(SPEEDLAB_BINARY).parent_path() / "isa";
    if (!std::filesystem::exists(isa / "speedlab-kernels-x86-64"))
        GTEST_SKIP() << "the kernel levels are not built";
    std::string out = (dir / "out").string(), err = (dir / "err").string();
    // Interrupted 0.3 s into the second level it runs (x86-64 and v2 run on any
    // x86-64 CPU), seen as the second kernels program it starts.
    pid_t pid = start_in_own_group(
        {"--db", db(), "experiment", "isa", "--seconds", "0.2", "--bytes", "1024"}, out, err);
    std::set<std::string> programs;
    for (auto until = Clock::now() + std::chrono::seconds(60);
         programs.size() < 2 && Clock::now() < until;
         std::this_thread::sleep_for(std::chrono::milliseconds(10))) {
        try {  // /proc changes while it is read: a process may end meanwhile
            for (pid_t child : children_of(pid)) {
                std::error_code ec;
                auto exe =
                    std::filesystem::read_symlink("/proc/" + std::to_string(child) + "/exe", ec);
                if (!ec && exe.filename().string().rfind("speedlab-kernels-", 0) == 0)
                    programs.insert(exe.filename().string());
            }
        } catch (const std::filesystem::filesystem_error&) {
        }
    }
    ASSERT_EQ(programs.size(), 2u) << "the second level never started";
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    auto sent = Clock::now();
    kill(-pid, SIGINT);
    int status = wait_for(pid, std::chrono::seconds(20));
    auto took = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - sent);
    ASSERT_NE(status, -1) << "still running 20 s after Ctrl-C";
    EXPECT_LT(took.count(), 2500) << "a second, with room for a loaded machine";
    ASSERT_TRUE(WIFEXITED(status)) << "killed by the signal instead of stopping";
    EXPECT_EQ(WEXITSTATUS(status), 130) << slurp(err);
    std::string text = slurp(out);
    EXPECT_NE(text.find("outputs identical at every level"), std::string::npos) << text;
    EXPECT_NE(text.find("(interrupted)"), std::string::npos) << text;
    EXPECT_NE(slurp(err).find("interrupted: "), std::string::npos) << slurp(err);
}

// 27. Ctrl-\ (SIGQUIT) during `run` stores the figures done, exit 130, as Ctrl-C.
TEST_F(Cli, QuitSignalEndsTheRunAsAnInterruption) {
    int status =
        interrupted_at({"run", "md5", "--elapsed", "--seconds", "1", "--bytes", "64,256,1024"},
                       "[  2/3]", 300, SIGQUIT);
    if (status == kNoTerminal) GTEST_SKIP() << "no pseudo-terminal here to watch the progress on";
    ASSERT_NE(status, -1) << "the progress line never showed the second figure";
    ASSERT_TRUE(WIFEXITED(status)) << "killed by SIGQUIT instead of ending the run";
    EXPECT_EQ(WEXITSTATUS(status), 130);
    auto j = nlohmann::json::parse(run("show 1 --format json").out);
    EXPECT_FALSE(j["complete"].get<bool>());
    EXPECT_EQ(j["measurements"].size(), 1u) << "md5@64 finished before Ctrl-\\";
}
