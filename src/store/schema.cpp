#include "store/schema.h"

#include <fmt/format.h>

#include "store/connection.h"

namespace speedlab::store {

namespace {
// 8: two dates: when a run was measured (a measured run's time; an imported
// run's as its text states it, else '') and when this store took it; the old
// created_at stays for "when" in the JSON.
constexpr std::string_view kMeasuredAndStored = R"SQL(
    ALTER TABLE runs ADD COLUMN measured_at TEXT NOT NULL DEFAULT '';
    ALTER TABLE runs ADD COLUMN stored_at TEXT NOT NULL DEFAULT '';
    UPDATE runs SET stored_at = created_at;
    UPDATE runs SET measured_at = created_at WHERE source = 'measured';
    CREATE INDEX runs_measured_at ON runs(measured_at);
    )SQL";

// 9: the machine's index holds what a history is told apart by
// (history_fingerprint), so it is read from the index alone, not from 10,000
// rows of runs with their texts; the one index on machine_id, so no planner
// can prefer the narrower one.
constexpr std::string_view kHistoryIndex = R"SQL(
    DROP INDEX runs_machine;
    CREATE INDEX runs_machine ON runs(machine_id, id, created_at, label);
    )SQL";

// 10: the store's generation, bumped by every write transaction
// (write_transaction.h), and `history` answers kept for the generation they
// were computed at: one of another generation is never read.
constexpr std::string_view kKeptHistory = R"SQL(
    CREATE TABLE store_generation (n BIGINT NOT NULL);
    INSERT INTO store_generation VALUES (0);
    CREATE TABLE history_answers (
        machine TEXT NOT NULL,
        query TEXT NOT NULL,
        generation BIGINT NOT NULL,
        answer TEXT NOT NULL,
        PRIMARY KEY (machine, query)
    );
    )SQL";

// 11: the line of the run's raw text each figure was read from, so the run
// page marks it without reading the text again; 0 for figures stored before.
constexpr std::string_view kSourceLine = R"SQL(
    ALTER TABLE measurements ADD COLUMN source_line INTEGER NOT NULL DEFAULT 0;
    )SQL";
}  // namespace

const std::array<std::string_view, kSchemaVersion> kSqliteMigrations{{
    R"SQL(
    CREATE TABLE machines (
        id INTEGER PRIMARY KEY,
        label TEXT NOT NULL DEFAULT '',
        kind TEXT NOT NULL DEFAULT 'unknown',
        emulator TEXT NOT NULL DEFAULT '',
        cpu_vendor TEXT NOT NULL DEFAULT '',
        cpu_family INTEGER, cpu_model INTEGER, cpu_stepping INTEGER,
        cpu_name TEXT NOT NULL DEFAULT '',
        cpu_mhz REAL,
        memory_kb INTEGER,
        kernel_release TEXT NOT NULL DEFAULT '',
        distribution TEXT NOT NULL DEFAULT '',
        bogomips REAL,
        facts_json TEXT NOT NULL
    );
    CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        label TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('measured', 'imported')),
        source_file TEXT NOT NULL DEFAULT '',
        source_sha256 TEXT NOT NULL DEFAULT '',
        raw_text TEXT NOT NULL DEFAULT '',
        program TEXT NOT NULL DEFAULT '',
        version TEXT NOT NULL DEFAULT '',
        built_on TEXT NOT NULL DEFAULT '',
        options TEXT NOT NULL DEFAULT '',
        compiler TEXT NOT NULL DEFAULT '',
        cpuinfo TEXT NOT NULL DEFAULT '',
        timing TEXT NOT NULL DEFAULT 'unknown',
        platform TEXT NOT NULL DEFAULT 'native',
        cpu_mask TEXT NOT NULL DEFAULT '',
        complete INTEGER NOT NULL DEFAULT 1,
        notes_json TEXT NOT NULL DEFAULT '[]',
        machine_id INTEGER REFERENCES machines(id)
    );
    CREATE INDEX runs_label ON runs(label);
    CREATE TABLE measurements (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        algorithm TEXT NOT NULL,
        operation TEXT NOT NULL,
        parameter INTEGER NOT NULL DEFAULT 0,
        value REAL NOT NULL,
        printed_step REAL NOT NULL DEFAULT 0,
        count INTEGER,
        seconds REAL,
        samples_json TEXT NOT NULL DEFAULT '[]',
        source_name TEXT NOT NULL DEFAULT '',
        UNIQUE (run_id, algorithm, operation, parameter)
    );
    CREATE INDEX measurements_run ON measurements(run_id);
    )SQL",
    // 2: every printed form of a figure (public-key seconds and rates).
    R"SQL(
    ALTER TABLE measurements ADD COLUMN printed_json TEXT NOT NULL DEFAULT '{}';
    )SQL",
    // 3: processes of a -multi run; a hash of each run's content, so a run
    // that travelled in a bundle is recognised; indexes for large stores.
    R"SQL(
    ALTER TABLE runs ADD COLUMN processes INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE runs ADD COLUMN content_sha256 TEXT NOT NULL DEFAULT '';
    CREATE INDEX runs_content ON runs(content_sha256);
    CREATE INDEX runs_source_sha256 ON runs(source_sha256);
    CREATE INDEX runs_machine ON runs(machine_id);
    CREATE INDEX machines_label ON machines(label);
    )SQL",
    // 4: what the machine was doing while a run was measured (load, steal, governor).
    R"SQL(
    ALTER TABLE runs ADD COLUMN conditions_json TEXT NOT NULL DEFAULT '{}';
    )SQL",
    // 5: the name a machine had before `machine merge`, so `machine split` gives it back.
    R"SQL(
    ALTER TABLE machines ADD COLUMN merged_from TEXT NOT NULL DEFAULT '';
    )SQL",
    // 6: every text a run was read from (run_sources), the first one taken from
    // the run's own columns; the key that finds a run stored before by its
    // content (content_key.h), filled in by the store for runs stored before.
    R"SQL(
    CREATE TABLE run_sources (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        file TEXT NOT NULL DEFAULT '',
        sha256 TEXT NOT NULL DEFAULT '',
        first_line INTEGER NOT NULL DEFAULT 0,
        last_line INTEGER NOT NULL DEFAULT 0,
        UNIQUE (run_id, file, sha256, first_line, last_line)
    );
    CREATE INDEX run_sources_run ON run_sources(run_id);
    CREATE INDEX run_sources_sha256 ON run_sources(sha256);
    INSERT INTO run_sources (run_id, file, sha256)
        SELECT id, source_file, source_sha256 FROM runs WHERE source = 'imported' ORDER BY id;
    ALTER TABLE runs ADD COLUMN content_key TEXT NOT NULL DEFAULT '';
    CREATE INDEX runs_content_key ON runs(content_key);
    )SQL",
    // 7: a run's id is never given again once its run is deleted (SQLite gives
    // the largest id + 1; PostgreSQL's identity never goes back): a new run
    // takes the highest id ever given + 1 (Connection::new_run_id).
    R"SQL(
    CREATE TABLE run_id_high (id INTEGER NOT NULL);
    INSERT INTO run_id_high SELECT COALESCE(MAX(id), 0) FROM runs;
    CREATE TRIGGER runs_id_high AFTER INSERT ON runs WHEN NEW.id > (SELECT id FROM run_id_high)
    BEGIN UPDATE run_id_high SET id = NEW.id; END;
    )SQL",
    kMeasuredAndStored,
    kHistoryIndex,
    kKeptHistory,
    kSourceLine,
}};

namespace {
// SQLite's text in PostgreSQL's types: identities for ids, BIGINT, DOUBLE
// PRECISION so figures keep every bit, BYTEA for the raw text.
std::string in_postgres_types(std::string sql) {
    constexpr std::pair<std::string_view, std::string_view> kTypes[] = {
        {"INTEGER PRIMARY KEY", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"},
        {"INTEGER", "BIGINT"},
        {"REAL", "DOUBLE PRECISION"},
        {"raw_text TEXT", "raw_text BYTEA"}};
    for (auto [from, to] : kTypes)
        for (size_t at = sql.find(from); at != std::string::npos;
             at = sql.find(from, at + to.size()))
            sql.replace(at, from.size(), to);
    return sql;
}
}  // namespace

std::string postgres_migration(size_t v) {
    // 7: ids never given again; the identity of runs.id already never goes back.
    if (v == 6) return "SELECT 1";
    // Entries 1 to 6 were written in SQLite's types; later ones in types both read alike.
    std::string sql(kSqliteMigrations.at(v));
    return v < 6 ? in_postgres_types(std::move(sql)) : sql;
}

void refuse_foreign(int64_t version, int64_t tables, int64_t ours) {
    if (version > kSchemaVersion)
        throw StoreError(fmt::format(
            "the database was written by a newer speedlab (schema {}; this one knows {})", version,
            kSchemaVersion));
    if (version == 0 && tables > 0)
        throw StoreError(fmt::format(
            "not a speedlab database (it holds {} other table(s)); give another --db", tables));
    if (version > 0 && ours < 3) throw StoreError("not a speedlab database (tables missing)");
}

}  // namespace speedlab::store
