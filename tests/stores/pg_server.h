#pragma once
// A private PostgreSQL server for the tests: initdb on a temporary directory,
// listening only on a Unix socket there, stopped when the tests end. As root,
// the server runs as the unprivileged "postgres" (or "nobody") user.
#include <string>

namespace speedlab::testing {

class PgServer {
  public:
    // Starts the server once per process; nullptr when it cannot, with why().
    static PgServer* get();
    static const std::string& why();
    static void stop();

    // A new, empty database on the server; its postgresql:// URL.
    std::string fresh_database(const std::string& hint);
    const std::string& socket_dir() const { return dir_; }

  private:
    std::string dir_, bin_;
    uid_t uid_ = 0;
    gid_t gid_ = 0;
    int databases_ = 0;
    bool start(std::string& error);
};

}  // namespace speedlab::testing
