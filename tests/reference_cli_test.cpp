// speedlab reference list|show|import and rank, end to end on the shipped
// reference set (data/reference, found from the build tree) and seed 000.
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <set>

#include "cli_support.h"
#include "serve_support.h"

namespace speedlab::testing {

namespace {
using nlohmann::json;

struct ListCase {
    std::string name, input;
    size_t want;
};
}  // namespace

class ReferenceCli : public Cli {};

TEST_F(ReferenceCli, ListFiltersByCpuYearAndKind) {
    // The 1990s runs are fixed; the set grows after 2000, so those counts are
    // asserted by how they add up.
    const ListCase cases[] = {
        {"a CPU and clock", "--cpu 'Pentium 100'", 15},
        {"a glob", "--cpu 'intel pentium pro*'", 4},
        {"before a year", "--before 2000", 47},
        {"one year", "--after 1995 --before 1997", 18},
        {"no such CPU", "--cpu 'Pentium 75'", 0},
    };
    auto count = [&](const std::string& input) {
        auto r = run("reference list --format json " + input);
        EXPECT_EQ(r.code, 0) << input << ": " << r.err;
        return r.code == 0 ? json::parse(r.out).size() : size_t{0};
    };
    for (const auto& c : cases) EXPECT_EQ(count(c.input), c.want) << c.name;
    size_t all = count("");
    EXPECT_GE(all, 160u);
    EXPECT_EQ(count("--kind physical") + count("--kind cloud"), all);
    EXPECT_EQ(count("--kind emulated"), 0u);
    EXPECT_EQ(count("--before 2000") + count("--after 1999"), all);
}

TEST_F(ReferenceCli, ListJsonCarriesTheFactsAndCitation) {
    auto r = run("reference list --format json --cpu 'Pentium 100' --before 2000");
    ASSERT_EQ(r.code, 0) << r.err;
    auto runs = json::parse(r.out);
    auto ln4 = *std::find_if(runs.begin(), runs.end(), [](const json& j) {
        return j["label"] == "openssl-times/586-100.ln4";
    });
    EXPECT_EQ(ln4["id"], 14);
    EXPECT_EQ(ln4["cpu"], "Intel Pentium");
    EXPECT_EQ(ln4["clock_mhz"], 100);
    EXPECT_EQ(ln4["cores"], 1);
    EXPECT_EQ(ln4["kind"], "physical");
    EXPECT_EQ(ln4["os"], "Linux");
    EXPECT_EQ(ln4["version"], "SSLeay 0.8.3aa");
    EXPECT_EQ(ln4["citation"]["source"], "https://github.com/openssl/openssl");
    EXPECT_EQ(ln4["citation"]["lines"], "1-26");
    EXPECT_NE(ln4["terms"].get<std::string>().find("SSLeay License"), std::string::npos);
    EXPECT_TRUE(ln4.contains("year"));
    r = run("reference list --format csv --cpu 'Pentium 100'");
    EXPECT_NE(r.out.find("\n14,openssl-times/586-100.ln4,Intel Pentium,100,1,physical,Linux,"
                         "SSLeay 0.8.3aa,"),
              std::string::npos)
        << r.out;
    r = run("reference list --cpu 'Pentium 100'");
    EXPECT_NE(r.out.find("15 reference runs\n"), std::string::npos) << r.out;
    // Each source's terms under the runs it gave.
    EXPECT_NE(r.out.find("15 reference runs\nsources and their terms:\n  "
                         "https://github.com/openssl/openssl (6 runs): OpenSSL License and "
                         "original SSLeay License"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("  https://github.com/barryc-ro/RiscOS_2003 (3 runs): SSLeay licence"),
              std::string::npos)
        << r.out;
    // The whole set: every source of the JSON, with its terms, under the list.
    auto all = json::parse(run("reference list --format json").out);
    r = run("reference list");
    auto terms = r.out.substr(r.out.find("\nsources and their terms:\n"));
    std::set<std::string> sources;
    for (const auto& one : all) sources.insert(one["citation"]["source"].get<std::string>());
    EXPECT_EQ(sources.size(), 5u);
    for (const auto& source : sources) {
        size_t n = static_cast<size_t>(std::count_if(all.begin(), all.end(), [&](const json& one) {
            return one["citation"]["source"] == source;
        }));
        EXPECT_NE(terms.find(fmt::format("  {} ({} runs): ", source, n)), std::string::npos)
            << source << "\n"
            << terms;
    }
    // Fits 100 columns (stdout is no terminal): UTF-8 continuation bytes take none.
    for (size_t at = 0, end; (end = r.out.find('\n', at)) != std::string::npos; at = end + 1) {
        auto line = r.out.substr(at, end - at);
        EXPECT_LE(
            std::count_if(line.begin(), line.end(), [](char c) { return (c & 0xC0) != 0x80; }), 100)
            << line;
    }
}

TEST_F(ReferenceCli, ShowGivesTheCitationAndTheSourceLines) {
    for (const char* id : {"14", "openssl-times/586-100.ln4"}) {
        auto r = run(std::string("reference show ") + id);
        ASSERT_EQ(r.code, 0) << r.err;
        EXPECT_NE(r.out.find("reference run 14: openssl-times/586-100.ln4\n"), std::string::npos);
        EXPECT_NE(r.out.find("  commit        c4b05d045267930623039ee45e51d668275363fd\n"),
                  std::string::npos)
            << r.out;
        EXPECT_NE(r.out.find("  path          times/586-100.ln4\n"), std::string::npos);
        EXPECT_NE(r.out.find("\nsource lines\n  | "), std::string::npos);
        EXPECT_NE(r.out.find("18251.78k"), std::string::npos) << r.out;  // md5@8192 as printed
    }
    auto r = run("reference show 14 --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    auto j = json::parse(r.out);
    EXPECT_EQ(j["reference"]["citation"]["file"], "586-100.ln4.txt");
    EXPECT_NE(j["raw_text"].get<std::string>().find("18251.78k"), std::string::npos);
}

TEST_F(ReferenceCli, RefusesWhatItCannotUse) {
    const struct {
        std::string name, input;
        int want;
        std::string says;
    } cases[] = {
        {"unknown run", "reference show 'Pentium 75'", 2, "no reference run 'Pentium 75'"},
        {"several runs", "reference show 'Pentium 100'", 2, "names 15 reference runs"},
        {"no set file", "reference list --reference /nonexistent.json", 65,
         "--reference /nonexistent.json: no such file"},
        {"no set in the environment", "reference list", 65,
         "SPEEDLAB_REFERENCE=/nonexistent.json: no such file"},
        {"not a set", "reference list --reference " + fixture_path("seed000-redhat73-pcem.txt"), 65,
         "not a reference set"},
        {"unknown kind", "reference list --kind mainframe", 2, "mainframe"},
    };
    for (const auto& c : cases) {
        auto r = run(c.input, c.name == "no set in the environment"
                                  ? "SPEEDLAB_REFERENCE=/nonexistent.json"
                                  : "");
        EXPECT_EQ(r.code, c.want) << c.name << ": " << r.err;
        EXPECT_NE(r.err.find(c.says), std::string::npos) << c.name << ": " << r.err;
    }
}

TEST_F(ReferenceCli, ImportCopiesOnlyWhatItIsAskedFor) {
    auto r = run("list --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(json::parse(r.out).size(), 0u);  // the set is not in the store
    r = run("reference import 'Pentium Pro 200'");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "imported 4 of 4 reference runs (0 stored already)\n");
    r = run("reference import 'Pentium Pro 200'");
    EXPECT_EQ(r.out, "imported 0 of 4 reference runs (4 stored already)\n");
    r = run("list --format json");
    auto runs = json::parse(r.out);
    ASSERT_EQ(runs.size(), 4u);
    EXPECT_EQ(runs[0]["label"], "openssl-times/091_686-200.lnx");
    r = run("reference import 'Pentium 75'");
    EXPECT_EQ(r.code, 2);
}

// The seeds' question: seed 000's PCem Pentium 75 (OpenSSL 0.9.6b built with
// its assembler) among real machines is next to SSLeay's Pentium 100 runs.
TEST_F(ReferenceCli, RankNamesRealPentiumsNearThePcemPentium75) {
    ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt")).code, 0);
    auto r = run("rank 'p-rh73 rh73 0.9.6b asm' --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    auto j = json::parse(r.out);
    auto closest = j["closest"];
    ASSERT_EQ(closest.size(), 8u);
    for (const auto& c : closest) {
        EXPECT_EQ(c["cpu"], "Intel Pentium") << c;
        EXPECT_EQ(c["clock_mhz"], 100) << c;
        EXPECT_EQ(c["same_version"], false);
        EXPECT_LE(c["low"].get<double>(), c["ratio"].get<double>());
        EXPECT_GE(c["high"].get<double>(), c["ratio"].get<double>());
        EXPECT_GT(c["ratio"].get<double>(), 0.8);
        EXPECT_LT(c["ratio"].get<double>(), 1.2);
    }
    EXPECT_EQ(closest[0]["label"], "openssl-times/586-1002.lnx");
    EXPECT_NEAR(closest[0]["ratio"].get<double>(), 1.032, 0.0005);
    EXPECT_NEAR(closest[0]["low"].get<double>(), 0.977, 0.0005);
    EXPECT_NEAR(closest[0]["high"].get<double>(), 1.091, 0.0005);
    EXPECT_EQ(closest[0]["figures"], 62);
    // md5 at 8192 bytes: 13.50 MB/s, between an UltraSPARC's 12.40 and 13.77.
    auto md5 = *std::find_if(j["figures"].begin(), j["figures"].end(),
                             [](const json& f) { return f["metric"] == "md5@8192"; });
    EXPECT_EQ(md5["machines"], 46);
    EXPECT_EQ(md5["below"]["cpu"], "UltraSPARC");
    EXPECT_EQ(md5["above"]["cpu"], "UltraSPARC");
    EXPECT_NEAR(md5["percentile"].get<double>(), 60.9, 0.1);
    // Within noise of the 13.77 above it, and of one more: it may beat 30 of the 46,
    // and surely beats the 28 below.
    EXPECT_NEAR(md5["percentile_low"].get<double>(), 100.0 * 28 / 46, 1e-9);
    EXPECT_NEAR(md5["percentile_high"].get<double>(), 100.0 * 30 / 46, 1e-9);
    for (const auto& f : j["figures"]) {
        EXPECT_LE(f["percentile_low"].get<double>(), f["percentile"].get<double>()) << f;
        EXPECT_GE(f["percentile_high"].get<double>(), f["percentile"].get<double>()) << f;
    }
    EXPECT_NE(closest[0]["terms"].get<std::string>().find("OpenSSL License"), std::string::npos);
    r = run("rank 'p-rh73 rh73 0.9.6b asm'");
    EXPECT_NE(r.out.find("    1.032x [0.977-1.091]  Intel Pentium 100 MHz "
                         "(openssl-times/586-1002.lnx, id 15): 62 figures; version differs "
                         "(SSLeay 0.8.3e)\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("  md5@8192             13.50 MB/s  above  61% [61-65%] of  46  below: "
                         "12.40 MB/s UltraSPARC 167 MHz  above: 13.77 MB/s UltraSPARC 167 MHz\n"),
              std::string::npos)
        << r.out;
    // The terms of every source it names: the closest machines' and the neighbours'.
    auto terms = r.out.substr(r.out.find("\nsources and their terms:\n"));
    for (const char* source :
         {"https://github.com/openssl/openssl (", "https://github.com/nodejs/node (",
          "https://github.com/barryc-ro/RiscOS_2003 ("})
        EXPECT_NE(terms.find(source), std::string::npos) << source << "\n" << terms;
    EXPECT_NE(terms.find("(5 runs): SSLeay licence"), std::string::npos) << terms;
    r = run("rank 'p-rh73 rh73 0.9.6b asm' --metrics md5 --format json");
    EXPECT_EQ(json::parse(r.out)["figures"].size(), 5u);
    EXPECT_EQ(run("rank nosuchrun").code, 2);
    // A machine's name: its run with the most figures the reference set has,
    // not its newest (a BogoMips-only run, which no reference run shares).
    r = run("rank PCem --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(json::parse(r.out)["run"]["id"], 3);
    EXPECT_NE(r.err.find("PCem: took run 3 (p-rh73 rh73 0.9.6b asm) of machine p-rh73 of 8 runs, "
                         "the one sharing the most figures with the reference set"),
              std::string::npos)
        << r.err;
}

TEST_F(ReferenceCli, CompareTakesAReferenceRun) {
    ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt")).code, 0);
    auto r = run("compare 'p-rh73 rh73 0.9.6b asm' ref:15 --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("ref:openssl-times/586-1002.lnx"), std::string::npos);
    r = run("compare 'p-rh73 rh73 0.9.6b asm' ref:'Pentium 100'");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("ref:Pentium 100 names 15 reference runs; took "
                         "openssl-times-node/090_586-100.nt"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(run("compare 3 ref:'Pentium 75'").code, 2);
    EXPECT_EQ(run("compare 3 ref:15", "SPEEDLAB_REFERENCE=/nonexistent.json").code, 65);
}

// ref:TEXT is a word of the run resolver (store/run_resolver.h): it mixes with
// the other words, keeps its place, takes part in choosing a machine's run,
// and the commands that act on stored runs refuse it.
TEST_F(ReferenceCli, RefWordsAreReadWhereverRunsAreNamed) {
    ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt")).code, 0);
    const std::string ref15 = "ref:openssl-times/586-1002.lnx";
    const std::string asm3 = "3 p-rh73 rh73 0.9.6b asm";
    const struct {
        std::string name, input;
        int want;
        std::string a, b, err;  // compare's A and B (JSON), and a part of stderr
    } cases[] = {
        {"a machine's run chosen to match the reference run", "compare PCem ref:15", 0, asm3, ref15,
         "PCem: took run 3 (p-rh73 rh73 0.9.6b asm) of machine p-rh73 of 8 runs, the one sharing "
         "the most figures"},
        {"the reference run first is the baseline", "compare ref:15 3", 0, ref15, asm3, ""},
        {"named twice, compared once", "compare 3 ref:15 ref:openssl-times/586-1002.lnx", 0, asm3,
         ref15, ""},
        {"no such reference run", "compare 3 ref:nosuch", 2, "", "", "no reference run 'nosuch'"},
        {"export takes stored runs", "export ref:15", 2, "", "",
         "'ref:15' names a reference machine, and this command takes stored runs only"},
        {"show takes stored runs", "show ref:15", 2, "", "", "takes stored runs only"},
        {"delete takes stored runs", "delete ref:15", 2, "", "", "takes stored runs only"},
    };
    for (const auto& c : cases) {
        bool compare = c.input.rfind("compare", 0) == 0;
        auto r = run(c.input + (compare ? " --format json" : ""));
        EXPECT_EQ(r.code, c.want) << c.name << ": " << r.err;
        EXPECT_NE(r.err.find(c.err), std::string::npos) << c.name << ": " << r.err;
        if (r.code != 0 || !compare) continue;
        auto j = json::parse(r.out);
        EXPECT_EQ(j["a"], c.a) << c.name;
        EXPECT_EQ(j["b"], c.b) << c.name;
    }
    EXPECT_EQ(json::parse(run("list --format json").out).size(), 17u);  // nothing stored
}

// serve's /compare reads runs= with the same resolver, ref: included, and
// answers what compare --format json prints.
TEST_F(ReferenceCli, ServedCompareTakesAReferenceRun) {
    ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt")).code, 0);
    auto cli = run("compare PCem ref:15 --format json");
    ASSERT_EQ(cli.code, 0) << cli.err;
    ServeProcess server(db());
    ASSERT_GT(server.port(), 0);
    auto get = [&](const std::string& target) {
        auto a = answers_in(http_exchange(server.port(), "GET " + target +
                                                             " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                                             "Connection: close\r\n\r\n"));
        return a.empty() ? Answer{} : a[0];
    };
    auto page = get("/compare?runs=PCem,ref:15&format=json");
    EXPECT_EQ(page.status, 200);
    EXPECT_EQ(page.body, cli.out);
    page = get("/compare?runs=PCem,ref:15");
    EXPECT_EQ(page.status, 200);
    EXPECT_NE(page.body.find("speedlab compare 3 ref:openssl-times/586-1002.lnx</code>"),
              std::string::npos);
    EXPECT_NE(page.body.find("<th>ref:openssl-times/586-1002.lnx</th>"), std::string::npos);
    page = get("/compare?runs=PCem,ref:nosuch");
    EXPECT_EQ(page.status, 404);
    EXPECT_NE(page.body.find("no reference run 'nosuch'"), std::string::npos)
        << page.body.substr(0, 2000);
}

TEST_F(ReferenceCli, PublishedPageDrawsEveryMachineWithItsCpuAndSource) {
    ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt")).code, 0);
    auto site = (dir / "site").string();
    auto r = run("publish " + site);
    ASSERT_EQ(r.code, 0) << r.err;
    std::string page = slurp(site + "/reference.html");
    size_t points = 0;
    for (size_t at = 0; (at = page.find("class=\"ref\"", at)) != std::string::npos; ++at) {
        size_t title = page.find("<title>", at), end = page.find("</title>", at);
        ASSERT_NE(title, std::string::npos);
        std::string hover = page.substr(title + 7, end - title - 7);
        EXPECT_NE(hover.find("; source: https://github.com/"), std::string::npos) << hover;
        ++points;
    }
    // Every run has a figure of the classic suite: the 47 SSLeay runs (md5, sha1, rc4,
    // des), the sbc-bench and Spare Cores runs AES at 8192 bytes.
    EXPECT_EQ(points, json::parse(run("reference list --format json").out).size());
    EXPECT_NE(page.find("Intel Pentium 100 MHz, SSLeay 0.8.3aa, 1997"), std::string::npos);
    EXPECT_NE(page.find("class=\"own\""), std::string::npos);
    EXPECT_NE(page.find("href=\"reference.html\""), std::string::npos);
}

}  // namespace speedlab::testing
