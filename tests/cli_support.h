#pragma once
// The speedlab command run end to end from a test, on a database of its own.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <csignal>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.h"

namespace speedlab::testing {

struct Result {
    int code = -1;
    std::string out, err;
};

inline std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

class Cli : public ::testing::Test {
  protected:
    std::filesystem::path dir;
    void SetUp() override {
        dir = std::filesystem::temp_directory_path() /
              ("speedlab-cli-" + std::to_string(getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    void TearDown() override { std::filesystem::remove_all(dir); }
    std::string db() const { return (dir / "results.db").string(); }

    // Runs speedlab with ARGS (shell words) on the test's database; `prefix`
    // goes before the command (environment, ulimit).
    Result run(const std::string& args, const std::string& prefix = "") const {
        std::string out = (dir / "out.txt").string(), err = (dir / "err.txt").string();
        std::string cmd = prefix + " " + std::string(SPEEDLAB_BINARY) + " --db " + db() + " " +
                          args + " >" + out + " 2>" + err + " </dev/null";
        int status = std::system(cmd.c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
    }

    // Starts speedlab with ARGS on the test's database, sends SIGINT to it
    // (not to its group) after `ms` milliseconds; its exit status.
    int interrupted_after(std::vector<std::string> args, int ms) const {
        std::string dbpath = db();
        args.insert(args.begin(), {"speedlab", "--db", dbpath});
        pid_t pid = fork();
        if (pid == 0) {
            int null = open("/dev/null", O_WRONLY);
            dup2(null, 1);
            dup2(null, 2);
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(SPEEDLAB_BINARY, argv.data());
            _exit(127);
        }
        usleep(static_cast<useconds_t>(ms) * 1000);
        kill(pid, SIGINT);
        int status = 0;
        waitpid(pid, &status, 0);
        return status;
    }
};

}  // namespace speedlab::testing
