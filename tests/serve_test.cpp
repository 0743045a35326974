// The served site's parts that need no store: URLs, links, file names, the
// order of versions and the wire format; then what docs/serve.md promises a
// hostile client, against a real `speedlab serve` on 127.0.0.1 with raw
// sockets. Pages are tested through HTTP in tests/stores.
#include <gtest/gtest.h>

#include <atomic>
#include <nlohmann/json.hpp>
#include <thread>

#include "cli_support.h"
#include "compare/history.h"
#include "serve/http.h"
#include "serve/links.h"
#include "serve/site.h"
#include "serve/url.h"
#include "serve_support.h"

using namespace speedlab::serve;
using namespace speedlab::testing;

TEST(ServeUrl, EncodesAndDecodesAsRfc3986Says) {
    struct Case {
        std::string name, text, encoded;
    } cases[] = {
        {"plain", "md5@8192", "md5%408192"},
        {"space and quote", "tilia rh73 '0.9.6b'", "tilia%20rh73%20%270.9.6b%27"},
        {"unreserved kept", "a-b.c_d~e", "a-b.c_d~e"},
        {"utf-8 bytes", "Pentium\xc2\xae", "Pentium%C2%AE"},
        {"markup", "<script>", "%3Cscript%3E"},
    };
    for (const auto& c : cases) {
        EXPECT_EQ(url_encode(c.text), c.encoded) << c.name;
        EXPECT_EQ(url_decode(c.encoded), c.text) << c.name;
    }
    EXPECT_EQ(url_decode("a+b%2"), "a b%2");  // a form's space; a cut escape kept
    EXPECT_EQ(url_decode("a+b", false), "a+b");
}

TEST(ServeUrl, QueriesKeepEveryValueInOrder) {
    auto r = request_for("/compare?runs=1,2&runs=3&base=&noise=5%25");
    EXPECT_EQ(r.path, "/compare");
    EXPECT_EQ(r.params("runs"), (std::vector<std::string>{"1,2", "3"}));
    EXPECT_EQ(r.param("base"), "");
    EXPECT_EQ(r.param("noise"), "5%");
    EXPECT_FALSE(r.param("all"));
    EXPECT_EQ(query_string({{"q", "a b"}, {"empty", ""}, {"m", "x&y"}}), "?q=a%20b&m=x%26y");
    EXPECT_EQ(link_to(r, {{"format", "json"}, {"noise", "2"}}),
              "/compare?runs=1%2C2&runs=3&format=json&noise=2");
}

TEST(ServeLinks, LiveRoutesAndPublishedFiles) {
    auto live = Links::live();
    EXPECT_EQ(live.run(5), "/run/5");
    EXPECT_EQ(live.machine("p-rh73 x"), "/machine/p-rh73%20x");
    EXPECT_EQ(live.runs({{"machine", "tilia"}}, 3), "/?machine=tilia&page=3");
    EXPECT_EQ(live.compare({3, 7}, 7), "/compare?runs=3%2C7&base=7");
    auto deep = Links::published(1);
    EXPECT_EQ(deep.run(5), "../run/5.html");
    EXPECT_EQ(deep.runs({}, 1), "../index.html");
    EXPECT_EQ(deep.runs({}, 2), "../runs-2.html");
    EXPECT_EQ(deep.compare({3, 7}, 3), "");
    EXPECT_EQ(deep.machine("PCem"), "../machine/PCem.html");
}

TEST(ServeLinks, AnyMachineNameIsOneSafeFile) {
    struct Case {
        std::string name, file;
    } cases[] = {{"PCem", "PCem.html"},       {"p-mdk7.home", "p-mdk7.home.html"},
                 {"a b/c", "a_20b_2Fc.html"}, {"..", "_...html"},
                 {"_x", "_5Fx.html"},         {"", "_.html"}};
    for (const auto& c : cases) EXPECT_EQ(machine_file(c.name), c.file) << c.name;
}

TEST(ServeHistory, VersionsSortAsReleases) {
    using speedlab::compare::version_less;
    EXPECT_TRUE(version_less("OpenSSL 0.9.8k", "OpenSSL 1.0.0"));
    EXPECT_TRUE(version_less("OpenSSL 1.1.1w", "OpenSSL 3.0.2"));
    EXPECT_TRUE(version_less("OpenSSL 3.0.2", "OpenSSL 3.0.10"));
    EXPECT_FALSE(version_less("OpenSSL 3.0.10", "OpenSSL 3.0.2"));
    EXPECT_TRUE(version_less("0.9.6", "0.9.6b"));
    EXPECT_FALSE(version_less("1.0", "1.0"));
}

TEST(ServeWire, HeadsAreReadOrRefusedWithTheirStatus) {
    struct Case {
        std::string name, head;
        int refused;
        std::string method, target;
        bool keep_alive;
        size_t body;
    } cases[] = {
        {"get", "GET /run/1 HTTP/1.1\r\nHost: x\r\n\r\n", 0, "GET", "/run/1", true, 0},
        {"bare LF", "GET / HTTP/1.1\nHost: x\n\n", 0, "GET", "/", true, 0},
        {"close", "GET / HTTP/1.1\r\nConnection: Close\r\n\r\n", 0, "GET", "/", false, 0},
        {"1.0 closes", "GET / HTTP/1.0\r\n\r\n", 0, "GET", "/", false, 0},
        {"unknown method is read", "BREW /pot HTTP/1.1\r\n\r\n", 0, "BREW", "/pot", true, 0},
        {"connect", "CONNECT example.com:443 HTTP/1.1\r\n\r\n", 0, "CONNECT", "example.com:443",
         true, 0},
        {"a body", "POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\n", 0, "POST", "/", true, 5},
        {"no version", "GET /\r\n\r\n", 400, "", "", false, 0},
        {"space in target", "GET /a b HTTP/1.1\r\n\r\n", 400, "", "", false, 0},
        {"HTTP/2", "GET / HTTP/2.0\r\n\r\n", 505, "", "", false, 0},
        {"folded header", "GET / HTTP/1.1\r\nA: b\r\n c\r\n\r\n", 400, "", "", false, 0},
        {"no colon", "GET / HTTP/1.1\r\nA b\r\n\r\n", 400, "", "", false, 0},
        {"chunked", "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 411, "", "", false, 0},
        {"two lengths", "POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400,
         "", "", false, 0},
        {"big body", "POST / HTTP/1.1\r\nContent-Length: 65537\r\n\r\n", 413, "", "", false, 0},
        {"long line", "GET /" + std::string(9000, 'a') + " HTTP/1.1\r\n\r\n", 414, "", "", false,
         0},
    };
    for (const auto& c : cases) {
        EXPECT_EQ(head_end(c.head), c.head.size()) << c.name;
        EXPECT_EQ(head_end(c.head.substr(0, c.head.size() - 1)), std::string::npos) << c.name;
        Head h = parse_head(c.head);
        EXPECT_EQ(h.refused, c.refused) << c.name << ": " << h.why;
        if (c.refused) continue;
        EXPECT_EQ(h.method, c.method) << c.name;
        EXPECT_EQ(h.target, c.target) << c.name;
        EXPECT_EQ(h.keep_alive, c.keep_alive) << c.name;
        EXPECT_EQ(h.body, c.body) << c.name;
    }
    std::string many = "GET / HTTP/1.1\r\n";
    for (int i = 0; i < 101; ++i) many += "X-" + std::to_string(i) + ": 1\r\n";
    EXPECT_EQ(parse_head(many + "\r\n").refused, 431);
}

// Every kind of speedlab::Error a page throws becomes its status in one place;
// only a 500 hides its message (it may name files or SQL).
TEST(ServeErrors, EachKindIsItsStatusAndPage) {
    struct Case {
        std::string name;
        speedlab::ErrorKind kind;
        int status;
        std::string html_says;
    } cases[] = {
        {"usage", speedlab::ErrorKind::usage, 400, "Bad request"},
        {"input", speedlab::ErrorKind::input, 400, "Bad request"},
        {"not found", speedlab::ErrorKind::not_found, 404, "Not found"},
        {"failed", speedlab::ErrorKind::failed, 422, "Cannot be done"},
        {"busy", speedlab::ErrorKind::busy, 503, "The store is busy"},
        {"interrupted", speedlab::ErrorKind::interrupted, 503, "The store is busy"},
        {"io", speedlab::ErrorKind::io, 500, "The store could not answer"},
        {"internal", speedlab::ErrorKind::internal, 500, "The store could not answer"},
    };
    const auto links = Links::live();
    for (const auto& c : cases) {
        const speedlab::Error e(c.kind, "why: /secret/path");
        auto page = error_answer(links, e, false);
        EXPECT_EQ(page.status, c.status) << c.name;
        EXPECT_NE(page.body.find(c.html_says), std::string::npos) << c.name << page.body;
        auto json = nlohmann::json::parse(error_answer(links, e, true).body);
        EXPECT_EQ(error_answer(links, e, true).status, c.status) << c.name;
        const bool hidden = c.status == 500;
        EXPECT_EQ(page.body.find("/secret/path") == std::string::npos, hidden) << c.name;
        EXPECT_EQ(json.at("error") == "why: /secret/path", !hidden) << c.name << json;
    }
}

TEST(ServeWire, AnAnswerCarriesItsLengthAndTheSecurityHeaders) {
    Response r{
        200, "text/html; charset=utf-8", "<p>x</p>", {{"Bad\r\nName", "x"}, {"A", "b\r\nc"}}};
    std::string get = wire(r, true, false), head = wire(r, false, true);
    EXPECT_TRUE(get.starts_with("HTTP/1.1 200 OK\r\n"));
    EXPECT_TRUE(get.ends_with("\r\n\r\n<p>x</p>"));
    EXPECT_TRUE(head.ends_with("\r\n\r\n"));
    auto a = answers_in(get);
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0].headers["content-length"], "8");
    EXPECT_EQ(a[0].headers["connection"], "keep-alive");
    EXPECT_EQ(a[0].headers["x-frame-options"], "DENY");
    EXPECT_EQ(a[0].headers["x-content-type-options"], "nosniff");
    EXPECT_TRUE(a[0].headers["content-security-policy"].starts_with("default-src 'none';"));
    EXPECT_EQ(a[0].headers.count("a"), 0u);  // a header that would split the head is dropped
    EXPECT_EQ(a[0].headers.count("accept-ranges"), 0u);
    EXPECT_NE(head.find("Connection: close\r\n"), std::string::npos);
}

namespace {
// A real `speedlab serve` on a store of seeds 000 and 004 (19 runs).
class ServeHostile : public Cli {
  protected:
    std::unique_ptr<ServeProcess> server;
    int port = 0;
    void SetUp() override {
        Cli::SetUp();
        auto r = run("import " + fixture_path("seed000-redhat73-pcem.txt") + " " +
                     fixture_path("seed004-athlon-p3.txt"));
        ASSERT_EQ(r.code, 0) << r.err;
        server = std::make_unique<ServeProcess>(db());
        port = server->port();
        ASSERT_GT(port, 0);
    }
    void TearDown() override {
        server.reset();
        Cli::TearDown();
    }
    std::vector<Answer> get(const std::string& target, const std::string& more = "") {
        return answers_in(http_exchange(port, "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                                                  more + "Connection: close\r\n\r\n"));
    }
    // Connections that send a header line every second and never end their head.
    std::vector<int> slow_clients(int n) {
        std::vector<int> fds;
        for (int i = 0; i < n; ++i) {
            int fd = connect_to(port);
            if (fd >= 0 && send_text(fd, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"))
                fds.push_back(fd);
        }
        return fds;
    }
    static void trickle(const std::vector<int>& fds, int line) {
        for (int fd : fds) send_text(fd, "X-Slow-" + std::to_string(line) + ": 1\r\n");
    }
};
}  // namespace

// A Range header never makes a generated page partial or multipart: issue 31.1.
TEST_F(ServeHostile, RangeIsIgnoredAndMemoryStaysFlat) {
    auto whole = get("/compare?runs=1,2,3,4,5,6,7,18,19");
    ASSERT_EQ(whole.size(), 1u);
    ASSERT_EQ(whole[0].status, 200);
    std::string many = "bytes=0-";
    for (int i = 0; i < 2000; ++i) many += ",0-";
    struct Case {
        std::string name, range;
    } cases[] = {{"one range", "bytes=0-10"}, {"suffix", "bytes=-5"}, {"2,001 ranges", many}};
    for (const auto& c : cases) {
        for (int i = 0; i < 5; ++i) {
            auto a = get("/compare?runs=1,2,3,4,5,6,7,18,19", "Range: " + c.range + "\r\n");
            ASSERT_EQ(a.size(), 1u) << c.name;
            EXPECT_EQ(a[0].status, 200) << c.name;
            EXPECT_EQ(a[0].body.size(), whole[0].body.size()) << c.name;
            EXPECT_TRUE(a[0].body == whole[0].body) << c.name;  // not printed: 100 kB
            EXPECT_EQ(a[0].headers.count("accept-ranges"), 0u) << c.name;
            EXPECT_EQ(a[0].headers.count("content-range"), 0u) << c.name;
            EXPECT_EQ(a[0].headers["content-type"], "text/html; charset=utf-8") << c.name;
            if (testing::Test::HasFailure()) return;  // one case's failures say enough
        }
    }
    // AddressSanitizer's shadow memory and quarantine are not the server's.
    if (!SPEEDLAB_SANITIZE_BUILD) {
        EXPECT_LT(server->peak_kb(), 200 * 1024);
    }
}

// Whatever the method, only GET and HEAD are answered with a page: issue 31.18.
TEST_F(ServeHostile, EveryOtherMethodGets405) {
    for (std::string line : {"TRACE / HTTP/1.1", "CONNECT example.com:443 HTTP/1.1",
                             "BREW /pot HTTP/1.1", "PROPFIND / HTTP/1.1", "DELETE /run/1 HTTP/1.1",
                             "OPTIONS * HTTP/1.1", "POST /?format=json HTTP/1.1"}) {
        auto a = answers_in(http_exchange(port, line + "\r\nHost: x\r\nConnection: close\r\n\r\n"));
        ASSERT_EQ(a.size(), 1u) << line;
        EXPECT_EQ(a[0].status, 405) << line;
        EXPECT_EQ(a[0].headers["allow"], "GET, HEAD") << line;
    }
    auto head = http_exchange(port, "HEAD /run/1 HTTP/1.1\r\nConnection: close\r\n\r\n");
    EXPECT_TRUE(head.starts_with("HTTP/1.1 200 OK\r\n"));
    EXPECT_TRUE(head.ends_with("\r\n\r\n")) << "HEAD has no body";
}

// Pipelined requests are all answered, in order, on the one connection: issue 31.19.
TEST_F(ServeHostile, PipelinedRequestsAreAllAnswered) {
    std::string targets[] = {"/run/1", "/machines?format=json", "/run/999", "/run/2?format=json"};
    std::string bytes;
    for (const auto& t : targets) bytes += "GET " + t + " HTTP/1.1\r\nHost: x\r\n\r\n";
    bytes += "GET /favicon.ico HTTP/1.1\r\nConnection: close\r\n\r\n";
    auto a = answers_in(http_exchange(port, bytes));
    ASSERT_EQ(a.size(), 5u);
    int want[] = {200, 200, 404, 200, 200};
    for (size_t i = 0; i < 5; ++i) EXPECT_EQ(a[i].status, want[i]) << i;
    EXPECT_EQ(a[3].body, get("/run/2?format=json")[0].body);
    EXPECT_EQ(a[4].headers["connection"], "close");
}

// Odd paths get a whole page; a failed ?format=json request gets JSON: issue 31.20, 31.22.
TEST_F(ServeHostile, ErrorsAreWholeAndJsonWhenJsonIsAsked) {
    struct Case {
        std::string name, target;
        int status;
    } cases[] = {{"NUL", "/run/1%00", 404},
                 {"NUL json", "/run/1%00?format=json", 404},
                 {"no run", "/run/999?format=json", 404},
                 {"bad date", "/?since=2026-13-45&format=json", 400},
                 {"one run", "/compare?runs=1&format=json", 400},
                 {"no machine", "/machine/nosuch?format=json", 404}};
    for (const auto& c : cases) {
        auto a = get(c.target);
        ASSERT_EQ(a.size(), 1u) << c.name;
        EXPECT_EQ(a[0].status, c.status) << c.name;
        EXPECT_EQ(a[0].body.find('\0'), std::string::npos) << c.name;
        EXPECT_EQ(std::to_string(a[0].body.size()), a[0].headers["content-length"]) << c.name;
        if (c.target.find("format=json") == std::string::npos) {
            EXPECT_TRUE(a[0].body.ends_with("</html>\n")) << c.name << a[0].body;
            continue;
        }
        EXPECT_EQ(a[0].headers["content-type"], "application/json") << c.name;
        auto json = nlohmann::json::parse(a[0].body);
        EXPECT_TRUE(json.at("error").is_string()) << c.name;
    }
    EXPECT_NE(get("/run/1%00")[0].body.find("<p>no page /run/1?.</p>"), std::string::npos);
    EXPECT_EQ(nlohmann::json::parse(get("/run/1%00?format=json")[0].body),
              nlohmann::json({{"error", "no page /run/1?"}}));
}

// Every answer says: no script, no frames, no sniffing: issue 31.21.
TEST_F(ServeHostile, EveryAnswerCarriesTheSecurityHeaders) {
    for (std::string target : {"/", "/run/1", "/nowhere", "/favicon.ico", "/machines?format=csv"}) {
        auto a = get(target);
        ASSERT_EQ(a.size(), 1u) << target;
        EXPECT_EQ(a[0].headers["content-security-policy"],
                  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action "
                  "'self'; base-uri 'none'; frame-ancestors 'none'")
            << target;
        EXPECT_EQ(a[0].headers["x-frame-options"], "DENY") << target;
        EXPECT_EQ(a[0].headers["x-content-type-options"], "nosniff") << target;
    }
    struct Case {
        std::string name, bytes;
        int status;
    } refused[] = {
        {"long line", "GET /" + std::string(10000, 'a') + " HTTP/1.1\r\n\r\n", 414},
        {"big body", "POST / HTTP/1.1\r\nContent-Length: 100000\r\n\r\n", 413},
        {"chunked", "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 411},
        {"not http", "hello\r\n\r\n", 400},
    };
    for (const auto& c : refused) {
        auto a = answers_in(http_exchange(port, c.bytes));
        ASSERT_EQ(a.size(), 1u) << c.name;
        EXPECT_EQ(a[0].status, c.status) << c.name;
        EXPECT_EQ(a[0].headers["x-frame-options"], "DENY") << c.name;
    }
}

// 32 clients sending a header line a second hold no worker: a normal request
// is answered at once, and each slow one gets 408 within the 10 s head
// deadline: issue 31.4.
TEST_F(ServeHostile, SlowClientsHoldNoWorkerAndMeetADeadline) {
    auto slow = slow_clients(32);
    ASSERT_EQ(slow.size(), 32u);
    auto start = std::chrono::steady_clock::now();
    std::atomic<bool> done = false;
    std::thread trickler([&] {  // a line a second, for longer than the deadline
        for (int line = 0; line < 15 && !done; ++line) {
            trickle(slow, line);
            std::this_thread::sleep_for(std::chrono::seconds(1));
        }
    });
    for (int i = 0; i < 3; ++i) {
        auto asked = std::chrono::steady_clock::now();
        auto a = get("/run/1");
        EXPECT_TRUE(a.size() == 1 && a[0].status == 200) << i;
        EXPECT_LT(std::chrono::steady_clock::now() - asked, std::chrono::seconds(3));
        std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        start + std::chrono::seconds(14) - std::chrono::steady_clock::now());
    int timed_out = 0;
    for (const auto& got : read_all_to_close(slow, int(left.count())))
        timed_out += got.starts_with("HTTP/1.1 408 ");
    done = true;
    trickler.join();
    for (int fd : slow) close(fd);
    EXPECT_EQ(timed_out, 32);
}

// The rest of docs/serve.md's table: a silent connection is closed after 5 s,
// a kept-alive one answers again, HTTP/1.0 closes, and past 512 connections
// the one waiting longest makes room for a new one.
TEST_F(ServeHostile, ConnectionsAreKeptClosedAndCappedAsDocumented) {
    int silent = connect_to(port);
    auto opened = std::chrono::steady_clock::now();
    EXPECT_TRUE(closed_within(silent, 8000));
    auto closed_after = std::chrono::steady_clock::now() - opened;
    EXPECT_GT(closed_after, std::chrono::milliseconds(4500));
    EXPECT_LT(closed_after, std::chrono::milliseconds(7000));
    close(silent);

    int kept = connect_to(port);
    for (int i = 0; i < 3; ++i) {
        ASSERT_TRUE(send_text(kept, "GET /run/1 HTTP/1.1\r\nHost: x\r\n\r\n"));
        std::string got;
        for (int waited = 0; waited < 5000 && answers_in(got).empty(); waited += 50)
            got += read_to_close(kept, 50);
        auto a = answers_in(got);
        ASSERT_EQ(a.size(), 1u) << i;
        EXPECT_EQ(a[0].headers["connection"], "keep-alive");
    }
    close(kept);
    auto old = answers_in(http_exchange(port, "GET /run/1 HTTP/1.0\r\n\r\n", 3000));
    ASSERT_EQ(old.size(), 1u);
    EXPECT_EQ(old[0].headers["connection"], "close");

    auto first = slow_clients(1);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    auto crowd = slow_clients(520);
    auto a = get("/run/1");
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0].status, 200);
    EXPECT_TRUE(closed_within(first[0], 1000)) << "the longest waiting was closed";
    EXPECT_FALSE(closed_within(crowd.back(), 200)) << "the newest was kept";
    for (int fd : first) close(fd);
    for (int fd : crowd) close(fd);
}

// SIGTERM and Ctrl-C stop the server within 2 s, slow clients or not: issue 31.5.
TEST_F(ServeHostile, SignalsStopItWithin2sWhateverIsConnected) {
    for (int sig : {SIGTERM, SIGINT}) {
        if (sig == SIGINT) {
            server = std::make_unique<ServeProcess>(db());
            port = server->port();
            ASSERT_GT(port, 0);
        }
        auto slow = slow_clients(20);
        int idle = connect_to(port);  // a connection that says nothing
        ASSERT_EQ(get("/")[0].status, 200);
        int status = server->signal_and_wait(sig, 2000);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << sig << ": " << status;
        for (int fd : slow) close(fd);
        close(idle);
    }
}
