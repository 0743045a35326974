#pragma once
// The one file that knows the HTTP library (Debian's cpp-httplib): it binds,
// limits and times out connections, and hands each request to a handler as
// serve/http values. Swapping the library means rewriting only this file.
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
    // Answers requests until stop() (from any thread).
    void serve();
    void stop();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace speedlab::serve
