#include "serve/publish.h"

#include <algorithm>

#include "serve/pages.h"
#include "serve/site.h"

namespace speedlab::serve {

size_t publish(const store::Database& db, const PublishSink& sink) {
    int64_t runs = db.count();
    auto machines = db.machines();
    int64_t pages = std::max<int64_t>(1, (runs + kRunsPerPage - 1) / kRunsPerPage);
    size_t named = static_cast<size_t>(std::count_if(
        machines.begin(), machines.end(), [](const auto& m) { return !m.name.empty(); }));
    size_t total = static_cast<size_t>(pages + runs) + named + 2, done = 0;
    auto put = [&](const std::string& path, const std::string& content) {
        sink(path, content, ++done, total);
    };
    put("favicon.ico", favicon_ico());
    for (int64_t p = 1; p <= pages; ++p) {
        Request r;
        if (p > 1) r.query = {{"page", std::to_string(p)}};
        put(Links::published(0).runs({}, p), runs_page(db, r, Links::published(0)).body);
    }
    put("machines.html", machines_page(db, {}, Links::published(0)).body);
    for (const auto& m : machines)
        if (!m.name.empty())
            put("machine/" + machine_file(m.name),
                machine_page(db, m.name, {}, Links::published(1)).body);
    // Runs in id order, a page at a time, so memory stays flat for any store.
    for (int64_t offset = 0; offset < runs; offset += kRunsPerPage)
        for (const auto& s : db.page({}, store::RunOrder::oldest, offset, kRunsPerPage))
            put("run/" + std::to_string(s.id) + ".html",
                run_page(db, s.id, {}, Links::published(1)).body);
    return done;
}

}  // namespace speedlab::serve
