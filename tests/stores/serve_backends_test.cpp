// speedlab serve's pages through a real HTTP server on port 0, on SQLite and
// on PostgreSQL: each page against the CLI's answer to the same question.
#include <fmt/format.h>
#include <httplib.h>

#include <atomic>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <thread>
#include <vector>

#include "../history_nights.h"
#include "both_stores.h"
#include "serve/http_server.h"
#include "serve/site.h"
#include "store/database.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {
class ServeOn : public BothStores {
  protected:
    std::unique_ptr<serve::Site> site;
    std::unique_ptr<serve::HttpServer> server;
    std::thread thread;

    void start() {
        // As speedlab serve does: a connection per request under way.
        site = std::make_unique<serve::Site>(
            [this] { return std::make_unique<store::Database>(location, store::Access::read); });
        server = std::make_unique<serve::HttpServer>(
            [this](const serve::Request& r) { return site->handle(r); });
        ASSERT_EQ(server->bind("127.0.0.1", 0), "");
        thread = std::thread([this] { server->serve(); });
    }
    void TearDown() override {
        if (server) server->stop();
        if (thread.joinable()) thread.join();
        server.reset(), site.reset();
        BothStores::TearDown();
    }
    httplib::Result get(const std::string& target) {
        httplib::Client client("127.0.0.1", server->port());
        return client.Get(target);
    }
    void import_seeds() {
        auto r = run("import " + fixture_path("seed000-redhat73-pcem.txt") + " " +
                     fixture_path("seed004-athlon-p3.txt"));
        ASSERT_EQ(r.code, 0) << r.err;
    }
};

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// The numbers of the source lines a run page marks.
std::set<int> marked_lines(const std::string& page) {
    std::set<int> out;
    static const std::regex used("<span data-n=\"([0-9]+)\" class=\"used\">");
    for (std::sregex_iterator i(page.begin(), page.end(), used), end; i != end; ++i)
        out.insert(std::stoi((*i)[1]));
    return out;
}
}  // namespace

TEST_P(ServeOn, TheRunListFiltersSortsAndAnswersAsTheCliDoes) {
    import_seeds();
    start();
    auto all = get("/");
    ASSERT_TRUE(all);
    EXPECT_EQ(all->status, 200);
    EXPECT_TRUE(has(all->body, "Runs 1–19 of 19 stored.")) << all->body.substr(0, 3000);
    auto cli = nlohmann::json::parse(run("list --machine tilia --format json").out);
    auto page = get("/?machine=TILIA&format=json");
    ASSERT_TRUE(page);
    EXPECT_EQ(page->get_header_value("Content-Type"), "application/json");
    auto served = nlohmann::json::parse(page->body);
    ASSERT_EQ(served.size(), cli.size());
    ASSERT_GT(served.size(), 0u);
    std::reverse(cli.begin(), cli.end());  // the list is oldest first, the page newest first
    EXPECT_EQ(served, cli);
    auto csv = get("/?machine=tilia&format=csv");
    EXPECT_EQ(csv->get_header_value("Content-Type"), "text/csv; charset=utf-8");
    EXPECT_EQ(std::count(csv->body.begin(), csv->body.end(), '\n'), long(cli.size()) + 1);
    // Free text: the source file's name holds "athlon" too, the CPU only once.
    EXPECT_EQ(nlohmann::json::parse(get("/?q=ATHLON&format=json")->body).size(), 2u);
    auto text = nlohmann::json::parse(get("/?q=coppermine&format=json")->body);
    ASSERT_EQ(text.size(), 1u);
    EXPECT_EQ(text[0].at("cpu"), "Pentium III (Coppermine)");
    EXPECT_EQ(nlohmann::json::parse(get("/?cpu=athlon&format=json")->body).size(), 1u);
    EXPECT_EQ(nlohmann::json::parse(get("/?q=100%25_&format=json")->body).size(), 0u);
    auto by_label = nlohmann::json::parse(get("/?sort=label&format=json")->body);
    auto first = [&](size_t i) {  // labels sort ignoring case
        return std::tolower(by_label[i].at("label").get<std::string>()[0]);
    };
    ASSERT_EQ(by_label.size(), 19u);
    for (size_t i = 1; i < by_label.size(); ++i) EXPECT_LE(first(i - 1), first(i)) << i;
    EXPECT_EQ(nlohmann::json::parse(get("/?until=2000-01-01&format=json")->body).size(), 0u);
    auto none = get("/?machine=nosuch");
    EXPECT_TRUE(has(none->body, "closest")) << none->body;
}

TEST_P(ServeOn, ARunPageHoldsItsFiguresAndMarksTheLinesTheyCameFrom) {
    import_seeds();
    start();
    auto r = get("/run/1");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_TRUE(has(r->body, "<tr data-metric=\"md5@8192\">")) << r->body.substr(0, 2000);
    EXPECT_TRUE(has(r->body, "<pre class=\"source\" id=\"source\">"));
    EXPECT_TRUE(has(r->body, "class=\"used\">md5 ")) << r->body;
    EXPECT_TRUE(has(r->body, "/compare?runs="));
    auto json = get("/run/1?format=json");
    EXPECT_EQ(nlohmann::json::parse(json->body),
              nlohmann::json::parse(run("show 1 --format json").out));
    EXPECT_EQ(get("/run/999")->status, 404);
    EXPECT_EQ(get("/run/abc")->status, 404);
    // Exactly the lines the stored figures name, on every run's page.
    for (int id = 1; id <= 19; ++id) {
        std::set<int> lines;
        auto shown = nlohmann::json::parse(run(fmt::format("show {} --format json", id)).out);
        for (const auto& m : shown.at("measurements"))
            if (m.contains("line")) lines.insert(m.at("line").get<int>());
        EXPECT_FALSE(lines.empty()) << "run " << id;
        if (id == 1) {
            EXPECT_EQ(lines, (std::set<int>{20, 22, 23, 24, 25})) << "its table's rows";
        }
        EXPECT_EQ(marked_lines(get(fmt::format("/run/{}", id))->body), lines) << "run " << id;
    }
}

// Requests under way at once each read through a connection of their own
// (SQLite WAL readers, PostgreSQL sessions): every answer is the one a lone
// request gets.
TEST_P(ServeOn, RequestsAtOnceGetTheAnswersOfRequestsAlone) {
    import_seeds();
    start();
    const std::vector<std::string> targets = {
        "/",         "/run/1",        "/run/2?format=json", "/compare?runs=1,3&format=json",
        "/machines", "/machine/tilia"};
    std::vector<std::string> alone;
    for (const auto& t : targets) {
        auto r = get(t);
        ASSERT_TRUE(r) << t;
        ASSERT_EQ(r->status, 200) << t;
        alone.push_back(r->body);
    }
    std::atomic<int> differed = 0, failed = 0;
    std::vector<std::thread> clients;
    for (int c = 0; c < 8; ++c)
        clients.emplace_back([&, c] {
            for (size_t k = 0; k < 3 * targets.size(); ++k) {
                size_t t = (k + static_cast<size_t>(c)) % targets.size();
                auto r = get(targets[t]);
                if (!r || r->status != 200)
                    ++failed;
                else if (r->body != alone[t])
                    ++differed;
            }
        });
    for (auto& t : clients) t.join();
    EXPECT_EQ(failed, 0);
    EXPECT_EQ(differed, 0);
}

// Every pooled connection the server lost at once (PostgreSQL restarted, its
// sessions killed) costs no request: the one that meets a lost connection is
// tried again on a new one, and the other idle ones are closed, not each
// failing a request of its own (issue 31.6).
TEST_P(ServeOn, LostConnectionsFailNoRequestOnceTheServerIsBack) {
    if (GetParam() != Backend::postgresql)
        GTEST_SKIP() << "an SQLite file has no connection to lose";
    import_seeds();
    start();
    std::vector<std::thread> clients;  // requests at once: several pooled connections
    std::atomic<int> failed = 0;
    for (int c = 0; c < 8; ++c)
        clients.emplace_back([&] {
            for (int k = 0; k < 4; ++k)
                if (auto r = get("/compare?runs=1,3"); !r || r->status != 200) ++failed;
        });
    for (auto& t : clients) t.join();
    ASSERT_EQ(failed, 0);
    raw_sql(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
        "current_database() AND pid <> pg_backend_pid()");
    for (int k = 0; k < 20; ++k) {
        auto r = get(k % 2 ? "/run/1" : "/run/2?format=json");
        ASSERT_TRUE(r) << k;
        EXPECT_EQ(r->status, 200) << k << ": " << r->body;
    }
}

TEST_P(ServeOn, AComparePageSaysWhatCompareSays) {
    import_seeds();
    start();
    auto json = get("/compare?runs=1,3&format=json");
    ASSERT_TRUE(json);
    EXPECT_EQ(json->status, 200);
    EXPECT_EQ(json->body, run("compare 1 3 --format json").out);
    auto three = get("/compare?runs=1&runs=2,3&base=2&format=csv");
    EXPECT_EQ(three->body, run("compare 1 2 3 --baseline 2 --format csv").out);
    auto html = get("/compare?runs=1,3");
    EXPECT_TRUE(has(html->body, "<code class=\"cli\" id=\"cli\">speedlab compare 1 3</code>"));
    EXPECT_TRUE(has(html->body, "id=\"facts-diff\""));
    EXPECT_TRUE(has(html->body, "<svg"));
    auto download = get("/compare?runs=1,3&download=1");
    EXPECT_TRUE(has(download->get_header_value("Content-Disposition"), "attachment"));
    EXPECT_EQ(download->body, run("compare 1 3 --format html").out);
}

// A page's ?format= takes every name of the CLI's table for the same data and
// answers what the command prints; a name outside it is a 400 that lists them.
TEST_P(ServeOn, EveryFormatOfAPageIsTheCommandsOwn) {
    import_seeds();
    start();
    struct Case {
        std::string target, command, type;
    } cases[] = {
        {"/machines?format=markdown", "machines --format markdown", "text/markdown; charset=utf-8"},
        {"/machines?format=text", "machines --format text", "text/plain; charset=utf-8"},
        {"/run/2?format=mr", "show 2 --format mr", "text/plain; charset=utf-8"},
        {"/run/2?format=text", "show 2 --format text", "text/plain; charset=utf-8"},
        {"/machine/tilia?format=csv", "history tilia --format csv", "text/csv; charset=utf-8"},
        {"/machine/tilia?format=markdown", "history tilia --format markdown",
         "text/markdown; charset=utf-8"},
        {"/compare?runs=1,3&format=markdown", "compare 1 3 --format markdown",
         "text/markdown; charset=utf-8"},
        {"/compare?runs=1,3&format=md", "compare 1 3 --format md", "text/markdown; charset=utf-8"},
    };
    for (const auto& c : cases) {
        auto page = get(c.target);
        ASSERT_TRUE(page) << c.target;
        EXPECT_EQ(page->status, 200) << c.target << "\n" << page->body;
        EXPECT_EQ(page->get_header_value("Content-Type"), c.type) << c.target;
        EXPECT_EQ(page->body, run(c.command).out) << c.target;
    }
    auto bad = get("/run/2?format=xml");
    EXPECT_EQ(bad->status, 400);
    EXPECT_TRUE(has(bad->body, "expected html, text, json or mr, found")) << bad->body;
}

// Issue 35's lab: the machine page rings what `speedlab history` finds, and
// only that: one change at index 30 of lab-drop, none in noise or across builds.
TEST_P(ServeOn, AMachinePageRingsTheChangesHistoryFinds) {
    std::ofstream(dir / "lab.json") << speedlab::testing::lab_bundle();
    ASSERT_EQ(run("import " + (dir / "lab.json").string()).code, 0);
    start();
    auto machines = nlohmann::json::parse(get("/machines?format=json")->body);
    EXPECT_EQ(machines, nlohmann::json::parse(run("machines --format json").out));
    struct Case {
        std::string machine;
        int changes;
    } cases[] = {{"LAB-DROP", 1}, {"lab-quiet", 0}, {"lab-upgrade", 0}};
    for (const auto& c : cases) {
        auto page = get("/machine/" + c.machine);
        ASSERT_TRUE(page);
        EXPECT_EQ(page->status, 200);
        std::string count = c.changes == 1 ? "1 change" : "0 changes";
        EXPECT_TRUE(has(page->body, "<span id=\"changes\">" + count + "</span>")) << page->body;
        size_t rings = 0;
        for (size_t at = page->body.find("class=\"change\""); at != std::string::npos;
             at = page->body.find("class=\"change\"", at + 1))
            ++rings;
        // The md5 chart's ring, and the summary chart's: one figure, so the same change.
        EXPECT_EQ(rings, static_cast<size_t>(2 * c.changes)) << c.machine;
    }
    auto upgrade = get("/machine/lab-upgrade")->body;
    EXPECT_TRUE(has(upgrade, "libcrypto 3.5.0")) << upgrade;
    auto json = nlohmann::json::parse(get("/machine/lab-drop?format=json")->body);
    auto cli = nlohmann::json::parse(run("history lab-drop --format json").out);
    EXPECT_EQ(json.at("series"), cli.at("series"));
    EXPECT_EQ(json.at("runs").size(), 60u);
    auto missing = get("/machine/lab2");
    EXPECT_EQ(missing->status, 404);
    EXPECT_TRUE(has(missing->body, "href=\"/machine/lab-drop\"") ||
                has(missing->body, "href=\"/machine/lab-quiet\""))
        << missing->body;
}

TEST_P(ServeOn, BadInputGetsItsOwnPageAndNothingIsWritten) {
    import_seeds();
    start();
    auto since = get("/?since=2026-13-45");
    EXPECT_EQ(since->status, 400);
    EXPECT_TRUE(
        has(since->body, "since: expected a date as YYYY-MM-DD, found &#39;2026-13-45&#39;") ||
        has(since->body, "since: expected a date as YYYY-MM-DD, found '2026-13-45'"))
        << since->body;
    EXPECT_EQ(get("/?page=0")->status, 400);
    EXPECT_TRUE(has(get("/?page=999")->body, "No runs on page 999: 19 are stored in 1 page(s)."));
    auto nul = get("/machine/%00%1b[2Jx");
    EXPECT_EQ(nul->status, 404);
    EXPECT_EQ(nul->body.find('\0'), std::string::npos);
    EXPECT_EQ(nul->body.find('\x1b'), std::string::npos);
    auto metrics = get("/compare?runs=1,3&metrics=nosuch");
    EXPECT_EQ(metrics->status, 400);
    EXPECT_TRUE(has(metrics->body, "metrics: &#39;nosuch&#39; names no figure") ||
                has(metrics->body, "metrics: 'nosuch' names no figure"))
        << metrics->body;
    EXPECT_EQ(get("/?sort=fastest")->status, 400);
    EXPECT_EQ(get("/compare?runs=1")->status, 400);
    EXPECT_EQ(get("/compare?runs=1,2&noise=nan")->status, 400);
    EXPECT_EQ(get("/compare?runs=1,nosuch")->status, 404);
    EXPECT_EQ(get("/nowhere")->status, 404);
    EXPECT_EQ(get("/../../etc/passwd")->status, 404);
    httplib::Client client("127.0.0.1", server->port());
    auto post = client.Post("/", "x", "text/plain");
    EXPECT_EQ(post->status, 405);
    EXPECT_EQ(post->get_header_value("Allow"), "GET, HEAD");
    auto head = client.Head("/");
    EXPECT_EQ(head->status, 200);
    EXPECT_TRUE(head->body.empty());
    EXPECT_EQ(get("/" + std::string(10000, 'a'))->status, 414);
    httplib::Headers many;
    for (int i = 0; i < 101; ++i) many.emplace("X-H" + std::to_string(i), "1");
    EXPECT_EQ(client.Get("/", many)->status, 431);
    auto icon = get("/favicon.ico");
    EXPECT_EQ(icon->get_header_value("Content-Type"), "image/x-icon");
    EXPECT_EQ(icon->body.substr(0, 4), std::string("\0\0\1\0", 4));
    EXPECT_EQ(nlohmann::json::parse(run("list --format json").out).size(), 19u);
}

TEST_P(ServeOn, HostileLabelsAreText) {
    import_seeds();
    // Labels cannot hold markup any more (core/display_name.h); machine names can.
    ASSERT_EQ(run("edit 1 --machine '<script>alert(1)</script>'").code, 0);
    ASSERT_EQ(run("edit 3 --machine '</svg><b>x'").code, 0);
    start();
    for (const char* target : {"/", "/run/1", "/compare?runs=1,3", "/machines"}) {
        auto r = get(target);
        ASSERT_TRUE(r) << target;
        EXPECT_FALSE(has(r->body, "<script>alert")) << target;
        EXPECT_FALSE(has(r->body, "</svg><b>")) << target;
    }
    EXPECT_TRUE(has(get("/run/1")->body, "&lt;script&gt;alert(1)&lt;/script&gt;"));
}

TEST_P(ServeOn, APortInUseIsRefused) {
    start();
    serve::HttpServer second([](const serve::Request&) { return serve::Response{}; });
    EXPECT_NE(second.bind("127.0.0.1", server->port()), "");
    auto r = run("serve --listen 127.0.0.1:" + std::to_string(server->port()));
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(has(r.err, "cannot listen on 127.0.0.1:" + std::to_string(server->port()) +
                               ": Address already in use"))
        << r.err;
    EXPECT_EQ(run("serve --listen 127.0.0.1:99999").code, 2);
}

TEST_P(ServeOn, PublishWritesEveryPageAndAgainOnlyWhatChanged) {
    import_seeds();
    auto site = dir / "site";
    auto r = run("publish " + site.string());
    ASSERT_EQ(r.code, 0) << r.err;
    // 19 runs, 1 page of them, 5 machines, the machine list, the reference page
    // (the build tree's binary finds data/reference) and the icon.
    EXPECT_TRUE(has(
        r.out, "published 28 pages in " + site.string() + " (28 written, 0 unchanged, 0 removed)"))
        << r.out;
    std::string index = slurp((site / "index.html").string());
    EXPECT_TRUE(has(index, "href=\"run/1.html\""));
    EXPECT_TRUE(has(index, "href=\"machine/tilia.html\""));
    EXPECT_FALSE(has(index, "href=\"/")) << "a published link is relative";
    EXPECT_FALSE(has(index, "<form"));
    std::string page = slurp((site / "run" / "1.html").string());
    EXPECT_TRUE(has(page, "href=\"../machine/p-rh73.html\""));
    EXPECT_TRUE(
        std::filesystem::exists(site / "machine" / "AMD_20Athlon_28tm_29_20processor.html"));
    r = run("publish " + site.string());
    EXPECT_TRUE(has(r.out, "(0 written, 28 unchanged, 0 removed)")) << r.out;
    ASSERT_EQ(run("delete -y 19").code, 0);
    r = run("publish " + site.string());
    // Run 19 and its machine (abrasd03) go; the run list, the machine list and
    // the reference page (which draws the store's runs) change.
    EXPECT_TRUE(has(r.out, "published 26 pages")) << r.out;
    EXPECT_TRUE(has(r.out, "(3 written, 23 unchanged, 2 removed)")) << r.out;
    EXPECT_FALSE(std::filesystem::exists(site / "machine" / "abrasd03.html"));
    EXPECT_FALSE(std::filesystem::exists(site / "run" / "19.html"));
    auto foreign = dir / "foreign";
    std::filesystem::create_directories(foreign);
    std::ofstream(foreign / "notes.txt") << "mine";
    r = run("publish " + foreign.string());
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(has(r.err, "speedlab publish did not write it")) << r.err;
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(foreign), {}), 1);
    EXPECT_EQ(run("publish --force " + foreign.string()).code, 0);
    EXPECT_EQ(slurp((foreign / "notes.txt").string()), "mine");
}

SPEEDLAB_ON_BOTH_STORES(ServeOn);
