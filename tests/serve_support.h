#pragma once
// A real `speedlab serve` process on 127.0.0.1 and raw sockets to talk to it:
// what a hostile client sends is bytes, not what an HTTP library would send.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace speedlab::testing {

// speedlab --db DB serve --listen 127.0.0.1:0, its port read from its first line.
class ServeProcess {
  public:
    explicit ServeProcess(const std::string& db) {
        int out[2];
        if (pipe(out) != 0) return;
        pid_ = fork();
        if (pid_ == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlives a test that crashed
            dup2(out[1], 1);
            close(out[0]), close(out[1]);
            execl(SPEEDLAB_BINARY, "speedlab", "--db", db.c_str(), "serve", "--listen",
                  "127.0.0.1:0", static_cast<char*>(nullptr));
            _exit(127);
        }
        close(out[1]);
        std::string seen;
        for (int waited = 0; waited < 30000 && seen.find('\n') == std::string::npos; waited += 50) {
            pollfd p{out[0], POLLIN, 0};
            if (poll(&p, 1, 50) <= 0) continue;
            char buf[512];
            ssize_t n = read(out[0], buf, sizeof buf);
            if (n <= 0) break;
            seen.append(buf, size_t(n));
        }
        out_ = out[0];
        auto colon = seen.find("127.0.0.1:");
        if (colon != std::string::npos) port_ = std::stoi(seen.substr(colon + 10));
    }
    ~ServeProcess() {
        if (pid_ > 0 && status_ < 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
        if (out_ >= 0) close(out_);
    }
    int port() const { return port_; }
    pid_t pid() const { return pid_; }
    // Sends SIG and waits up to LIMIT_MS for the exit: its status, -1 if it ran on.
    int signal_and_wait(int sig, int limit_ms) {
        kill(pid_, sig);
        for (int waited = 0; waited < limit_ms; waited += 10) {
            int status = 0;
            if (waitpid(pid_, &status, WNOHANG) == pid_) return status_ = status;
            usleep(10000);
        }
        return -1;
    }
    // The server's peak resident memory in kB (VmHWM).
    long peak_kb() const {
        std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
        for (std::string line; std::getline(in, line);)
            if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
        return -1;
    }

  private:
    pid_t pid_ = -1;
    int port_ = 0, out_ = -1, status_ = -1;
};

// A connection to 127.0.0.1:PORT, -1 if none.
inline int connect_to(int port) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET, a.sin_port = htons(uint16_t(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

inline bool send_text(int fd, const std::string& bytes) {
    return send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL) == ssize_t(bytes.size());
}

// Reads FD until the server closes it or LIMIT_MS pass.
inline std::string read_to_close(int fd, int limit_ms) {
    std::string seen;
    auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
    while (std::chrono::steady_clock::now() < until) {
        pollfd p{fd, POLLIN, 0};
        if (poll(&p, 1, 50) <= 0) continue;
        char buf[65536];
        ssize_t n = recv(fd, buf, sizeof buf, 0);
        if (n <= 0) break;
        seen.append(buf, size_t(n));
    }
    return seen;
}

// Whether the server closes FD (reading what comes) within LIMIT_MS.
inline bool closed_within(int fd, int limit_ms) {
    auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
    while (std::chrono::steady_clock::now() < until) {
        pollfd p{fd, POLLIN, 0};
        if (poll(&p, 1, 50) <= 0) continue;
        char buf[4096];
        if (recv(fd, buf, sizeof buf, 0) <= 0) return true;
    }
    return false;
}

// Reads every one of FDS until the server closes it or LIMIT_MS pass.
inline std::vector<std::string> read_all_to_close(const std::vector<int>& fds, int limit_ms) {
    std::vector<std::string> seen(fds.size());
    std::vector<bool> open(fds.size(), true);
    auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
    while (std::chrono::steady_clock::now() < until) {
        std::vector<pollfd> p;
        for (size_t i = 0; i < fds.size(); ++i)
            if (open[i]) p.push_back({fds[i], POLLIN, 0});
        if (p.empty()) break;
        if (poll(p.data(), p.size(), 50) <= 0) continue;
        for (const auto& q : p) {
            if (!q.revents) continue;
            size_t i = size_t(std::find(fds.begin(), fds.end(), q.fd) - fds.begin());
            char buf[4096];
            ssize_t n = recv(q.fd, buf, sizeof buf, 0);
            if (n <= 0)
                open[i] = false;
            else
                seen[i].append(buf, size_t(n));
        }
    }
    return seen;
}

// BYTES sent on a new connection, and all the server answers until it closes.
inline std::string http_exchange(int port, const std::string& bytes, int limit_ms = 10000) {
    int fd = connect_to(port);
    if (fd < 0) return "";
    send_text(fd, bytes);
    std::string out = read_to_close(fd, limit_ms);
    close(fd);
    return out;
}

struct Answer {
    int status = 0;
    std::map<std::string, std::string> headers;  // names in lower case
    std::string body;
};

// The answers in BYTES, one after another (each with a Content-Length).
inline std::vector<Answer> answers_in(std::string bytes) {
    std::vector<Answer> out;
    while (bytes.starts_with("HTTP/1.1 ")) {
        auto end = bytes.find("\r\n\r\n");
        if (end == std::string::npos) break;
        Answer a;
        a.status = std::stoi(bytes.substr(9, 3));
        size_t at = bytes.find("\r\n") + 2;
        while (at < end) {
            auto nl = bytes.find("\r\n", at), colon = bytes.find(':', at);
            std::string name = bytes.substr(at, colon - at);
            for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
            a.headers[name] = bytes.substr(colon + 2, nl - colon - 2);
            at = nl + 2;
        }
        size_t length =
            a.headers.count("content-length") ? std::stoul(a.headers["content-length"]) : 0;
        a.body = bytes.substr(end + 4, length);
        bytes.erase(0, end + 4 + length);
        out.push_back(std::move(a));
    }
    return out;
}

}  // namespace speedlab::testing
