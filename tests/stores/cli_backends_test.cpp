// The command line on SQLite and on PostgreSQL alike, and runs that travel
// between them in bundles.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "../history_nights.h"
#include "both_stores.h"

using namespace speedlab::testing;

namespace {
class CliOn : public BothStores {
  protected:
    // What schema 7 added, so a test can plant an older store (SQLite only:
    // on PostgreSQL migration 7 adds nothing).
    void drop_schema_7() {
        raw_sql("ALTER TABLE measurements DROP COLUMN source_line");  // what schema 11 added
        raw_sql("DROP TABLE history_answers");                        // and what schema 10 added
        raw_sql("DROP TABLE store_generation");
        raw_sql("DROP INDEX runs_measured_at");  // and what schema 8 added
        raw_sql("ALTER TABLE runs DROP COLUMN measured_at");
        raw_sql("ALTER TABLE runs DROP COLUMN stored_at");
        if (GetParam() != Backend::sqlite) return;
        raw_sql("DROP TRIGGER runs_id_high");
        raw_sql("DROP TABLE run_id_high");
    }
};

std::string seed(const std::string& name) {
    return fixture_path(name);
}

// A bundle's runs without their ids, which belong to the store they came from.
nlohmann::json runs_without_ids(const std::string& bundle_text) {
    auto j = nlohmann::json::parse(bundle_text);
    for (auto& run : j.at("runs")) run.erase("id"), run.erase("stored_at");  // the store's own
    return j.at("runs");
}
}  // namespace

TEST_P(CliOn, ImportsListsShowsComparesEditsAndDeletes) {
    auto r = run("import " + seed("seed000-redhat73-pcem.txt"));
    ASSERT_EQ(r.code, 0) << r.err;
    r = run("list");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("tilia rh73 0.9.6b"), std::string::npos) << r.out;
    r = run("list --limit 2");
    EXPECT_NE(r.out.find("(the newest 2 of 17 runs; --limit 0 lists all)"), std::string::npos)
        << r.out;
    r = run("show 'p-rh73 rh73 0.9.6b engine #2' --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out).at("measurements").size(), 74u);
    r = run("compare 1 2 --metrics md5@8192 --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("md5@8192"), std::string::npos);
    EXPECT_EQ(run("edit 2 --label packaged --machine pcem").code, 0);
    r = run("list --machine pcem --format json");
    ASSERT_EQ(nlohmann::json::parse(r.out).size(), 1u) << r.out;
    EXPECT_EQ(nlohmann::json::parse(r.out)[0].at("label"), "packaged");
    EXPECT_EQ(run("delete -y packaged 3").code, 0);
    EXPECT_EQ(nlohmann::json::parse(run("list --format json").out).size(), 15u);
}

TEST_P(CliOn, ABundleImportsLosslesslyAndOnlyOnce) {
    ASSERT_EQ(run("import " + seed("seed000-redhat73-pcem.txt")).code, 0);
    ASSERT_EQ(run("import " + seed("seed004-athlon-p3.txt")).code, 0);
    std::string bundle = (dir / "all.json").string();
    auto r = run("export --all -o " + bundle);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("exported 19 run(s)"), std::string::npos) << r.err;
    std::string elsewhere = another_store("elsewhere");
    r = run_at(elsewhere, "import " + bundle);
    ASSERT_EQ(r.code, 0) << r.err;
    r = run_at(elsewhere, "export --all");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(runs_without_ids(r.out), runs_without_ids(slurp(bundle)));
    r = run_at(elsewhere, "import " + bundle);  // again: every run is already there
    ASSERT_EQ(r.code, 1) << r.err;              // nothing stored, as for a text imported before
    EXPECT_NE(r.err.find("already stored as run"), std::string::npos) << r.err;
    EXPECT_EQ(nlohmann::json::parse(run_at(elsewhere, "list --format json").out).size(), 19u);
}

// A bundle carries each figure's line of its raw text; one written before
// figures had lines imports with them unknown, and is the same run as the
// one stored with them (a line is where, not what).
TEST_P(CliOn, ABundleCarriesEachFiguresLineAndOneWithoutLinesStillImports) {
    ASSERT_EQ(run("import " + seed("seed000-redhat73-pcem.txt")).code, 0);
    auto r = run("export --all");
    ASSERT_EQ(r.code, 0) << r.err;
    auto bundle = nlohmann::json::parse(r.out);
    for (auto& one : bundle.at("runs"))
        for (auto& m : one.at("measurements")) {
            EXPECT_GT(m.value("line", 0), 0) << m.dump();
            m.erase("line");
        }
    std::string old = (dir / "old.json").string();
    std::ofstream(old) << bundle.dump(2);
    std::string elsewhere = another_store("elsewhere");
    r = run_at(elsewhere, "import " + old);
    ASSERT_EQ(r.code, 0) << r.err;
    auto back = runs_without_ids(run_at(elsewhere, "export --all").out);
    EXPECT_EQ(back, runs_without_ids(bundle.dump()));  // no line appears
    r = run("import " + old);
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("already stored as run"), std::string::npos) << r.err;
}

TEST_P(CliOn, MeasuredMultiAndWrappedRunsTravelWithTheirSamples) {
    for (const char* args : {"--repeat 3 --label repeated", "--multi 2 --label multi",
                             "--under 'nice -n 1' --label wrapped"}) {
        auto r = run(std::string("run md5 --bytes 64 --seconds 0.05 ") + args);
        ASSERT_EQ(r.code, 0) << args << ": " << r.err;
    }
    auto r = run("export --all");
    ASSERT_EQ(r.code, 0) << r.err;
    std::string bundle = (dir / "measured.json").string();
    std::ofstream(bundle) << r.out;
    auto runs = runs_without_ids(r.out);
    ASSERT_EQ(runs.size(), 3u);
    EXPECT_EQ(runs[0].at("measurements")[0].at("samples").size(), 3u);
    EXPECT_EQ(runs[1].at("processes"), 2);
    EXPECT_EQ(runs[2].at("platform"), "nice -n 1");
    std::string elsewhere = another_store("elsewhere");
    ASSERT_EQ(run_at(elsewhere, "import " + bundle).code, 0);
    EXPECT_EQ(runs_without_ids(run_at(elsewhere, "export --all").out), runs);
}

TEST_P(CliOn, ShowJsonImportsBack) {
    ASSERT_EQ(run("import " + seed("seed000-redhat73-pcem.txt")).code, 0);
    std::string one = (dir / "one.json").string();
    ASSERT_EQ(run("show 2 --format json -o /dev/null").code, 2);  // show has no -o: usage
    std::ofstream(one) << run("show 2 --format json").out;
    std::string elsewhere = another_store("elsewhere");
    auto r = run_at(elsewhere, "import " + one);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("74 figures"), std::string::npos) << r.out;
}

TEST_P(CliOn, DamagedBundlesStoreNothing) {
    ASSERT_EQ(run("import " + seed("seed000-redhat73-pcem.txt")).code, 0);
    std::string good = run("export --all").out;
    struct Case {
        std::string name, text, want;
    } cases[] = {
        {"cut", good.substr(0, good.size() / 2), "cut short"},
        {"version", R"({"format": "speedlab-bundle", "version": 9, "runs": []})",
         "bundle version 9 is not one this speedlab reads"},
        {"not-json", "{\"format\": \"speedlab-bundle\", oops}", ":1: expected JSON"},
        {"bad-run", R"({"format": "speedlab-bundle", "version": 1, "runs": [{"source": "x"}]})",
         "run 1: expected \"source\""},
        {"bad-figure",
         R"({"format": "speedlab-bundle", "version": 1, "runs": [{"source": "measured",
             "measurements": [{"algorithm": "md5", "operation": "fly", "value": 1}]}]})",
         "known \"operation\""},
        // Found by fuzz_bundle: a field the checks read, of another type.
        {"operation-a-number",
         R"({"format": "speedlab-bundle", "version": 1, "runs": [{"source": "measured",
             "measurements": [{"algorithm": "md5", "operation": 1024, "value": 1}]}]})",
         "run 1: a field has the wrong type"},
        {"source-a-number",
         R"({"format": "speedlab-bundle", "version": 1, "runs": [{"source": 1,
             "measurements": []}]})",
         "run 1: a field has the wrong type"},
        // Found by fuzz_bundle: a whole-number field given as a float no
        // integer type holds (converting it was undefined behaviour).
        {"count-too-large",
         R"({"format": "speedlab-bundle", "version": 1, "runs": [{"source": "measured",
             "measurements": [{"algorithm": "md5", "operation": "throughput",
             "parameter": 16, "value": 1000, "count": 2.06111e+58}]}]})",
         "run 1: a field has the wrong type: [json.exception.type_error.302] expected a whole "
         "number in range, found 2.06111e+58"},
        {"id-too-large",
         R"({"format": "speedlab-bundle", "version": 1, "runs": [{"source": "measured",
             "id": 1e300, "measurements": []}]})",
         "found 1e+300"},
        {"pci-bar-a-fraction",
         R"({"format": "speedlab-bundle", "version": 1, "runs": [{"source": "measured",
             "machine": {"pci": [{"slot": "00:00.0", "bars": [1.5]}]}, "measurements": []}]})",
         "found 1.5"},
        // Every figure past what a machine gives: said, not stored in silence.
        {"every-figure-implausible",
         R"({"format": "speedlab-bundle", "version": 1, "runs": [{"source": "imported",
             "measurements": [{"algorithm": "md5", "operation": "throughput",
             "parameter": 16, "value": 1e19}]}]})",
         "no figure of its 1 run is one a machine gives (run 1: not stored: md5@16 is 1e+19/s"},
        {"line-negative",
         R"({"format": "speedlab-bundle", "version": 1, "runs": [{"source": "imported",
             "raw_text": "md5 1.00k", "measurements": [{"algorithm": "md5",
             "operation": "throughput", "parameter": 16, "value": 1000, "line": -1}]}]})",
         "run 1: expected a figure's \"line\" to be a whole number, found -1"},
    };
    std::string elsewhere = another_store("elsewhere");
    for (const auto& c : cases) {
        std::string path = (dir / (c.name + ".json")).string();
        std::ofstream(path) << c.text;
        auto r = run_at(elsewhere, "import " + path);
        EXPECT_EQ(r.code, 65) << c.name << ": " << r.err;
        EXPECT_NE(r.err.find(c.want), std::string::npos) << c.name << ": " << r.err;
        EXPECT_NE(r.err.find("nothing imported"), std::string::npos) << c.name << ": " << r.err;
    }
    auto list = run_at(elsewhere, "list --format json");
    EXPECT_EQ(nlohmann::json::parse(list.out).size(), 0u) << list.err;
}

TEST_P(CliOn, ManyProcessesStoreAtOnceWithoutLoss) {
    // 8 processes x 5 imports of a 17-run text, all started together.
    std::string text = seed("seed000-redhat73-pcem.txt");
    std::string script = "for p in 1 2 3 4 5 6 7 8; do (for i in 1 2 3 4 5; do " +
                         std::string(SPEEDLAB_BINARY) + " --db '" + location + "' import --again " +
                         text + " >/dev/null 2>>" + (dir / "errors").string() + " || echo fail >>" +
                         (dir / "errors").string() + "; done) & done; wait";
    ASSERT_EQ(std::system(script.c_str()), 0);
    EXPECT_EQ(slurp((dir / "errors").string()), "");
    auto r = run("list --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    auto runs = nlohmann::json::parse(r.out);
    EXPECT_EQ(runs.size(), 8u * 5u * 17u);
    std::set<std::string> labels;  // chosen inside each import's write: none taken twice
    for (const auto& run : runs) labels.insert(run.at("label").get<std::string>());
    EXPECT_EQ(labels.size(), runs.size());
}

// Whether a run is stored already is asked inside the write that would store
// it: 8 processes importing one new text at the same moment store it once.
TEST_P(CliOn, ProcessesImportingOneNewTextAtOnceStoreItOnce) {
    std::string text = seed("seed000-redhat73-pcem.txt");
    std::string codes = (dir / "codes").string();
    std::string script = "for p in 1 2 3 4 5 6 7 8; do (" + std::string(SPEEDLAB_BINARY) +
                         " --db '" + location + "' import " + text +
                         " >/dev/null 2>&1; echo $? >>" + codes + ") & done; wait";
    ASSERT_EQ(std::system(script.c_str()), 0);
    // One stores it (0); the others find it imported before (1: nothing stored).
    std::multiset<std::string> exits;
    std::istringstream lines(slurp(codes));
    for (std::string code; std::getline(lines, code);) exits.insert(code);
    EXPECT_EQ(exits, (std::multiset<std::string>{"0", "1", "1", "1", "1", "1", "1", "1"}));
    auto r = run("list --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out).size(), 17u);
    r = run("show 1 --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out).at("sources").size(), 1u) << r.out;
}

// A deleted run's id is never given to another run (a link to /run/17 or a
// note naming run 17 cannot come to mean another run), on either back end,
// and on an SQLite store of schema 6 once migrated.
TEST_P(CliOn, ADeletedRunsIdIsNeverGivenAgain) {
    ASSERT_EQ(run("import " + seed("seed000-redhat73-pcem.txt")).code, 0);
    drop_schema_7();
    raw_sql(GetParam() == Backend::sqlite ? "PRAGMA user_version = 6"
                                          : "UPDATE speedlab_schema SET version = 6");
    ASSERT_EQ(run("delete -y 16-17").code, 0);  // migrates first: the highest given is 17
    ASSERT_EQ(run("import " + seed("seed004-athlon-p3.txt")).code, 0);
    auto ids = [&] {
        std::vector<int64_t> out;
        for (const auto& r : nlohmann::json::parse(run("list --limit 0 --format json").out))
            out.push_back(r.at("id"));
        std::sort(out.begin(), out.end());
        return out;
    };
    auto after = ids();
    ASSERT_EQ(after.size(), 17u);
    EXPECT_EQ(after[15], 18);  // seed 004's two runs: 18 and 19, not 16 and 17
    EXPECT_EQ(after[16], 19);
    ASSERT_EQ(run("delete -y 19").code, 0);
    ASSERT_EQ(run("import --again " + seed("seed004-athlon-p3.txt")).code, 0);
    EXPECT_EQ(ids().back(), 21);
    EXPECT_EQ(run("show 19").code, 2);  // still no run 19
}

// Migration 5 (machines.merged_from) on a store written by schema 4: its runs
// keep their machines, which then merge and split back by the remembered name.
TEST_P(CliOn, MigratesASchema4StoreSoMachinesMergeAndSplit) {
    ASSERT_EQ(run("import " + seed("seed000-redhat73-pcem.txt")).code, 0);
    raw_sql("ALTER TABLE machines DROP COLUMN merged_from");
    drop_schema_7();
    raw_sql("DROP TABLE run_sources");  // and what schema 6 added
    raw_sql("DROP INDEX runs_content_key");
    raw_sql("ALTER TABLE runs DROP COLUMN content_key");
    raw_sql(GetParam() == Backend::sqlite ? "PRAGMA user_version = 4"
                                          : "UPDATE speedlab_schema SET version = 4");
    auto r = run("machine merge PCem p-rh73");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "merged 1 machine (3 runs) into PCem\n");
    r = run("machines --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    auto machines = nlohmann::json::parse(r.out);
    ASSERT_EQ(machines.size(), 2u) << r.out;
    EXPECT_EQ(machines[0].at("name"), "PCem");
    EXPECT_EQ(machines[0].at("aliases"), nlohmann::json{"p-rh73"});
    EXPECT_EQ(machines[0].at("runs"), 8);
    EXPECT_EQ(machines[0].at("cpu"), "Pentium 75 - 200");
    EXPECT_EQ(machines[1].at("name"), "tilia");
    EXPECT_EQ(machines[1].at("runs"), 9);
    r = run("machine split PCem");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "split 3 runs of PCem back into p-rh73\n");
    r = run("list --machine p-rh73 --format json");
    EXPECT_EQ(nlohmann::json::parse(r.out).size(), 3u) << r.out;
}

// Migration 6 (run_sources, runs.content_key) on a store written by schema 5:
// each imported run keeps its file as its first source, and gets its content
// key on the next import, so an HTML copy of its text stores nothing new.
TEST_P(CliOn, MigratesASchema5StoreSoRunsKeepTheirSourceAndAreStoredOnce) {
    ASSERT_EQ(run("import " + seed("seed000-redhat73-pcem.txt")).code, 0);
    size_t before = nlohmann::json::parse(run("list --limit 0 --format json").out).size();
    drop_schema_7();
    raw_sql("DROP TABLE run_sources");
    raw_sql("DROP INDEX runs_content_key");
    raw_sql("ALTER TABLE runs DROP COLUMN content_key");
    raw_sql(GetParam() == Backend::sqlite ? "PRAGMA user_version = 5"
                                          : "UPDATE speedlab_schema SET version = 5");
    auto r = run("show 1 --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    auto sources = nlohmann::json::parse(r.out).at("sources");
    ASSERT_EQ(sources.size(), 1u) << r.out;
    EXPECT_EQ(sources[0].at("file"), "seed000-redhat73-pcem.txt");
    EXPECT_EQ(sources[0].at("first_line"), 0);  // not known before schema 6
    std::string html = (dir / "seed000.html").string();
    {
        std::string text = slurp(seed("seed000-redhat73-pcem.txt")), escaped;
        for (char c : text)
            escaped += c == '<'   ? "&lt;"
                       : c == '>' ? "&gt;"
                       : c == '&' ? "&amp;"
                                  : std::string(1, c);
        std::ofstream(html) << "<html><body><pre>" << escaped << "</pre></body></html>\n";
    }
    r = run("import " + html);
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("nothing stored (--again stores a copy)"), std::string::npos) << r.err;
    EXPECT_EQ(nlohmann::json::parse(run("list --limit 0 --format json").out).size(), before);
    r = run("show 1");
    EXPECT_NE(r.out.find("\nsource: seed000-redhat73-pcem.txt (sha256 "), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\nsource: seed000.html lines "), std::string::npos) << r.out;
}

SPEEDLAB_ON_BOTH_STORES(CliOn);

// PostgreSQL only: the server's own refusals.
TEST(PostgresCli, AnUnreachableServerSaysWhyWithoutThePassword) {
    std::string cmd = std::string(SPEEDLAB_BINARY) +
                      " --db 'postgresql://lab:s3cret@/speedlab?host=/nonexistent-dir' list"
                      " >/dev/null 2>/tmp/speedlab-pg-unreachable.txt";
    int status = std::system(cmd.c_str());
    std::string err = slurp("/tmp/speedlab-pg-unreachable.txt");
    std::remove("/tmp/speedlab-pg-unreachable.txt");
    EXPECT_EQ(WEXITSTATUS(status), 1) << err;
    EXPECT_NE(err.find("cannot connect to postgresql://lab@/speedlab?host=/nonexistent-dir"),
              std::string::npos)
        << err;
    EXPECT_NE(err.find("No such file or directory"), std::string::npos) << err;  // libpq's words
    EXPECT_EQ(err.find("s3cret"), std::string::npos) << err;
}

TEST(PostgresCli, ARefusedLoginSaysWhy) {
    PgServer* server = PgServer::get();
    if (!server) GTEST_SKIP() << "no PostgreSQL server for this test: " << PgServer::why();
    std::string cmd = std::string(SPEEDLAB_BINARY) +
                      " --db 'postgresql://speedlab@/no_such_db?host=" + server->socket_dir() +
                      "' list >/dev/null 2>/tmp/speedlab-pg-refused.txt";
    int status = std::system(cmd.c_str());
    std::string err = slurp("/tmp/speedlab-pg-refused.txt");
    std::remove("/tmp/speedlab-pg-refused.txt");
    EXPECT_EQ(WEXITSTATUS(status), 1) << err;
    EXPECT_NE(err.find("database \"no_such_db\" does not exist"), std::string::npos) << err;
}

TEST(PostgresCli, RunsTravelFromSqliteToPostgresAndBackUnchanged) {
    PgServer* server = PgServer::get();
    if (!server) GTEST_SKIP() << "no PostgreSQL server for this test: " << PgServer::why();
    auto dir =
        std::filesystem::temp_directory_path() / ("speedlab-travel-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    std::string lite = (dir / "a.db").string(), pg = server->fresh_database("travel"),
                back = (dir / "b.db").string(), bundle = (dir / "b.json").string();
    auto sh = [&](const std::string& db, const std::string& args) {
        std::string cmd = std::string(SPEEDLAB_BINARY) + " --db '" + db + "' " + args + " >" +
                          (dir / "out").string() + " 2>&1";
        int status = std::system(cmd.c_str());
        EXPECT_EQ(WEXITSTATUS(status), 0) << args << ": " << slurp((dir / "out").string());
        return slurp((dir / "out").string());
    };
    sh(lite, "import " + fixture_path("seed001-redhat62-pcem.txt"));
    sh(lite, "export --all -o " + bundle);
    sh(pg, "import " + bundle);
    sh(pg, "export --all -o " + bundle + ".pg");
    sh(back, "import " + bundle + ".pg");
    std::string last = sh(back, "export --all");
    EXPECT_EQ(runs_without_ids(last), runs_without_ids(slurp(bundle)));
    std::filesystem::remove_all(dir);
}

// Issue 31, item 10: of ten renames of one machine at once, one renames it and
// the nine others find it gone (exit 2): each checks inside its write.
TEST_P(CliOn, ConcurrentRenamesOfOneMachineRenameItOnce) {
    ASSERT_EQ(run("import " + seed("seed000-redhat73-pcem.txt")).code, 0);
    std::string script;
    for (int k = 0; k < 10; ++k) {
        std::string n = std::to_string(k), base = (dir / ("r" + n)).string();
        script += "(" + std::string(SPEEDLAB_BINARY) + " --db '" + location +
                  "' machine rename tilia t" + n + " >" + base + ".out 2>" + base +
                  ".err; echo $? >" + base + ".code) &\n";
    }
    std::ofstream((dir / "renames.sh").string()) << script << "wait\n";
    ASSERT_EQ(std::system(("sh " + (dir / "renames.sh").string()).c_str()), 0);
    int renamed = 0, gone = 0;
    for (int k = 0; k < 10; ++k) {
        std::string base = (dir / ("r" + std::to_string(k))).string();
        std::string code = slurp(base + ".code"), err = slurp(base + ".err");
        if (code == "0\n") {
            ++renamed;
            EXPECT_NE(slurp(base + ".out").find("renamed 1 machine (9 runs)"), std::string::npos);
        } else if (code == "2\n" && err.find("no machine 'tilia'") != std::string::npos) {
            ++gone;
        } else {
            ADD_FAILURE() << code << err;
        }
    }
    EXPECT_EQ(renamed, 1);
    EXPECT_EQ(gone, 9);
}

namespace {
// Every line of TEXT at most WIDTH columns (UTF-8 counted as columns).
bool fits(const std::string& text, size_t width) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        size_t cols = std::count_if(line.begin(), line.end(), [](char c) {
            return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        });
        if (cols > width) return false;
    }
    return true;
}
}  // namespace

// Issue 33: the newcomer's path, replayed. The seeds and one short local run,
// with runs named as people name them: no id, and no command fails (but the
// import's documented 65 for seed 003, a ratio table that holds no run).
TEST_P(CliOn, TheNewcomersPathNamesRunsInPeoplesWords) {
    auto r = run("import" + seed_paths());
    EXPECT_EQ(r.code, 65) << r.err;
    EXPECT_NE(r.err.find("23 run(s) stored"), std::string::npos) << r.err;
    // One PCem box under four names: the command that joins them is printed.
    EXPECT_NE(r.err.find("hint: machines "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("speedlab machine merge "), std::string::npos) << r.err;

    // The seeds' question in one command: tilia against PCem on Red Hat 7.3.
    r = run("compare tilia PCem");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("tilia: took run 7 (tilia rh73 0.9.6b)"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("PCem: took run 2 (p-rh73 rh73 0.9.6b engine #2) of machine p-rh73"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.out.find("+2.7%"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("A 7 tilia"), std::string::npos) << "short names: " << r.out;
    EXPECT_EQ(r.out.find("0.9.6b"), std::string::npos) << "the words both labels share: " << r.out;

    // A short local run, labelled by default, then the three side by side.
    r = run("run md5 --seconds 0.05 --bytes 8192 --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    auto measured = nlohmann::json::parse(r.out);
    std::string host = measured.at("machine").at("label");
    auto listed = nlohmann::json::parse(run("list --format json").out);
    auto mine = listed.back();
    EXPECT_EQ(mine.at("label").get<std::string>().rfind(host + " ", 0), 0u) << mine;
    EXPECT_FALSE(mine.at("measured_at").is_null()) << mine;
    EXPECT_FALSE(mine.at("stored_at").get<std::string>().empty()) << mine;
    r = run("compare tilia PCem '" + host + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("md5@8192"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("x faster"), std::string::npos)
        << "this machine against a Pentium: " << r.out;

    // Typos, starts of labels, ranges, whole machines, everything.
    r = run("compare tilja PCem");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("closest: tilia"), std::string::npos) << r.err;
    r = run("compare 'tilia r' PCem");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("matches 3 runs: 4 tilia rh52 0.9.2b, 5 tilia rh62 0.9.5a, 7 tilia rh73"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(run("compare 'TILIA RH73' 'p-rh73 rh73 0.9.6b engine #2'").code, 0);
    EXPECT_EQ(run("compare machine:tilia --metrics md5@8192").code, 0);
    EXPECT_EQ(run("compare 1-3").code, 0);
    EXPECT_EQ(run("compare all --metrics md5@8192").code, 0);
    r = run("export 1-3 machine:tilia");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out).at("runs").size(), 3u + 9u) << "issue 31 item 31";
    EXPECT_EQ(run("show 'tilia rh73'").code, 0);
    EXPECT_EQ(run("show tilia").code, 0);

    // Tables fit the terminal: $COLUMNS, or --width.
    r = run("list", "COLUMNS=80");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(fits(r.out, 80)) << r.out;
    EXPECT_TRUE(fits(run("machines --width 60").out, 60));
    EXPECT_TRUE(fits(run("compare machine:tilia --width 80").out, 80));
}

// `history --metrics LIST --since --until` reads only those figures of those
// days from the store, and answers as the whole history filtered would: the
// same series, points and changes; a figure is named against the runs of
// those days only.
TEST_P(CliOn, HistoryOfSomeFiguresAndDaysIsTheWholeHistoryFiltered) {
    auto nights = speedlab::testing::lab_nights();
    nlohmann::json runs = nlohmann::json::array();
    for (size_t i = 0; i < nights.size(); ++i) {
        auto& r = nights[i];
        if (r.machine->label == "lab-drop" && i >= 30) {  // from night 11 (2026-09-11) on
            speedlab::Measurement m;
            m.algorithm = "sha256";
            m.operation = speedlab::Operation::throughput;
            m.parameter = 64;
            m.value = 200e6 * (i >= 120 ? 0.8 : 1) * (1 + 0.01 * double(i % 5));
            r.measurements.push_back(m);
        }
        runs.push_back(speedlab::to_json(r, false));
    }
    std::ofstream(dir / "lab.json")
        << speedlab::json_text({{"format", "speedlab-bundle"}, {"version", 1}, {"runs", runs}});
    ASSERT_EQ(run("import " + (dir / "lab.json").string()).code, 0);
    std::string days = " --since 2026-09-05 --until 2026-10-25 --format json";
    auto whole = run("history lab-drop" + days);
    ASSERT_EQ(whole.code, 0) << whole.err;
    auto all = nlohmann::json::parse(whole.out);
    ASSERT_EQ(all.at("series").size(), 2u) << whole.out;
    for (std::string figure : {"md5", "sha256@64"}) {
        auto some = run("history lab-drop --metrics " + figure + days);
        ASSERT_EQ(some.code, 0) << some.err;
        auto part = nlohmann::json::parse(some.out);
        nlohmann::json want = nlohmann::json::array();
        for (const auto& s : all.at("series"))
            if (s.at("metric").get<std::string>().rfind(figure.substr(0, 3), 0) == 0)
                want.push_back(s);
        EXPECT_EQ(part.at("series"), want) << figure;
        EXPECT_EQ(part.at("machine"), all.at("machine"));
    }
    auto none = run("history lab-drop --metrics rc4" + days);
    EXPECT_EQ(none.code, 2);
    EXPECT_NE(none.err.find("'rc4' names no figure of these runs"), std::string::npos) << none.err;
    // sha256 is measured from night 11 (2026-09-11) on: not a figure of the nights before.
    EXPECT_EQ(run("history lab-drop --metrics sha256 --until 2026-09-10").code, 2);
    EXPECT_EQ(run("history lab-drop --metrics sha256 --since 2026-09-11").code, 0);
}

// The bundle of NIGHTS' runs FROM to TO (indexes), as a file `import` reads.
static std::string nights_bundle(const std::filesystem::path& file, size_t from, size_t to) {
    auto nights = speedlab::testing::lab_nights();
    nlohmann::json runs = nlohmann::json::array();
    for (size_t i = from; i < to && i < nights.size(); ++i)
        runs.push_back(speedlab::to_json(nights[i], false));
    std::ofstream(file) << speedlab::json_text(
        {{"format", "speedlab-bundle"}, {"version", 1}, {"runs", runs}});
    return file.string();
}

// `history` in text is kept for the store's generation: the second answer is
// read from the store (a planted one shows it), byte for byte the computed
// one; any write (an import) makes it computed again, with the new run, and
// the same as one never kept; the changes are those of --format json.
TEST_P(CliOn, HistoryAnswerIsKeptUntilTheStoreChanges) {
    ASSERT_EQ(run("import " + nights_bundle(dir / "a.json", 0, 177)).code, 0);
    auto first = run("history lab-drop");
    ASSERT_EQ(first.code, 0) << first.err;
    EXPECT_EQ(run("history lab-drop").out, first.out);
    raw_sql("UPDATE history_answers SET answer = 'kept answer\n'");  // no write of speedlab's
    EXPECT_EQ(run("history lab-drop").out, "kept answer\n");
    EXPECT_NE(run("history lab-drop --since 2026-09-01").out, "kept answer\n");  // another query

    ASSERT_EQ(run("import " + nights_bundle(dir / "b.json", 177, 180)).code, 0);
    auto after = run("history lab-drop");
    ASSERT_EQ(after.code, 0) << after.err;
    EXPECT_EQ(after.out.rfind("lab-drop: 60 runs,", 0), 0u) << after.out;
    EXPECT_EQ(run("history lab-drop").out, after.out);
    raw_sql("DELETE FROM history_answers");
    EXPECT_EQ(run("history lab-drop").out, after.out);  // computed again: the same
    auto json = nlohmann::json::parse(run("history lab-drop --format json").out);
    size_t changes = 0;
    for (const auto& s : json.at("series")) changes += s.at("changes").size();
    EXPECT_EQ(changes, 1u);
    EXPECT_NE(after.out.find(", 1 change ("), std::string::npos) << after.out;
}

// A store that cannot be written now (another writer holds it) still answers
// `history`, at once, and keeps nothing.
TEST_P(CliOn, HistoryAnswersWhenTheStoreCannotBeWritten) {
    ASSERT_EQ(run("import " + nights_bundle(dir / "a.json", 0, 180)).code, 0);
    auto computed = run("history lab-upgrade");
    ASSERT_EQ(computed.code, 0) << computed.err;
    raw_sql("DELETE FROM history_answers");
    sqlite3* lite = nullptr;
    PGconn* pg = nullptr;
    if (GetParam() == Backend::sqlite) {
        sqlite3_open(location.c_str(), &lite);
        ASSERT_EQ(sqlite3_exec(lite, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
    } else {
        pg = PQconnectdb(location.c_str());
        PQclear(PQexec(pg, "BEGIN; LOCK TABLE history_answers IN SHARE MODE"));
    }
    auto start = std::chrono::steady_clock::now();
    auto busy = run("history lab-upgrade");
    auto took = std::chrono::steady_clock::now() - start;
    if (lite) sqlite3_close(lite);
    if (pg) PQfinish(pg);
    EXPECT_EQ(busy.code, 0) << busy.err;
    EXPECT_EQ(busy.out, computed.out);
    EXPECT_LT(took, std::chrono::seconds(30));  // not the 60 s a writer waits
    raw_sql("UPDATE history_answers SET answer = 'kept answer\n'");
    EXPECT_EQ(run("history lab-upgrade").out, computed.out);  // nothing was kept
}
