#include "cli/child_run.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/json.h"

extern char** environ;

namespace speedlab::cli {

namespace {
// Ctrl-C while a child measures: the child gets it too (and is sent it, when
// only speedlab was signalled); the child prints its partial run and exits 130.
volatile sig_atomic_t g_child_pid = 0;
volatile sig_atomic_t g_interrupted = 0;
extern "C" void forward_interrupt(int sig) {
    g_interrupted = 1;
    if (g_child_pid > 0) kill(static_cast<pid_t>(g_child_pid), sig);
}

constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

// The environment with EXTRA's NAME=value in place of any NAME already set.
std::vector<std::string> environment_with(const std::vector<std::string>& extra) {
    auto name = [](std::string_view kv) { return kv.substr(0, kv.find('=') + 1); };
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e)
        if (std::none_of(extra.begin(), extra.end(),
                         [&](const std::string& x) { return name(x) == name(*e); }))
            env.push_back(*e);
    env.insert(env.end(), extra.begin(), extra.end());
    return env;
}

// posix_spawn's null-terminated array of pointers into STRINGS.
std::vector<char*> c_array(std::vector<std::string>& strings) {
    std::vector<char*> out;
    for (auto& s : strings) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

// Appends what FD holds to OUT, up to its end.
void read_all(int fd, std::string& out) {
    char buf[65536];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) != 0) {
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) break;
        out.append(buf, static_cast<size_t>(n));
    }
}

// Runs argv with stdout to a pipe and stderr to a temporary file.
ProgramOutput spawn(const std::vector<std::string>& argv,
                    const std::vector<std::string>& extra_env) {
    ProgramOutput o;
    int pipefd[2];
    if (pipe(pipefd) != 0) return o;
    char err_path[] = "/tmp/speedlab-child-XXXXXX";
    int errfd = mkstemp(err_path);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
    if (errfd >= 0) posix_spawn_file_actions_adddup2(&fa, errfd, 2);
    posix_spawn_file_actions_addclose(&fa, pipefd[0]);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    std::vector<std::string> arg_store = argv, env_store = environment_with(extra_env);
    std::vector<char*> args = c_array(arg_store), envp = c_array(env_store);
    // A child starts with the default action on the stop signals even where they
    // were ignored (a job started with `&`), so that a forwarded one ends it.
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int sig : kStopSignals) sigaddset(&defaults, sig);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
    pid_t pid = 0;
    int rc = posix_spawnp(&pid, args[0], &fa, &attr, args.data(), envp.data());
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    close(pipefd[1]);
    if (rc == 0) {
        o.started = true;
        g_child_pid = pid;
        read_all(pipefd[0], o.out);
        while (waitpid(pid, &o.status, 0) < 0 && errno == EINTR) {
        }
        g_child_pid = 0;
    } else {
        o.err = std::string(argv[0]) + ": " + std::strerror(rc);
    }
    close(pipefd[0]);
    if (errfd >= 0) {
        lseek(errfd, 0, SEEK_SET);
        read_all(errfd, o.err);
        close(errfd);
        unlink(err_path);
    }
    return o;
}
}  // namespace

bool ProgramOutput::exited_ok() const {
    return started && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

namespace {
// While a child runs, Ctrl-C (SIGINT, SIGTERM, SIGHUP, SIGQUIT) is forwarded to
// it and remembered; the handlers before are restored after.
ProgramOutput spawn_forwarding(const std::vector<std::string>& argv,
                               const std::vector<std::string>& env, bool& interrupted) {
    struct sigaction forward {};
    forward.sa_handler = forward_interrupt;
    sigemptyset(&forward.sa_mask);
    struct sigaction old[std::size(kStopSignals)];
    for (size_t k = 0; k < std::size(kStopSignals); ++k)
        sigaction(kStopSignals[k], &forward, &old[k]);
    ProgramOutput o = spawn(argv, env);
    for (size_t k = 0; k < std::size(kStopSignals); ++k)
        sigaction(kStopSignals[k], &old[k], nullptr);
    interrupted = g_interrupted != 0;
    return o;
}
}  // namespace

ProgramOutput run_interruptible(const std::vector<std::string>& argv, bool& interrupted) {
    return spawn_forwarding(argv, {}, interrupted);
}

std::vector<std::string> split_command(const std::string& command) {
    std::istringstream in(command);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string program_version(const std::string& program) {
    ProgramOutput o = spawn({program, "--version"}, {});
    if (!o.started) return {};
    return o.out.substr(0, o.out.find('\n'));
}

void record_wrapper(Run& run, const std::string& under) {
    auto words = split_command(under);
    if (words.empty()) return;
    run.platform = under;
    std::string program = std::filesystem::path(words.front()).filename().string();
    static constexpr std::string_view emulators[] = {"qemu-",    "bochs", "box64", "box86",
                                                     "valgrind", "fex",   "blink"};
    bool emulator = false;
    for (auto e : emulators) emulator = emulator || program.rfind(e, 0) == 0;
    if (!emulator) {
        run.machine.edit().evidence.push_back("measured under the wrapper '" + under + "'");
        return;
    }
    std::string version = program_version(words.front());
    Machine& m = run.machine.edit();
    m.kind = MachineKind::emulated;
    m.emulator = under + (version.empty() ? "" : " (" + version + ")");
    m.evidence = {"measured under the emulator '" + under + "'"};
}

void follow_parent_death() {
    const char* parent = std::getenv("SPEEDLAB_PARENT_PID");
    if (!parent) return;
    // The death of the direct parent: speedlab, or a wrapper that forked (sh -c).
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    char* end = nullptr;
    long pid = std::strtol(parent, &end, 10);
    // Gone before prctl took hold: nobody will read what this run prints.
    if (end != parent && *end == '\0' && pid > 1 && kill(static_cast<pid_t>(pid), 0) != 0 &&
        errno == ESRCH)
        _exit(1);
    unsetenv("SPEEDLAB_PARENT_PID");
}

ChildResult run_child(const ChildRun& child) {
    ChildResult r;
    std::error_code ec;
    std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    if (ec) {
        r.why = "cannot find speedlab's own executable: " + ec.message();
        return r;
    }
    std::vector<std::string> argv = child.wrapper;
    argv.push_back(self);
    argv.push_back("run");
    argv.insert(argv.end(), child.run_args.begin(), child.run_args.end());
    for (const char* a : {"--format", "json", "--no-store"}) argv.push_back(a);
    std::vector<std::string> env{"SPEEDLAB_PARENT_PID=" + std::to_string(getpid())};
    if (!child.ia32cap.empty()) env.push_back("OPENSSL_ia32cap=" + child.ia32cap);
    bool forwarded = false;
    ProgramOutput o = spawn_forwarding(argv, env, forwarded);
    r.interrupted = forwarded || (WIFEXITED(o.status) && WEXITSTATUS(o.status) == 130);
    std::string who = child.wrapper.empty() ? "speedlab run" : "'" + child.wrapper.front() + "'";
    if (!o.started) {
        r.why = o.err + " (is it installed?)";
        return r;
    }
    bool partial = r.interrupted && WIFEXITED(o.status) && WEXITSTATUS(o.status) == 130;
    if (!partial && (!WIFEXITED(o.status) || WEXITSTATUS(o.status) != 0)) {
        r.why = who + (WIFEXITED(o.status)
                           ? " exited with status " + std::to_string(WEXITSTATUS(o.status))
                           : " was killed by signal " + std::to_string(WTERMSIG(o.status)));
        if (!o.err.empty()) r.why += ":\n" + o.err;
        return r;
    }
    try {
        r.run = run_from_json(nlohmann::json::parse(o.out));
    } catch (const std::exception& e) {
        r.why = who + " printed no run: " + e.what();
    }
    return r;
}

}  // namespace speedlab::cli
