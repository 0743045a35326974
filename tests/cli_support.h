#pragma once
// The speedlab command run end to end from a test, on a database of its own.
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.h"

namespace speedlab::testing {

// The processes whose parent is `parent`, from /proc/PID/stat (field 4).
inline std::vector<pid_t> children_of(pid_t parent) {
    std::vector<pid_t> out;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::string name = entry.path().filename();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream in(entry.path() / "stat");
        std::string stat;
        try {  // libstdc++ throws where the process ended meanwhile (read: ESRCH)
            stat.assign(std::istreambuf_iterator<char>(in), {});
        } catch (const std::ios_base::failure&) {
            continue;
        }
        auto close = stat.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(stat.substr(close + 1));
        std::string state;
        pid_t ppid = 0;
        if (rest >> state >> ppid && ppid == parent) out.push_back(std::stoi(name));
    }
    std::sort(out.begin(), out.end());
    return out;
}

// Whether PID runs (a zombie waiting for its new parent to reap it does not).
inline bool alive(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), {});
    auto close = stat.rfind(')');
    return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] != 'Z' &&
           stat[close + 2] != 'X';
}

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

    static constexpr int kNoTerminal = -2;  // see interrupted_at

    // Starts speedlab with ARGS on the test's database, its stderr a terminal so
    // that it draws its progress line; once that line shows `mark` (a figure
    // begun), waits `ms` milliseconds and sends `sig` (SIGINT unless told) to it,
    // not to its group.
    // Waiting for the mark, not for a time, keeps a busy machine from moving the
    // interruption to another figure. Its exit status, -1 if `mark` never came,
    // or kNoTerminal if this machine has no pseudo-terminal to give it.
    int interrupted_at(std::vector<std::string> args, const std::string& mark, int ms,
                       int sig = SIGINT) const {
        return acted_on_at(std::move(args), mark, ms, [sig](pid_t pid) { kill(pid, sig); });
    }

    // As interrupted_at, but stops it (SIGSTOP) for `stop_ms` milliseconds and
    // lets it go on (SIGCONT) to the end.
    int stopped_at(std::vector<std::string> args, const std::string& mark, int ms,
                   int stop_ms) const {
        return acted_on_at(std::move(args), mark, ms, [stop_ms](pid_t pid) {
            kill(pid, SIGSTOP);
            usleep(static_cast<useconds_t>(stop_ms) * 1000);
            kill(pid, SIGCONT);
        });
    }

  private:
    // Starts speedlab with ARGS on a terminal, calls `act` with its process
    // `ms` milliseconds after `mark` showed, and reads the terminal to the end.
    template <class Act>
    int acted_on_at(std::vector<std::string> args, const std::string& mark, int ms, Act act) const {
        std::string dbpath = db();
        args.insert(args.begin(), {"speedlab", "--db", dbpath});
        int master = -1;
        pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
        if (pid == 0) {
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(SPEEDLAB_BINARY, argv.data());
            _exit(127);
        }
        if (pid < 0) return kNoTerminal;
        std::string seen;
        bool marked = read_until(master, seen, mark);
        if (marked) usleep(static_cast<useconds_t>(ms) * 1000);
        act(pid);
        read_until(master, seen, "");  // drain until it closes the terminal
        close(master);
        int status = 0;
        waitpid(pid, &status, 0);
        return marked ? status : -1;
    }

    // Reads FD into SEEN until it holds NEEDLE (true), or until end of input or
    // 120 s (false; an empty needle reads to the end).
    static bool read_until(int fd, std::string& seen, const std::string& needle) {
        for (int waited = 0; waited < 120000; waited += 100) {
            if (!needle.empty() && seen.find(needle) != std::string::npos) return true;
            pollfd p{fd, POLLIN, 0};
            if (poll(&p, 1, 100) <= 0) continue;
            char buf[4096];
            ssize_t n = read(fd, buf, sizeof buf);
            if (n <= 0) return false;  // EIO once the other side has closed
            seen.append(buf, static_cast<size_t>(n));
        }
        return false;
    }
};

}  // namespace speedlab::testing
