#pragma once
// The served site: routes a request to its page, and turns what a page could
// not answer into a 400, 404, 422 or 503 page with links, or a 500 page that shows
// neither a stack nor a path (as JSON {"error": ...} for ?format=json).
// Read-only: GET and HEAD only, anything else 405.
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "core/error.h"
#include "serve/http.h"
#include "serve/links.h"
#include "serve/reference_page.h"
#include "store/database.h"
#include "store/run_resolver.h"

namespace speedlab::serve {

// What a page that threw `e` answers: 400, 404 (with the closest names a
// NotFound carries), 422, 503, or a 500 page that shows no message; JSON
// {"error": ...} when `json`.
Response error_answer(const Links& links, const Error& e, bool json);

class Site {
  public:
    using Opener = std::function<std::unique_ptr<store::Database>()>;
    // A connection per request under way, opened when none is idle and kept
    // for the next: pages are read side by side (SQLite WAL readers, one
    // PostgreSQL session each). A request that fails is tried once more on a
    // new connection; the one that failed and every idle one are closed.
    explicit Site(Opener open, Links links = Links::live());
    // One connection that requests take turns with (a static site, tests).
    explicit Site(store::Database& db, Links links = Links::live());
    ~Site();
    Response handle(const Request& request);
    // The reference set /reference shows (or why there is none).
    void set_reference(ReferenceSource source) { reference_ = std::move(source); }

  private:
    Response answer(store::Database& db, const Request& request, bool& failed);
    // `ref:TEXT` in /compare's runs, from the reference set (or why there is none).
    store::OutsideLookup reference_lookup() const;
    Response route(store::Database& db, const Request& request);
    std::unique_ptr<store::Database> borrow();
    void give_back(std::unique_ptr<store::Database> db);
    void forget_idle();

    Opener open_;
    store::Database* shared_ = nullptr;
    Links links_;
    ReferenceSource reference_;
    std::mutex shared_mutex_, idle_mutex_;
    std::vector<std::unique_ptr<store::Database>> idle_;
};

// A small icon, as image/x-icon (a 16x16 ICO).
const std::string& favicon_ico();

}  // namespace speedlab::serve
