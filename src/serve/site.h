#pragma once
// The served site: routes a request to its page, and turns what a page could
// not answer into a 400 or 404 page with links, or a 500 page that shows
// neither a stack nor a path. Read-only: GET and HEAD only.
#include <mutex>

#include "serve/http.h"
#include "serve/links.h"
#include "store/database.h"

namespace speedlab::serve {

class Site {
  public:
    // The database stays open for the site's life; requests take turns with it.
    explicit Site(store::Database& db, Links links = Links::live());
    Response handle(const Request& request);

  private:
    Response route(const Request& request);
    store::Database& db_;
    Links links_;
    std::mutex mutex_;
};

// A small icon, as image/x-icon (a 16x16 ICO).
const std::string& favicon_ico();

}  // namespace speedlab::serve
