#include "serve/http_server.h"

#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>

namespace speedlab::serve {

namespace {
constexpr size_t kThreads = 16, kMostHeaders = 100;
constexpr time_t kReadTimeout = 5, kWriteTimeout = 10, kKeepAlive = 2;  // seconds

void answer(const Handler& handler, const httplib::Request& in, httplib::Response& out) {
    Request request = request_for(in.target);
    request.method = in.method;
    Response r = handler(request);
    out.status = r.status;
    for (const auto& [name, value] : r.headers) out.set_header(name, value);
    out.set_header("X-Content-Type-Options", "nosniff");
    out.set_header("Referrer-Policy", "no-referrer");
    out.set_content(std::move(r.body), r.content_type);
}
}  // namespace

struct HttpServer::Impl {
    httplib::Server server;
    int port = 0;
    int socket = -1;  // the listening socket, once made
};

HttpServer::HttpServer(Handler handler) : impl_(std::make_unique<Impl>()) {
    auto& s = impl_->server;
    // SO_REUSEADDR only: the library's default also sets SO_REUSEPORT, which
    // would let a second server share a port that is in use.
    s.set_socket_options([impl = impl_.get()](int sock) {
        int yes = 1;
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        impl->socket = sock;
    });
    s.new_task_queue = [] { return new httplib::ThreadPool(kThreads); };
    s.set_read_timeout(kReadTimeout, 0);
    s.set_write_timeout(kWriteTimeout, 0);
    s.set_keep_alive_timeout(kKeepAlive);
    s.set_payload_max_length(64 * 1024);  // no page takes a body
    auto h = [handler](const httplib::Request& in, httplib::Response& out) {
        answer(handler, in, out);
    };
    s.Get(".*", h);  // HEAD too: the library answers it from GET without the body
    s.Post(".*", h);
    s.Put(".*", h);
    s.Patch(".*", h);
    s.Delete(".*", h);
    s.Options(".*", h);
    // More headers than any browser sends: refused before a page is made.
    s.set_pre_routing_handler([](const httplib::Request& in, httplib::Response& out) {
        if (in.headers.size() <= kMostHeaders) return httplib::Server::HandlerResponse::Unhandled;
        out.status = 431;
        return httplib::Server::HandlerResponse::Handled;
    });
    // What the library refuses itself (a request line too long, a malformed request).
    s.set_error_handler([](const httplib::Request&, httplib::Response& out) {
        if (out.body.empty())
            out.set_content("<!DOCTYPE html><title>" + std::to_string(out.status) +
                                "</title><p>speedlab serve could not read this request.</p>",
                            "text/html; charset=utf-8");
    });
}

HttpServer::~HttpServer() = default;

std::string HttpServer::bind(const std::string& host, int port) {
    errno = 0;
    int bound = port == 0 ? impl_->server.bind_to_any_port(host)
                          : (impl_->server.bind_to_port(host, port) ? port : -1);
    if (bound < 0) return errno ? std::strerror(errno) : "the address cannot be resolved";
    impl_->port = bound;
    // The library listens with a backlog of 5: 50 clients connecting at once
    // would wait for retransmitted SYNs. Listening again on Linux widens it.
    if (impl_->socket >= 0) ::listen(impl_->socket, SOMAXCONN);
    return {};
}

int HttpServer::port() const {
    return impl_->port;
}

void HttpServer::serve() {
    impl_->server.listen_after_bind();
}

void HttpServer::stop() {
    impl_->server.stop();
}

}  // namespace speedlab::serve
