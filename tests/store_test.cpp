// The SQLite store: migrations, round trips, one transaction per write.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>

#include "store/content_key.h"
#include "store/database.h"
#include "store/run_resolver.h"
#include "test_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {
struct TempDb {
    std::filesystem::path path;
    TempDb() {
        path = std::filesystem::temp_directory_path() /
               ("speedlab-test-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
        std::filesystem::remove(path);
    }
    ~TempDb() {
        for (const char* suffix : {"", "-wal", "-shm"})
            std::filesystem::remove(path.string() + suffix);
    }
};
}  // namespace

TEST(Store, CreatesAndMigratesToTheLatestSchema) {
    TempDb tmp;
    store::Database db(tmp.path.string());
    EXPECT_EQ(db.schema_version(), 11);
    EXPECT_TRUE(db.list().empty());
}

TEST(Store, RoundTripsImportedRunsWithMachineAndPrecision) {
    TempDb tmp;
    auto runs = fixture_runs("seed000-redhat73-pcem.txt");
    runs[1].label = "packaged";
    {
        store::Database db(tmp.path.string());
        db.insert(runs);
        EXPECT_GT(runs[0].id, 0);
    }
    store::Database db(tmp.path.string());  // reopened: nothing lost
    auto list = db.list();
    ASSERT_EQ(list.size(), 17u);  // with the BogoMips runs of the blog's table
    EXPECT_EQ(list[1].measurements, 74);
    auto back = db.find("packaged");
    ASSERT_TRUE(back);
    EXPECT_EQ(back->version, runs[1].version);
    EXPECT_EQ(back->compiler, runs[1].compiler);
    EXPECT_EQ(back->raw_text, runs[1].raw_text);
    EXPECT_EQ(back->measurements.size(), runs[1].measurements.size());
    const Measurement& md5 = figure(*back, "md5", Operation::throughput, 8192);
    EXPECT_DOUBLE_EQ(md5.value, 6242300);
    EXPECT_DOUBLE_EQ(md5.printed_step, 10);
    // Both printed forms of a public-key figure survive: "13.2800s" and "0.1".
    const Measurement& sign = figure(*back, "rsa4096", Operation::sign);
    EXPECT_EQ(sign.printed, figure(runs[1], "rsa4096", Operation::sign).printed);
    EXPECT_DOUBLE_EQ(sign.printed.per_second.value(), 0.1);
    EXPECT_DOUBLE_EQ(sign.printed.seconds_per_op.value(), 13.28);
    EXPECT_TRUE(md5.printed.empty());
    EXPECT_EQ(back->machine->cpu_family, 5);
    EXPECT_EQ(back->machine->pci.size(), 4u);
    EXPECT_EQ(back->machine->kind, MachineKind::emulated);
    auto first = db.find(std::to_string(runs[0].id));
    ASSERT_TRUE(first);
    EXPECT_EQ(figure(*first, "md5", Operation::throughput, 8).count, 174967);
    EXPECT_FALSE(db.find("no-such-label"));
}

TEST(Store, AFailedWriteStoresNothing) {
    TempDb tmp;
    store::Database db(tmp.path.string());
    auto runs = fixture_runs("seed000-redhat73-pcem.txt");
    // The second run repeats a figure: the UNIQUE constraint fails mid-write.
    runs[1].measurements.push_back(runs[1].measurements.front());
    EXPECT_THROW(db.insert(runs), store::StoreError);
    EXPECT_TRUE(db.list().empty());
}

TEST(Store, SamplesSurvive) {
    TempDb tmp;
    store::Database db(tmp.path.string());
    speedlab::Run run;
    run.source = "measured";
    run.when = "2026-12-02T12:00:00Z";
    Measurement m;
    m.algorithm = "md5";
    m.parameter = 8192;
    m.value = 2;
    m.samples = {1, 2, 3};
    m.count = 10;
    m.seconds = 0.5;
    run.measurements.push_back(m);
    db.insert(run);
    auto back = db.load(run.id);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->measurements[0].samples, (std::vector<double>{1, 2, 3}));
    EXPECT_DOUBLE_EQ(*back->measurements[0].seconds, 0.5);
}

// A word naming no run is not_found, one naming several where one is meant
// or a `ref:` word without a reference set is usage; each with what to type.
TEST(Store, WordsThatNameNoRunThrowTheirKind) {
    TempDb tmp;
    store::Database db(tmp.path.string());
    auto runs = fixture_runs("seed000-redhat73-pcem.txt");
    runs[0].label = "alpha one", runs[1].label = "alpha two";
    db.insert(runs);
    const struct {
        const char* word;
        ErrorKind kind;
        std::string says;
        size_t closest;
    } cases[] = {
        {"alpha", ErrorKind::usage, "'alpha' matches 2 runs: ", 2},
        {"alpha onf", ErrorKind::not_found, "no run 'alpha onf': ", 1},
        {"id:999", ErrorKind::not_found, "no run 'id:999': no run has id 999", 0},
        {"ref:15", ErrorKind::usage, "'ref:15' names a reference machine", 0},
        {"machine:nosuch", ErrorKind::not_found, "no run 'machine:nosuch': no machine", 0},
    };
    for (const auto& c : cases) {
        try {
            store::resolve_runs(db, {"1", c.word});
            ADD_FAILURE() << c.word << " named runs";
        } catch (const store::UnresolvedRun& e) {
            EXPECT_EQ(e.kind(), c.kind) << c.word;
            EXPECT_EQ(std::string(e.what()).substr(0, c.says.size()), c.says) << c.word;
            EXPECT_GE(e.closest.size(), c.closest) << c.word;
        }
    }
}

// A word naming a later part of one label (the build an imported label puts
// after its machine) names that run; of several, it asks for more.
TEST(Store, AWordStartingALabelsLaterPartNamesItsRun) {
    TempDb tmp;
    store::Database db(tmp.path.string());
    auto runs = fixture_runs("seed000-redhat73-pcem.txt");
    runs[0].label = "RISC-V-virtual-machine Baseline-C";
    runs[1].label = "RISC-V-virtual-machine Optimized";
    db.insert(runs);
    const struct {
        const char* word;
        size_t run;
    } cases[] = {
        {"Baseline", 0}, {"optimized", 1}, {"Baseline-C", 0}, {"risc-v-virtual-machine o", 1}};
    for (const auto& c : cases) {
        auto r = store::resolve_runs(db, {c.word});
        ASSERT_EQ(r.ids.size(), 1u) << c.word;
        EXPECT_EQ(r.ids[0], runs[c.run].id) << c.word;
    }
    TempDb tmp2;
    store::Database other(tmp2.path.string());
    auto two = fixture_runs("seed000-redhat73-pcem.txt");
    two[0].label = "tilia Optimized", two[1].label = "PCem Optimized";
    other.insert(two);
    try {
        store::resolve_runs(other, {"Optimized"});
        ADD_FAILURE() << "Optimized named one of two runs";
    } catch (const store::UnresolvedRun& e) {
        EXPECT_EQ(e.kind(), ErrorKind::usage);
        EXPECT_NE(std::string(e.what()).find("matches 2 runs"), std::string::npos) << e.what();
    }
}

TEST(Store, RefusesANewerSchema) {
    TempDb tmp;
    { store::Database db(tmp.path.string()); }
    sqlite3* raw = nullptr;
    sqlite3_open(tmp.path.c_str(), &raw);
    sqlite3_exec(raw, "PRAGMA user_version = 99", nullptr, nullptr, nullptr);
    sqlite3_close(raw);
    EXPECT_THROW(store::Database db(tmp.path.string()), store::StoreError);
}

namespace {
// Seed 000's tilia md5@8192 as imported: 13497.69k, printed to 10 bytes/s.
Run tilia_md5(const char* source) {
    Run r;
    r.source = source;
    r.when = "2026-12-06T04:00:00Z";
    r.version = "OpenSSL 0.9.6b [engine] 9 Jul 2001";
    r.machine.edit().label = "tilia";
    Measurement m;
    m.algorithm = "md5";
    m.operation = Operation::throughput;
    m.parameter = 8192;
    m.value = 13497690;
    m.printed_step = 10;
    r.measurements.push_back(m);
    return r;
}
}  // namespace

// What a text's form changes (label, notes, raw text, sources, the last bits of
// a figure below its printed step) leaves an imported run's key as it was;
// machine, figure and precision do not.
TEST(ContentKey, AnImportedRunIsItsMachineBuildAndFiguresAtTheirPrecision) {
    speedlab::Run a = tilia_md5("imported");
    speedlab::Run b = a;
    b.label = "tilia rh73 0.9.6b #2";
    b.notes = {"read from lines 236-260 of seed000.html"};
    b.raw_text = "md5  1234.5k";
    b.sources = {{"seed000.html", "d59c2d7c72cf", 236, 260}};
    b.measurements[0].value = 13497690.000001;
    EXPECT_EQ(store::content_key(a), store::content_key(b));
    EXPECT_EQ(store::content_key(a).rfind("imported:", 0), 0u);
    speedlab::Run other_machine = a;
    other_machine.machine.edit().label = "PCem";
    speedlab::Run other_figure = a;
    other_figure.measurements[0].value = 13497700;
    speedlab::Run other_precision = a;
    other_precision.measurements[0].printed_step = 1;
    for (const speedlab::Run* r : {&other_machine, &other_figure, &other_precision})
        EXPECT_NE(store::content_key(*r), store::content_key(a));
}

// Two measurements are one run only when identical in everything, their time included.
TEST(ContentKey, AMeasuredRunIsOneWithAnotherOnlyWhenIdentical) {
    speedlab::Run a = tilia_md5("measured"), b = a;
    EXPECT_EQ(store::content_key(a), store::content_key(b));
    b.when = "2026-12-06T04:00:01Z";
    EXPECT_NE(store::content_key(a), store::content_key(b));
    speedlab::Run imported = a;
    imported.source = "imported";
    EXPECT_NE(store::content_key(a), store::content_key(imported));
}
