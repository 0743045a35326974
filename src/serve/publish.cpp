#include "serve/publish.h"

#include <algorithm>

#include "serve/pages.h"
#include "serve/site.h"

namespace speedlab::serve {

namespace {
// Called with each page's path and what renders it; false stops the walk.
using PageVisit =
    std::function<bool(const std::string& path, const std::function<std::string()>& render)>;

void each_page(const store::Database& db, const ReferenceSource& reference,
               const PageVisit& visit) {
    int64_t runs = db.count();
    int64_t pages = std::max<int64_t>(1, (runs + kRunsPerPage - 1) / kRunsPerPage);
    if (!visit("favicon.ico", [] { return favicon_ico(); })) return;
    for (int64_t p = 1; p <= pages; ++p) {
        auto render = [&db, p] {
            Request r;
            if (p > 1) r.query = {{"page", std::to_string(p)}};
            return runs_page(db, r, Links::published(0)).body;
        };
        if (!visit(Links::published(0).runs({}, p), render)) return;
    }
    if (!visit("machines.html", [&db] { return machines_page(db, {}, Links::published(0)).body; }))
        return;
    if (reference.set && !visit("reference.html", [&] {
            return reference_page(db, reference, {}, Links::published(0)).body;
        }))
        return;
    for (const auto& m : db.machines())
        if (!m.name.empty() && !visit("machine/" + machine_file(m.name), [&] {
                return machine_page(db, m.name, {}, Links::published(1)).body;
            }))
            return;
    // Runs in id order, a page at a time, so memory stays flat for any store.
    for (int64_t offset = 0; offset < runs; offset += kRunsPerPage)
        for (const auto& s : db.page({}, store::RunOrder::oldest, offset, kRunsPerPage))
            if (!visit("run/" + std::to_string(s.id) + ".html",
                       [&] { return run_page(db, s.id, {}, Links::published(1)).body; }))
                return;
}
}  // namespace

size_t publish(const store::Database& db, const PublishSink& sink,
               const ReferenceSource& reference) {
    int64_t runs = db.count();
    auto machines = db.machines();
    int64_t pages = std::max<int64_t>(1, (runs + kRunsPerPage - 1) / kRunsPerPage);
    size_t named = static_cast<size_t>(std::count_if(
        machines.begin(), machines.end(), [](const auto& m) { return !m.name.empty(); }));
    size_t total = static_cast<size_t>(pages + runs) + named + 2 + (reference.set ? 1 : 0),
           done = 0;
    each_page(db, reference,
              [&](const std::string& path, const std::function<std::string()>& render) {
                  return sink(path, render(), ++done, total);
              });
    return done;
}

std::vector<std::string> page_paths(const store::Database& db, const ReferenceSource& reference) {
    std::vector<std::string> out;
    each_page(db, reference, [&out](const std::string& path, const std::function<std::string()>&) {
        out.push_back(path);
        return true;
    });
    return out;
}

}  // namespace speedlab::serve
