// The run store's promises, on SQLite and on PostgreSQL alike.
#include <nlohmann/json.hpp>

#include "both_stores.h"
#include "core/json.h"
#include "store/database.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {
using StoreOn = BothStores;

nlohmann::json without_id(const Run& run) {
    auto j = to_json(run, true);
    j.erase("id");
    j.erase("stored_at");  // the store sets it, as it sets the id
    return j;
}
}  // namespace

TEST_P(StoreOn, CreatesTheLatestSchema) {
    store::Database db(location);
    EXPECT_EQ(db.schema_version(), 11);
    EXPECT_TRUE(db.list().empty());
    EXPECT_EQ(db.count(), 0);
}

TEST_P(StoreOn, GivesBackEverySeedRunExactly) {
    auto runs = fixture_runs("seed000-redhat73-pcem.txt");
    auto original = runs;
    {
        store::Database db(location);
        db.insert(runs);
    }
    store::Database db(location);  // reopened: nothing lost
    ASSERT_EQ(db.count(), 17);     // with the 10 BogoMips runs of the table
    for (size_t i = 0; i < runs.size(); ++i) {
        auto back = db.load(runs[i].id);
        ASSERT_TRUE(back);
        EXPECT_EQ(without_id(*back), without_id(original[i])) << "run " << i;
        EXPECT_EQ(back->raw_text, original[i].raw_text);
    }
    auto md5 = figure(*db.load(runs[1].id), "md5", Operation::throughput, 8192);
    EXPECT_DOUBLE_EQ(md5.value, 6242300);
    EXPECT_DOUBLE_EQ(md5.printed_step, 10);
    EXPECT_EQ(db.list()[1].measurements, 74);
}

TEST_P(StoreOn, KeepsRawBytesAndFiguresToTheLastBit) {
    speedlab::Run r;
    r.source = "imported";
    r.when = "2026-12-03T06:00:00Z";
    r.raw_text = std::string("caf\xE9 \0 \xFF\xFE tail", 15);  // Latin-1, NUL, bad bytes
    r.label = std::string("nul\0label", 9);
    Measurement m;
    m.algorithm = "md5";
    m.parameter = 8192;
    m.value = 0.1 + 0.2;                       // 0.30000000000000004
    m.samples = {1.0 / 3, 2.0 / 3, 1e14 / 3};  // all within plausible_figure's bounds
    m.count = int64_t{1} << 50;
    m.seconds = 3.0000000000000004;
    r.measurements.push_back(m);
    store::Database db(location);
    db.insert(r);
    auto back = db.load(r.id);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->raw_text, r.raw_text);
    EXPECT_EQ(back->label, "nul\xEF\xBF\xBDlabel");  // text columns hold UTF-8 without NUL
    const Measurement& got = back->measurements.at(0);
    EXPECT_EQ(got.value, m.value);
    EXPECT_EQ(got.samples, m.samples);
    EXPECT_EQ(got.count, m.count);
    EXPECT_EQ(got.seconds, m.seconds);
}

// Each figure keeps the line of its raw text it was read from (schema 11); a
// store of schema 10 opened by this build keeps its runs, their lines unknown.
TEST_P(StoreOn, KeepsEachFiguresLineAndMigratesASchema10Store) {
    speedlab::Run r;
    r.source = "imported";
    r.when = "2026-12-03T06:00:00Z";
    r.raw_text = std::string("Doing md5 for 3s on 16 size blocks: 1 md5's in 3s\n...\nmd5 1.00k\n");
    for (auto [id, line] : {std::pair{"md5", 3u}, std::pair{"sha1", 0u}}) {
        Measurement m;
        m.algorithm = id;
        m.parameter = 16;
        m.value = 1000;
        m.line = line;
        r.measurements.push_back(m);
    }
    {
        store::Database db(location);
        db.insert(r);
        auto back = db.load(r.id);
        ASSERT_TRUE(back);
        EXPECT_EQ(back->measurements.at(0).line, 3u);
        EXPECT_EQ(back->measurements.at(1).line, 0u);
    }
    raw_sql("ALTER TABLE measurements DROP COLUMN source_line");
    raw_sql(GetParam() == Backend::sqlite ? "PRAGMA user_version = 10"
                                          : "UPDATE speedlab_schema SET version = 10");
    store::Database db(location);
    EXPECT_EQ(db.schema_version(), 11);
    ASSERT_EQ(db.count(), 1);
    auto back = db.load(r.id);
    ASSERT_TRUE(back);
    ASSERT_EQ(back->measurements.size(), 2u);
    EXPECT_EQ(back->measurements.at(0).line, 0u);  // not known before schema 11
    EXPECT_EQ(back->measurements.at(0).value, 1000);
    EXPECT_EQ(back->raw_text, r.raw_text);
}

TEST_P(StoreOn, AFailedWriteStoresNothing) {
    store::Database db(location);
    auto runs = fixture_runs("seed000-redhat73-pcem.txt");
    // The second run repeats a figure: the UNIQUE constraint fails mid-write.
    runs[1].measurements.push_back(runs[1].measurements.front());
    EXPECT_THROW(db.insert(runs), store::StoreError);
    EXPECT_EQ(db.count(), 0);
    auto ok = fixture_runs("seed000-redhat73-pcem.txt");
    db.insert(ok);  // the connection is usable after the failure
    EXPECT_EQ(db.count(), 17);
}

TEST_P(StoreOn, EditsAndRemovesAllOrNothing) {
    store::Database db(location);
    auto runs = fixture_runs("seed000-redhat73-pcem.txt");
    db.insert(runs);
    std::string before = store::content_sha256(*db.load(runs[0].id));
    EXPECT_EQ(db.with_content(before), std::vector<int64_t>{runs[0].id});
    ASSERT_TRUE(db.edit(runs[0].id, "first", "pcem-p75"));
    auto edited = db.load(runs[0].id);
    EXPECT_EQ(edited->label, "first");
    EXPECT_EQ(edited->machine->label, "pcem-p75");
    EXPECT_TRUE(db.with_content(before).empty());
    EXPECT_EQ(db.with_content(store::content_sha256(*edited)), std::vector<int64_t>{runs[0].id});
    EXPECT_FALSE(db.edit(999999, "x", std::nullopt));
    EXPECT_THROW(db.remove({runs[1].id, 999999}), store::StoreError);
    EXPECT_EQ(db.count(), 17);
    db.remove({runs[1].id, runs[2].id});
    EXPECT_EQ(db.count(), 15);
    EXPECT_FALSE(db.load(runs[1].id));
    EXPECT_EQ(db.find("first")->id, runs[0].id);
}

TEST_P(StoreOn, ListsByMachineSourceDateAndTheNewestFirstPage) {
    store::Database db(location);
    auto runs = fixture_runs("seed000-redhat73-pcem.txt");
    runs.resize(7);  // the openssl runs: one a day, 2026-12-01..07
    for (size_t i = 0; i < runs.size(); ++i) {
        runs[i].machine.edit().label = i % 2 ? "odd" : "even";
        runs[i].when = "2026-12-0" + std::to_string(i + 1) + "T00:00:00Z";
    }
    db.insert(runs);
    EXPECT_EQ(db.count({.machine = "odd"}), 3);
    EXPECT_EQ(db.list({.machine = "even"}).size(), 4u);
    EXPECT_EQ(db.count({.since = "2026-12-05"}), 3);
    EXPECT_EQ(db.count({.source = "measured"}), 0);
    auto page = db.list({.limit = 2});
    ASSERT_EQ(page.size(), 2u);
    EXPECT_EQ(page[0].id, runs[5].id);  // the newest two, oldest first
    EXPECT_EQ(page[1].id, runs[6].id);
}

TEST_P(StoreOn, RefusesANewerSchemaWithoutChangingIt) {
    { store::Database db(location); }
    raw_sql(GetParam() == Backend::sqlite ? "PRAGMA user_version = 99"
                                          : "UPDATE speedlab_schema SET version = 99");
    try {
        store::Database db(location);
        FAIL() << "a newer schema was opened";
    } catch (const store::StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("newer speedlab (schema 99"), std::string::npos)
            << e.what();
    }
    raw_sql(GetParam() == Backend::sqlite ? "PRAGMA user_version = 11"
                                          : "UPDATE speedlab_schema SET version = 11");
    store::Database db(location);  // untouched by the refusal
    EXPECT_EQ(db.schema_version(), 11);
}

TEST_P(StoreOn, RefusesADatabaseOfAnotherProgram) {
    raw_sql("CREATE TABLE invoices (id INTEGER)");
    try {
        store::Database db(location);
        FAIL() << "a foreign database was opened";
    } catch (const store::StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("not a speedlab database"), std::string::npos)
            << e.what();
    }
}

SPEEDLAB_ON_BOTH_STORES(StoreOn);
