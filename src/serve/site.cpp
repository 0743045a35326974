#include "serve/site.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/text.h"
#include "reference/select.h"
#include "report/html_builder.h"
#include "serve/layout.h"
#include "serve/page_error.h"
#include "serve/pages.h"

namespace speedlab::serve {

using report::Html;

namespace {
// What a visitor typed, shown back: valid UTF-8 without control characters.
std::string printable(std::string_view text) {
    return terminal_safe(valid_utf8(text));
}

Response error_page(const Links& links, int status, const std::string& title,
                    const std::string& body) {
    return {status, "text/html; charset=utf-8", layout(links, title, Section::none, body), {}};
}

// What a ?format=json request gets instead of an error page: the same status.
bool wants_json(const Request& r) {
    return r.param("format") == "json";
}

Response error_json(int status, const std::string& message) {
    return {status, "application/json", nlohmann::json{{"error", printable(message)}}.dump(), {}};
}

// A paragraph of plain text, escaped, and a line's end.
std::string paragraph(std::string_view text, const report::Attributes& attributes = {}) {
    return Html().element("p", text, attributes).str() + "\n";
}

std::string way_back(const Links& links) {
    return Html()
               .element("p", report::link_to(links.runs(), "All runs")
                                 .text(" · ")
                                 .add(report::link_to(links.machines(), "All machines")))
               .str() +
           "\n";
}

Response not_found(const Links& links, const std::string& what,
                   const std::vector<NotFound::Suggestion>& closest) {
    std::string body = paragraph(printable(what) + ".");
    if (!closest.empty()) {
        Html list;
        list.element("p", "The closest:").open("ul", {{"id", "closest"}});
        for (const auto& c : closest) list.element("li", report::link_to(c.href, c.text));
        body += list.close("ul").str() + "\n";
    }
    return error_page(links, 404, "Not found", body + way_back(links));
}

// "/run/12" -> 12; nothing for anything else.
std::optional<int64_t> run_id(std::string_view rest) {
    if (rest.empty() || rest.size() > 18 ||
        rest.find_first_not_of("0123456789") != std::string_view::npos)
        return std::nullopt;
    return std::stoll(std::string(rest));
}

// The store could not answer: the server's log says why, never the page
// (the message may name files or SQL).
Response store_failed(const Links& links, bool json) {
    if (json) return error_json(500, "the database could not answer this request");
    return error_page(links, 500, "The store could not answer",
                      paragraph("The database could not answer this request. The server's own "
                                "output says why.") +
                          way_back(links));
}
}  // namespace

Site::Site(Opener open, Links links) : open_(std::move(open)), links_(std::move(links)) {}

Site::Site(store::Database& db, Links links) : shared_(&db), links_(std::move(links)) {}

Site::~Site() = default;

store::OutsideLookup Site::reference_lookup() const {
    if (reference_.set) return reference::outside_lookup(*reference_.set);
    std::string why = reference_.missing;
    return [why](const std::string& text) -> store::OutsideRun {
        throw Error(ErrorKind::not_found, "no reference run 'ref:" + terminal_safe(text) +
                                              "': this server has no reference set (" + why + ")");
    };
}

Response Site::route(store::Database& db, const Request& r) {
    const std::string& p = r.path;
    if (p == "/" || p == "/index.html") return runs_page(db, r, links_);
    if (p == "/machines") return machines_page(db, r, links_);
    if (p == "/compare") return compare_page(db, r, links_, reference_lookup());
    if (p == "/reference") return reference_page(db, reference_, r, links_);
    if (p == "/favicon.ico")
        return {200, "image/x-icon", favicon_ico(), {{"Cache-Control", "max-age=86400"}}};
    if (p.find('\0') != std::string::npos)  // a message is a C string: it would end there
        throw NotFound("no page " + printable(p), {});
    if (p.starts_with("/run/")) {
        auto id = run_id(std::string_view(p).substr(5));
        if (!id) throw NotFound("no run '" + p.substr(5) + "': a run's page is /run/ID", {});
        return run_page(db, *id, r, links_);
    }
    if (p.starts_with("/machine/") && p.size() > 9) return machine_page(db, p.substr(9), r, links_);
    throw NotFound("no page " + p, {});
}

namespace {
void log_failure(const Request& request, const std::string& what) {
    fmt::print(stderr, "speedlab serve: {} {}: {}\n", request.method, printable(request.path),
               what);
}
}  // namespace

Response Site::answer(store::Database& db, const Request& request, bool& failed) {
    try {
        return route(db, request);
    } catch (const Error& e) {
        if (http_status(e.kind()) == 500) {
            failed = true;
            log_failure(request, e.what());
        }
        return error_answer(links_, e, wants_json(request));
    } catch (const std::exception& e) {
        failed = true;
        log_failure(request, e.what());
        return store_failed(links_, wants_json(request));
    }
}

// The one place a kind becomes an HTTP status and its page.
Response error_answer(const Links& links, const Error& e, bool json) {
    const int status = http_status(e.kind());
    if (status == 500) return store_failed(links, json);
    if (json) return error_json(status, e.what());
    if (status == 404) {  // thrown below serve (no reference run): no closest names to link
        const auto* page = dynamic_cast<const NotFound*>(&e);
        return not_found(links, e.what(),
                         page ? page->closest : std::vector<NotFound::Suggestion>{});
    }
    const char* title = status == 400   ? "Bad request"
                        : status == 422 ? "Cannot be done"
                                        : "The store is busy";
    return error_page(links, status, title,
                      paragraph(printable(e.what()), {{"id", "problem"}}) + way_back(links));
}

std::unique_ptr<store::Database> Site::borrow() {
    {
        std::lock_guard lock(idle_mutex_);
        if (!idle_.empty()) {
            auto db = std::move(idle_.back());
            idle_.pop_back();
            return db;
        }
    }
    return open_();
}

void Site::give_back(std::unique_ptr<store::Database> db) {
    std::lock_guard lock(idle_mutex_);
    idle_.push_back(std::move(db));
}

void Site::forget_idle() {
    std::lock_guard lock(idle_mutex_);
    idle_.clear();
}

Response Site::handle(const Request& request) {
    if (request.method != "GET" && request.method != "HEAD") {
        Response r = wants_json(request)
                         ? error_json(405, "speedlab serve only reads: GET and HEAD")
                         : error_page(links_, 405, "Method not allowed",
                                      paragraph("speedlab serve only reads: every change is "
                                                "made with the speedlab command.") +
                                          way_back(links_));
        r.headers.emplace_back("Allow", "GET, HEAD");
        return r;
    }
    bool failed = false;
    if (shared_) {
        std::lock_guard lock(shared_mutex_);
        return answer(*shared_, request, failed);
    }
    // A request that failed is tried once more on a new connection: after a
    // PostgreSQL restart every pooled connection is lost, and none is kept.
    Response r;
    for (int attempt = 0; attempt < 2; ++attempt) {
        std::unique_ptr<store::Database> db;
        try {
            db = borrow();
        } catch (const std::exception& e) {
            fmt::print(stderr, "speedlab serve: {}\n", e.what());
            return store_failed(links_, wants_json(request));
        }
        failed = false;
        r = answer(*db, request, failed);
        if (!failed) {
            give_back(std::move(db));
            break;
        }
        forget_idle();  // opened before the failure: as likely lost as this one
    }
    return r;
}

const std::string& favicon_ico() {
    static const std::string icon = [] {
        // ICONDIR, one ICONDIRENTRY, then a 32-bit BMP: a blue square with a white bar chart.
        std::string out;
        auto u16 = [&](int v) { out += char(v & 255), out += char((v >> 8) & 255); };
        auto u32 = [&](uint32_t v) {
            for (int i = 0; i < 4; ++i) out += char((v >> (8 * i)) & 255);
        };
        const uint32_t pixels = 16 * 16 * 4, mask = 16 * 4, size = 40 + pixels + mask;
        u16(0), u16(1), u16(1);
        out += char(16), out += char(16), out += char(0), out += char(0);
        u16(1), u16(32), u32(size), u32(22);
        u32(40), u32(16), u32(32), u16(1), u16(32), u32(0), u32(pixels), u32(0), u32(0), u32(0),
            u32(0);
        const int bars[] = {5, 9, 13};
        for (int y = 0; y < 16; ++y)  // bottom row first
            for (int x = 0; x < 16; ++x) {
                int bar = (x - 3) / 4, in_bar = (x - 3) % 4;
                bool white =
                    x >= 3 && x < 15 && in_bar < 3 && bar < 3 && y >= 2 && y < 2 + bars[bar];
                uint32_t bgra = white ? 0xFFFFFFFF : 0xFFB27200;  // #0072B2
                u32(bgra);
            }
        out.append(mask, '\0');
        return out;
    }();
    return icon;
}

}  // namespace speedlab::serve
