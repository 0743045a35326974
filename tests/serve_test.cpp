// The served site's parts that need no store: URLs, links, file names and
// the order of versions. Pages are tested through HTTP in tests/stores.
#include <gtest/gtest.h>

#include "serve/history.h"
#include "serve/http.h"
#include "serve/links.h"
#include "serve/url.h"

using namespace speedlab::serve;

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
    EXPECT_TRUE(version_less("OpenSSL 0.9.8k", "OpenSSL 1.0.0"));
    EXPECT_TRUE(version_less("OpenSSL 1.1.1w", "OpenSSL 3.0.2"));
    EXPECT_TRUE(version_less("OpenSSL 3.0.2", "OpenSSL 3.0.10"));
    EXPECT_FALSE(version_less("OpenSSL 3.0.10", "OpenSSL 3.0.2"));
    EXPECT_TRUE(version_less("0.9.6", "0.9.6b"));
    EXPECT_FALSE(version_less("1.0", "1.0"));
}
