#include "bench/multi.h"

#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <nlohmann/json.hpp>

#include "bench/combine.h"
#include "bench/timer.h"
#include "core/json.h"

namespace speedlab::bench {

namespace {

void write_all(int fd, const std::string& text) {
    size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        done += static_cast<size_t>(n);
    }
}

// In the child: measure, send the outcome as JSON, and leave without running
// the parent's exit handlers or flushing its buffers.
[[noreturn]] void child_main(const RunOptions& options, int fd) {
    RunOutcome out = run_benchmarks(options);
    nlohmann::json j{
        {"interrupted", out.interrupted}, {"failures", out.failures}, {"run", to_json(out.run)}};
    write_all(fd, compact_json_text(j));
    ::close(fd);
    _exit(0);
}

struct Child {
    pid_t pid = -1;
    int fd = -1;
    std::string output;
};

// Reads every child's pipe to its end; Ctrl-C in the parent is passed on once.
void read_children(std::vector<Child>& children) {
    bool forwarded = false;
    for (;;) {
        std::vector<pollfd> fds;
        for (auto& c : children)
            if (c.fd >= 0) fds.push_back({c.fd, POLLIN, 0});
        if (fds.empty()) return;
        if (::poll(fds.data(), fds.size(), 200) < 0 && errno != EINTR) return;
        if (interrupt_requested() && !forwarded) {
            forwarded = true;
            for (auto& c : children) ::kill(c.pid, SIGINT);
        }
        for (auto& c : children) {
            if (c.fd < 0) continue;
            char buf[65536];
            pollfd one{c.fd, POLLIN, 0};
            if (::poll(&one, 1, 0) <= 0) continue;
            ssize_t n = ::read(c.fd, buf, sizeof buf);
            if (n > 0) {
                c.output.append(buf, static_cast<size_t>(n));
            } else if (n == 0 || errno != EINTR) {
                ::close(c.fd);
                c.fd = -1;
            }
        }
    }
}

std::string ended_how(int status) {
    if (WIFSIGNALED(status)) return fmt::format("was killed by signal {}", WTERMSIG(status));
    return fmt::format("exited with status {}", WEXITSTATUS(status));
}

}  // namespace

RunOutcome run_processes(const RunOptions& options, int processes) {
    std::vector<Child> children(static_cast<size_t>(processes));
    RunOutcome out;
    for (int i = 0; i < processes; ++i) {
        int p[2];
        if (::pipe(p) != 0) {
            out.failures.push_back("cannot create a pipe for process " + std::to_string(i));
            break;
        }
        std::fflush(nullptr);
        pid_t parent = ::getpid();
        pid_t pid = ::fork();
        if (pid == 0) {
            // A parent killed with SIGKILL must not leave its measuring processes running.
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (::getppid() != parent) ::_exit(1);  // it died before prctl took hold
            ::close(p[0]);
            for (int k = 0; k < i; ++k) ::close(children[static_cast<size_t>(k)].fd);
            RunOptions mine = options;
            if (i != 0) mine.on_progress = nullptr;  // one progress line, from the first
            child_main(mine, p[1]);
        }
        ::close(p[1]);
        if (pid < 0) {
            ::close(p[0]);
            out.failures.push_back("cannot start process " + std::to_string(i));
            break;
        }
        children[static_cast<size_t>(i)] = {pid, p[0], {}};
    }
    std::erase_if(children, [](const Child& c) { return c.pid < 0; });
    read_children(children);
    std::vector<Run> runs;
    for (size_t i = 0; i < children.size(); ++i) {
        int status = 0;
        while (::waitpid(children[i].pid, &status, 0) < 0 && errno == EINTR) {
        }
        try {
            auto j = nlohmann::json::parse(children[i].output);
            out.interrupted = out.interrupted || j.at("interrupted").get<bool>();
            for (const auto& f : j.at("failures")) out.failures.push_back(f.get<std::string>());
            runs.push_back(run_from_json(j.at("run")));
        } catch (const std::exception&) {
            out.failures.push_back(
                fmt::format("process {} {} without results", i, ended_how(status)));
        }
    }
    // A process that died is a failure (its message is in `failures`), not
    // an interruption: the run is partial, the sum is of those that reported.
    bool partial = static_cast<int>(runs.size()) != processes;
    out.run = runs.empty() ? Run{} : sum_processes(runs);
    if (out.interrupted || partial) out.run.complete = false;
    if (partial && !runs.empty())
        out.run.notes.push_back(fmt::format(
            "{} of {} processes reported: the figures are their sum", runs.size(), processes));
    return out;
}

Run sum_processes(const std::vector<Run>& per_process) {
    Run sum = per_process.front();
    sum.measurements.clear();
    sum.processes = static_cast<int>(per_process.size());
    sum.complete = true;
    for (const auto& all : shared_figures(per_process)) {  // a figure all processes finished
        Measurement m = *all.front();
        m.value = 0;
        m.count = 0;
        m.seconds = 0;
        m.samples.clear();
        for (const Measurement* x : all) {
            m.value += x->value;
            *m.count += x->count.value_or(0);
            m.seconds = std::max(*m.seconds, x->seconds.value_or(0));
            m.samples.push_back(x->value);
        }
        sum.measurements.push_back(std::move(m));
    }
    for (const auto& run : per_process) sum.complete = sum.complete && run.complete;
    sum.notes.push_back(
        fmt::format("{} processes at once (openssl speed -multi): each figure is the sum of the "
                    "processes' figures, its samples the per-process figures",
                    per_process.size()));
    return sum;
}

}  // namespace speedlab::bench
