#include "serve/http_server.h"

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace speedlab::serve {

namespace {
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;
constexpr int kWorkers = 16;
constexpr size_t kMostConnections = 512;  // then the one waiting longest is dropped
constexpr auto kHeadDeadline = 10s;       // for a whole head (and body) to arrive
constexpr auto kIdle = 5s;                // for a connection to say anything
constexpr auto kWriteDeadline = 10s;      // for an answer to be taken
constexpr auto kLinger = 2s;              // reading what follows a last answer
constexpr size_t kChunk = 16 * 1024;

struct Conn {
    int fd = -1;
    std::string in;                           // bytes read and not yet answered
    Clock::time_point since;                  // waiting for the next head since
    bool heard = false;                       // a byte of that head came
    bool eof = false;                         // the client will send nothing more
    size_t discard = 0;                       // body bytes still to read and ignore
    std::optional<Head> head;                 // read, waiting for its body or a worker
    bool busy = false;                        // with a worker (the loop leaves it alone)
    bool close = false;                       // answered; to be closed, not kept
    std::optional<Clock::time_point> linger;  // closing: input read and dropped until then
};
using ConnPtr = std::shared_ptr<Conn>;

// Writes all of BYTES before the deadline; false when the client did not take them.
bool send_all(int fd, std::string_view bytes, const std::atomic<bool>& stopping) {
    auto deadline = Clock::now() + kWriteDeadline;
    while (!bytes.empty()) {
        ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            bytes.remove_prefix(size_t(n));
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return false;
        if (stopping || Clock::now() >= deadline) return false;
        pollfd p{fd, POLLOUT, 0};
        ::poll(&p, 1, 200);
    }
    return true;
}

bool wants_json(const std::string& target) {
    return target.find("format=json") != std::string::npos;
}
}  // namespace

struct HttpServer::Impl {
    Handler handler;
    int listener = -1, port = 0, wake[2] = {-1, -1};
    std::atomic<bool> stopping{false};
    std::map<int, ConnPtr> conns;  // the loop's own
    std::mutex mutex;              // guards jobs, done, closing
    std::condition_variable ready;
    std::deque<ConnPtr> jobs;   // a whole request read, to answer
    std::vector<ConnPtr> done;  // answered, back to the loop
    bool closing = false;
    Clock::time_point accept_again;  // out of file descriptors or room: not before

    void loop();
    void work();
    void answer(Conn& c);
    void accept_all();
    void read_from(const ConnPtr& c);
    void advance(const ConnPtr& c);
    void refuse(const ConnPtr& c, int status, const std::string& why, bool json);
    void drop(int fd);
    void linger(const ConnPtr& c);
    void take_back();
    void sweep();
    void finish(std::vector<std::thread>& workers);
};

HttpServer::HttpServer(Handler handler) : impl_(std::make_unique<Impl>()) {
    impl_->handler = std::move(handler);
    if (::pipe2(impl_->wake, O_NONBLOCK | O_CLOEXEC) != 0) impl_->wake[0] = impl_->wake[1] = -1;
}

HttpServer::~HttpServer() {
    for (int fd : {impl_->listener, impl_->wake[0], impl_->wake[1]})
        if (fd >= 0) ::close(fd);
}

std::string HttpServer::bind(const std::string& host, int port) {
    addrinfo hints{}, *found = nullptr;
    hints.ai_family = AF_UNSPEC, hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    std::string service = std::to_string(port);
    if (int rc =
            ::getaddrinfo(host.empty() ? nullptr : host.c_str(), service.c_str(), &hints, &found))
        return "cannot resolve '" + host + "': " + ::gai_strerror(rc);
    int error = 0;
    for (addrinfo* a = found; a && impl_->listener < 0; a = a->ai_next) {
        int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (fd < 0) {
            error = errno;
            continue;
        }
        int yes = 1;  // SO_REUSEADDR only: SO_REUSEPORT would share a port in use
        ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, SOMAXCONN) == 0) {
            impl_->listener = fd;
        } else {
            error = errno;
            ::close(fd);
        }
    }
    ::freeaddrinfo(found);
    if (impl_->listener < 0) return std::strerror(error ? error : EADDRNOTAVAIL);
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    ::getsockname(impl_->listener, reinterpret_cast<sockaddr*>(&addr), &len);
    impl_->port =
        ntohs(addr.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&addr)->sin6_port
                                         : reinterpret_cast<sockaddr_in*>(&addr)->sin_port);
    return {};
}

int HttpServer::port() const {
    return impl_->port;
}

void HttpServer::serve() {
    if (impl_->listener < 0 || impl_->wake[0] < 0) return;
    std::vector<std::thread> workers;
    for (int i = 0; i < kWorkers; ++i) workers.emplace_back([this] { impl_->work(); });
    impl_->loop();
    impl_->finish(workers);
}

void HttpServer::stop() {
    impl_->stopping = true;
    if (impl_->wake[1] >= 0) [[maybe_unused]]
        auto n = ::write(impl_->wake[1], "x", 1);
}

// The loop: every connection not being answered, the listener and the wake pipe.
void HttpServer::Impl::loop() {
    std::vector<pollfd> fds;
    while (!stopping) {
        fds.clear();
        fds.push_back({wake[0], POLLIN, 0});
        fds.push_back({listener, short(Clock::now() >= accept_again ? POLLIN : 0), 0});
        for (const auto& [fd, c] : conns)
            if (!c->busy) fds.push_back({fd, POLLIN, 0});
        if (::poll(fds.data(), fds.size(), 250) < 0 && errno != EINTR) break;
        if (fds[0].revents) {
            char sink[64];
            while (::read(wake[0], sink, sizeof sink) > 0) {
            }
            take_back();
        }
        for (size_t i = 2; i < fds.size(); ++i)
            if (fds[i].revents)
                if (auto it = conns.find(fds[i].fd); it != conns.end()) read_from(it->second);
        if (fds[1].revents & POLLIN) accept_all();
        sweep();
    }
}

void HttpServer::Impl::accept_all() {
    for (;;) {
        if (conns.size() >= kMostConnections) {
            // Full: the connection waiting longest for its head makes room.
            ConnPtr oldest;
            for (const auto& [fd, c] : conns)
                if (!c->busy && (!oldest || c->since < oldest->since)) oldest = c;
            if (!oldest) {  // every one is being answered: new ones wait in the backlog
                accept_again = Clock::now() + 50ms;
                return;
            }
            drop(oldest->fd);
        }
        int fd = ::accept4(listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EMFILE || errno == ENFILE) accept_again = Clock::now() + 50ms;
            return;
        }
        auto c = std::make_shared<Conn>();
        c->fd = fd, c->since = Clock::now();
        conns.emplace(fd, c);
    }
}

void HttpServer::Impl::read_from(const ConnPtr& c) {
    char buffer[kChunk];
    ssize_t n = ::recv(c->fd, buffer, sizeof buffer, 0);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
    if (c->linger) {
        if (n <= 0) drop(c->fd);
        return;
    }
    if (n <= 0) {
        c->eof = true;  // a request sent before the client's half-close is still answered
        if (n < 0 || c->in.empty()) return drop(c->fd);
    } else {
        c->in.append(buffer, size_t(n));
        c->heard = true;
    }
    advance(c);
    if (c->eof && !c->busy && conns.count(c->fd)) drop(c->fd);
}

// Reads what the buffer holds: a head, then its body (ignored); a whole
// request goes to a worker. What cannot be a request is refused and closed.
void HttpServer::Impl::advance(const ConnPtr& c) {
    for (;;) {
        size_t skip = std::min(c->discard, c->in.size());
        c->in.erase(0, skip), c->discard -= skip;
        if (c->discard > 0) return;
        if (c->head) {  // whole: to a worker
            c->busy = true;
            {
                std::lock_guard lock(mutex);
                jobs.push_back(c);
            }
            ready.notify_one();
            return;
        }
        c->in.erase(0, std::min(c->in.size(), c->in.find_first_not_of("\r\n")));  // blank lines
        size_t end = head_end(c->in);
        if (end == std::string::npos) {
            if (c->in.find('\n') == std::string::npos && c->in.size() > kMostRequestLine)
                return refuse(c, 414, "its request line is longer than 8 KiB", false);
            if (c->in.size() > kMostHead)
                return refuse(c, 431, "its head is longer than 16 KiB", false);
            return;
        }
        Head h = parse_head(std::string_view(c->in).substr(0, end));
        c->in.erase(0, end);
        if (h.refused) return refuse(c, h.refused, h.why, wants_json(h.target));
        c->discard = h.body;
        c->head = std::move(h);
    }
}

// Answers STATUS at once, as far as the socket takes it without waiting, and closes.
void HttpServer::Impl::refuse(const ConnPtr& c, int status, const std::string& why, bool json) {
    std::string bytes = wire(refusal(status, why, json), false, false);
    [[maybe_unused]] auto n =
        ::send(c->fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    linger(c);
}

// Closes after a last answer: the end of output is sent at once, but what the
// client sends meanwhile is read for a while, so that a close with unread
// input (a reset) does not destroy the answer before the client reads it.
void HttpServer::Impl::linger(const ConnPtr& c) {
    ::shutdown(c->fd, SHUT_WR);
    c->linger = Clock::now() + kLinger;
    c->in.clear(), c->head.reset();
}

void HttpServer::Impl::drop(int fd) {
    ::close(fd);
    conns.erase(fd);
}

// Connections the workers answered: closed, or waiting for their next head
// (which a pipelining client may have sent already).
void HttpServer::Impl::take_back() {
    std::vector<ConnPtr> back;
    {
        std::lock_guard lock(mutex);
        back.swap(done);
    }
    for (auto& c : back) {
        c->busy = false;
        if (c->close) {
            linger(c);
            continue;
        }
        c->since = Clock::now(), c->heard = !c->in.empty();
        advance(c);
    }
}

// Connections past their deadline: silent ones closed, slow heads answered 408.
void HttpServer::Impl::sweep() {
    auto now = Clock::now();
    std::vector<ConnPtr> late;
    for (const auto& [fd, c] : conns)
        if (!c->busy &&
            (c->linger ? now > *c->linger
                       : now - c->since > kHeadDeadline || (!c->heard && now - c->since > kIdle)))
            late.push_back(c);
    for (const auto& c : late) {
        if (c->heard && !c->linger)
            refuse(c, 408, "its head did not arrive in full within 10 s", false);
        else
            drop(c->fd);
    }
}

void HttpServer::Impl::work() {
    for (;;) {
        ConnPtr c;
        {
            std::unique_lock lock(mutex);
            ready.wait(lock, [this] { return closing || !jobs.empty(); });
            if (closing) return;
            c = std::move(jobs.front());
            jobs.pop_front();
        }
        answer(*c);
        {
            std::lock_guard lock(mutex);
            done.push_back(std::move(c));
        }
        [[maybe_unused]] auto n = ::write(wake[1], "x", 1);
    }
}

void HttpServer::Impl::answer(Conn& c) {
    const Head& h = *c.head;
    Request request = request_for(h.target);
    request.method = h.method;
    Response r;
    try {
        r = handler(request);
    } catch (const std::exception&) {
        r = refusal(500, "the server failed to make its page", wants_json(h.target));
    }
    bool keep = h.keep_alive && !c.eof && !stopping;
    bool sent = send_all(c.fd, wire(r, keep, h.method == "HEAD"), stopping);
    c.head.reset();
    c.close = !sent || !keep;
}

// After stop(): connections being answered are cut, the workers end, every socket closes.
void HttpServer::Impl::finish(std::vector<std::thread>& workers) {
    {
        std::lock_guard lock(mutex);
        closing = true;
    }
    ready.notify_all();
    for (const auto& [fd, c] : conns) ::shutdown(fd, SHUT_RDWR);
    for (auto& t : workers) t.join();
    for (const auto& [fd, c] : conns) ::close(fd);
    conns.clear(), jobs.clear(), done.clear();
    ::close(listener);
    listener = -1;
}

}  // namespace speedlab::serve
