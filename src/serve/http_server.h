#pragma once
// speedlab serve's HTTP/1.1 server. One thread reads every connection's
// request head (poll, with a deadline for the whole head), so a slow client
// costs a socket and a buffer, never a worker; 16 workers make the pages and
// write them. Keep-alive and pipelined requests are answered in order; Range
// and bodies are ignored (a generated page is always whole). The wire format
// is in serve/http.h; the limits are in docs/serve.md.
#include <functional>
#include <memory>
#include <string>

#include "serve/http.h"

namespace speedlab::serve {

using Handler = std::function<Response(const Request&)>;

class HttpServer {
  public:
    explicit HttpServer(Handler handler);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Binds HOST:PORT (0: any free port). Empty when it did, else why not
    // ("Address already in use"). Never shares a port another server holds.
    std::string bind(const std::string& host, int port);
    int port() const;
    // Answers requests until stop() (from any thread, or a signal's thread);
    // then drops every connection and returns once the pages being made are done.
    void serve();
    void stop();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace speedlab::serve
