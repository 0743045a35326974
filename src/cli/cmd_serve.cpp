// speedlab serve: the store's runs, machines and comparisons as web pages,
// read-only, until Ctrl-C.
#include <fmt/format.h>
#include <netdb.h>
#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <thread>

#include "cli/commands.h"
#include "cli/reference_source.h"
#include "serve/http_server.h"
#include "serve/site.h"
#include "store/database.h"

namespace speedlab::cli {

namespace {
struct Listen {
    std::string host = "127.0.0.1";
    int port = 8080;
};

// "HOST:PORT", "[::1]:PORT", ":PORT" (loopback) or "PORT".
Listen parse_listen(const std::string& text) {
    Listen l;
    std::string port = text;
    if (auto colon = text.rfind(':'); colon != std::string::npos) {
        std::string host = text.substr(0, colon);
        if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
            host = host.substr(1, host.size() - 2);
        if (!host.empty()) l.host = host;
        port = text.substr(colon + 1);
    }
    if (port.empty() || port.size() > 5 ||
        port.find_first_not_of("0123456789") != std::string::npos || std::stoi(port) > 65535) {
        throw Error(
            ErrorKind::usage,
            "--listen: expected HOST:PORT with a port from 0 to 65535, found '" + text + "'");
    }
    l.port = std::stoi(port);
    return l;
}

// Why HOST names no address to listen on ("" when it names one): the library
// says only "Invalid argument" of a host it cannot resolve.
std::string unresolvable(const std::string& host) {
    addrinfo hints{}, *found = nullptr;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    int rc = getaddrinfo(host.c_str(), nullptr, &hints, &found);
    if (rc == 0) {
        freeaddrinfo(found);
        return {};
    }
    return fmt::format("the host '{}' has no address here ({})", host, gai_strerror(rc));
}

bool loopback(const std::string& host) {
    return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

// Ctrl-C, SIGTERM and SIGHUP stop the server: a thread waits for them, as
// the others (the library's) must never run a handler.
int serve_until_signal(serve::HttpServer& server) {
    sigset_t set;
    sigemptyset(&set);
    for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&set, s);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    std::atomic<int> caught{0};
    std::thread waiter([&] {
        int sig = 0;
        sigwait(&set, &sig);
        caught = sig;
        server.stop();
    });
    server.serve();
    if (caught == 0) pthread_kill(waiter.native_handle(), SIGTERM);  // wakes the waiter
    waiter.join();
    return caught == 0 ? Exit::failure : Exit::ok;
}
}  // namespace

Command add_serve(CLI::App& app, Global& global) {
    auto listen = std::make_shared<std::string>("127.0.0.1:8080");
    app.add_option("--listen", *listen,
                   "address and port to serve on (default 127.0.0.1:8080; :0 picks a free port; "
                   "0.0.0.0:PORT serves every network)");
    auto reference = std::make_shared<std::string>();
    add_reference_option(app, *reference);
    return [listen, reference, &global]() -> int {
        auto where = parse_listen(*listen);
        // Opened here first, so a store that cannot be read is refused before listening.
        store::Database db(global.database_path(), store::Access::read);
        std::string location = global.database_path();
        serve::Site site([location] {
            return std::make_unique<store::Database>(location, store::Access::read);
        });
        if (auto why = unresolvable(where.host); !why.empty())
            throw Error(ErrorKind::io, fmt::format("cannot listen on {}: {}", *listen, why));
        site.set_reference(site_reference(*reference));
        serve::HttpServer server([&site](const serve::Request& r) { return site.handle(r); });
        if (auto why = server.bind(where.host, where.port); !why.empty())
            throw Error(ErrorKind::io, fmt::format("cannot listen on {}: {}", *listen, why));
        std::string host =
            where.host.find(':') != std::string::npos ? "[" + where.host + "]" : where.host;
        fmt::print("speedlab serve: http://{}:{}/ (the runs of {}; read-only; Ctrl-C stops)\n",
                   host, server.port(), db.where());
        if (!loopback(where.host))
            fmt::print(stderr,
                       "warning: serving on {}, not only to this machine: anyone who reaches it "
                       "reads every run; docs/serve.md puts it behind a proxy with a password\n",
                       where.host);
        std::fflush(stdout);
        return serve_until_signal(server);
    };
}

}  // namespace speedlab::cli
