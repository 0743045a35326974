#include "store/database.h"

#include <sqlite3.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string_view>
#include <thread>

#include "core/json.h"
#include "core/text.h"

namespace speedlab::store {

namespace {

// Each entry moves the schema one version forward; never edit a released one.
constexpr std::array<std::string_view, 2> kMigrations{{
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
}};

class Statement {
  public:
    Statement(sqlite3* db, std::string_view sql) : db_(db) {
        if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) !=
            SQLITE_OK)
            throw StoreError(std::string("SQL error: ") + sqlite3_errmsg(db));
    }
    ~Statement() { sqlite3_finalize(stmt_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Text columns hold valid UTF-8 whatever the source was, so every output works.
    Statement& bind(int i, const std::string& v) {
        std::string text = valid_utf8(v);
        sqlite3_bind_text(stmt_, i, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
        return *this;
    }
    // The raw source text is kept byte-exact.
    Statement& bind_blob(int i, const std::string& v) {
        sqlite3_bind_blob(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement& bind(int i, int64_t v) {
        sqlite3_bind_int64(stmt_, i, v);
        return *this;
    }
    Statement& bind(int i, double v) {
        sqlite3_bind_double(stmt_, i, v);
        return *this;
    }
    template <class T>
    Statement& bind(int i, const std::optional<T>& v) {
        if (v)
            return bind(
                i, static_cast<std::conditional_t<std::is_integral_v<T>, int64_t, double>>(*v));
        sqlite3_bind_null(stmt_, i);
        return *this;
    }
    void reset() {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }
    bool step() {
        int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        throw StoreError(std::string("SQL error: ") + sqlite3_errmsg(db_));
    }
    std::string text(int col) const {
        auto p = sqlite3_column_blob(stmt_, col);
        return p ? std::string(static_cast<const char*>(p),
                               static_cast<size_t>(sqlite3_column_bytes(stmt_, col)))
                 : "";
    }
    int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
    double real(int col) const { return sqlite3_column_double(stmt_, col); }
    bool null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }

  private:
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
};

void exec(sqlite3* db, const std::string& sql) {
    char* err = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
        std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        throw StoreError("SQL error: " + msg);
    }
}

// Rolls back unless committed: a failed write leaves the database as it was.
class Transaction {
  public:
    explicit Transaction(sqlite3* db) : db_(db) { exec(db_, "BEGIN IMMEDIATE"); }
    ~Transaction() {
        if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    void commit() {
        exec(db_, "COMMIT");
        done_ = true;
    }

  private:
    sqlite3* db_;
    bool done_ = false;
};

}  // namespace

std::string default_database_path() {
    if (const char* p = std::getenv("SPEEDLAB_DB"); p && *p) return p;
    std::filesystem::path base;
    if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x)
        base = x;
    else if (const char* h = std::getenv("HOME"); h && *h)
        base = std::filesystem::path(h) / ".local" / "share";
    else
        base = ".";
    return (base / "speedlab" / "results.db").string();
}

Database::Database(const std::string& path) : path_(path) {
    std::error_code ec;
    auto dir = std::filesystem::path(path).parent_path();
    if (!dir.empty()) std::filesystem::create_directories(dir, ec);
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK) {
        std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw StoreError("cannot open database " + path + ": " + msg);
    }
    sqlite3_busy_timeout(db_, 10000);
    try {
        refuse_foreign();  // before anything writes to the file
        exec(db_, "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
        migrate();
        use_wal();
    } catch (const StoreError& e) {
        sqlite3_close(db_);
        db_ = nullptr;
        throw StoreError("cannot use database " + path + ": " + e.what());
    }
}

Database::~Database() {
    sqlite3_close(db_);
}

int Database::schema_version() const {
    Statement st(db_, "PRAGMA user_version");
    st.step();
    return static_cast<int>(st.integer(0));
}

// WAL is a property of the file, set once. Switching needs a moment alone with
// the file, which SQLite's busy handler does not wait for: retry a while.
void Database::use_wal() {
    for (int attempt = 0;; ++attempt) {
        {
            Statement st(db_, "PRAGMA journal_mode");
            st.step();
            if (st.text(0) == "wal") return;
        }  // finished before the switch: an open statement is a transaction
        int rc = sqlite3_exec(db_, "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr);
        if (rc == SQLITE_OK) return;
        if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) || attempt >= 100)
            throw StoreError(std::string("SQL error: ") + sqlite3_errmsg(db_));
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

// A newer schema, or a database of another program, is refused untouched.
void Database::refuse_foreign() const {
    // One statement, so the version and the tables are read from one snapshot.
    Statement st(db_,
                 "SELECT (SELECT user_version FROM pragma_user_version), COUNT(*), "
                 "SUM(name IN ('machines', 'runs', 'measurements')) FROM sqlite_master "
                 "WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    st.step();
    int64_t version = st.integer(0), tables = st.integer(1), ours = st.null(2) ? 0 : st.integer(2);
    if (version > static_cast<int64_t>(kMigrations.size()))
        throw StoreError("the database was written by a newer speedlab (schema " +
                         std::to_string(version) + "; this one knows " +
                         std::to_string(kMigrations.size()) + ")");
    if (version == 0 && tables > 0)
        throw StoreError("not a speedlab database (it holds " + std::to_string(tables) +
                         " other table(s)); give another --db");
    if (version > 0 && ours < 3) throw StoreError("not a speedlab database (tables missing)");
}

void Database::migrate() {
    if (schema_version() == static_cast<int>(kMigrations.size())) return;
    // The version is read again inside the write lock: another process may
    // have created the schema meanwhile.
    Transaction tx(db_);
    refuse_foreign();
    for (size_t v = static_cast<size_t>(schema_version()); v < kMigrations.size(); ++v)
        exec(db_, std::string(kMigrations[v]));
    exec(db_, "PRAGMA user_version = " + std::to_string(kMigrations.size()));
    tx.commit();
}

namespace {
int64_t insert_run(sqlite3* db, Run& run) {
    const Machine& mc = run.machine;
    Statement m(
        db, R"SQL(INSERT INTO machines (label, kind, emulator, cpu_vendor, cpu_family, cpu_model,
        cpu_stepping, cpu_name, cpu_mhz, memory_kb, kernel_release, distribution, bogomips, facts_json)
        VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?))SQL");
    m.bind(1, mc.label).bind(2, to_string(mc.kind)).bind(3, mc.emulator).bind(4, mc.cpu_vendor);
    m.bind(5, mc.cpu_family).bind(6, mc.cpu_model).bind(7, mc.cpu_stepping).bind(8, mc.cpu_name);
    m.bind(9, mc.cpu_mhz)
        .bind(10, mc.memory_kb)
        .bind(11, mc.kernel_release)
        .bind(12, mc.distribution);
    m.bind(13, mc.bogomips)
        .bind(14, to_json(mc).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    m.step();
    int64_t machine_id = sqlite3_last_insert_rowid(db);

    Statement r(
        db, R"SQL(INSERT INTO runs (label, created_at, source, source_file, source_sha256, raw_text,
        program, version, built_on, options, compiler, cpuinfo, timing, platform, cpu_mask, complete,
        notes_json, machine_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?))SQL");
    r.bind(1, run.label).bind(2, run.when).bind(3, run.source).bind(4, run.source_file);
    r.bind(5, run.source_sha256);
    r.bind_blob(6, run.raw_text);
    r.bind(7, run.program).bind(8, run.version);
    r.bind(9, run.built_on).bind(10, run.options).bind(11, run.compiler).bind(12, run.cpuinfo);
    r.bind(13, to_string(run.timing)).bind(14, run.platform).bind(15, run.cpu_mask);
    r.bind(16, int64_t{run.complete ? 1 : 0})
        .bind(17, nlohmann::json(run.notes).dump(-1, ' ', false,
                                                 nlohmann::json::error_handler_t::replace));
    r.bind(18, machine_id);
    r.step();
    int64_t run_id = sqlite3_last_insert_rowid(db);

    Statement ms(db, R"SQL(INSERT INTO measurements (run_id, algorithm, operation, parameter, value,
        printed_step, count, seconds, samples_json, source_name, printed_json)
        VALUES (?,?,?,?,?,?,?,?,?,?,?))SQL");
    for (const auto& x : run.measurements) {
        ms.reset();
        ms.bind(1, run_id).bind(2, x.algorithm).bind(3, std::string(to_string(x.operation)));
        ms.bind(4, x.parameter).bind(5, x.value).bind(6, x.printed_step);
        ms.bind(7, x.count).bind(8, x.seconds).bind(9, nlohmann::json(x.samples).dump());
        ms.bind(10, x.source_name).bind(11, nlohmann::json(x.printed).dump());
        ms.step();
    }
    run.id = run_id;
    return run_id;
}
}  // namespace

namespace {
// Figures that are not finite positive numbers (NaN from a broken -mr record)
// are dropped with a note rather than failing the whole transaction.
void drop_unstorable(Run& run) {
    auto bad = [](const Measurement& m) { return !std::isfinite(m.value) || m.value <= 0; };
    for (const auto& m : run.measurements)
        if (bad(m))
            run.notes.push_back("not stored: " + m.algorithm + " " +
                                std::string(to_string(m.operation)) + " " +
                                std::to_string(m.parameter) + " is not a finite positive figure");
    std::erase_if(run.measurements, bad);
    for (auto& m : run.measurements)
        std::erase_if(m.samples, [](double x) { return !std::isfinite(x); });
}
}  // namespace

void Database::insert(std::vector<Run>& runs) {
    for (auto& run : runs) drop_unstorable(run);
    Transaction tx(db_);
    for (auto& run : runs) insert_run(db_, run);
    tx.commit();
}

int64_t Database::insert(Run& run) {
    drop_unstorable(run);
    Transaction tx(db_);
    int64_t id = insert_run(db_, run);
    tx.commit();
    return id;
}

std::vector<RunSummary> Database::list() const {
    Statement st(db_, R"SQL(SELECT r.id, r.label, r.created_at, r.source, r.source_file, r.version,
        m.label, m.cpu_name, r.platform, r.complete,
        (SELECT COUNT(*) FROM measurements x WHERE x.run_id = r.id)
        FROM runs r LEFT JOIN machines m ON m.id = r.machine_id ORDER BY r.id)SQL");
    std::vector<RunSummary> out;
    while (st.step()) {
        out.push_back({st.integer(0), st.text(1), st.text(2), st.text(3), st.text(4), st.text(5),
                       st.text(6), st.text(7), st.text(8), st.integer(9) != 0, st.integer(10)});
    }
    return out;
}

std::optional<Run> Database::load(int64_t id) const {
    Statement st(db_,
                 R"SQL(SELECT r.id, r.label, r.created_at, r.source, r.source_file, r.source_sha256,
        r.raw_text, r.program, r.version, r.built_on, r.options, r.compiler, r.cpuinfo, r.timing,
        r.platform, r.cpu_mask, r.complete, r.notes_json, m.facts_json
        FROM runs r LEFT JOIN machines m ON m.id = r.machine_id WHERE r.id = ?)SQL");
    st.bind(1, id);
    if (!st.step()) return std::nullopt;
    Run run;
    run.id = st.integer(0);
    run.label = st.text(1);
    run.when = st.text(2);
    run.source = st.text(3);
    run.source_file = st.text(4);
    run.source_sha256 = st.text(5);
    run.raw_text = st.text(6);
    run.program = st.text(7);
    run.version = st.text(8);
    run.built_on = st.text(9);
    run.options = st.text(10);
    run.compiler = st.text(11);
    run.cpuinfo = st.text(12);
    run.timing = parse_timing(st.text(13));
    run.platform = st.text(14);
    run.cpu_mask = st.text(15);
    run.complete = st.integer(16) != 0;
    run.notes = nlohmann::json::parse(st.text(17)).get<std::vector<std::string>>();
    if (!st.null(18)) run.machine = machine_from_json(nlohmann::json::parse(st.text(18)));

    Statement ms(db_,
                 R"SQL(SELECT algorithm, operation, parameter, value, printed_step, count, seconds,
        samples_json, source_name, printed_json FROM measurements WHERE run_id = ? ORDER BY id)SQL");
    ms.bind(1, id);
    while (ms.step()) {
        Measurement m;
        m.algorithm = ms.text(0);
        m.operation = parse_operation(ms.text(1)).value_or(Operation::throughput);
        m.parameter = ms.integer(2);
        m.value = ms.real(3);
        m.printed_step = ms.real(4);
        if (!ms.null(5)) m.count = ms.integer(5);
        if (!ms.null(6)) m.seconds = ms.real(6);
        m.samples = nlohmann::json::parse(ms.text(7)).get<std::vector<double>>();
        m.source_name = ms.text(8);
        m.printed = nlohmann::json::parse(ms.text(9)).get<std::map<std::string, double>>();
        run.measurements.push_back(std::move(m));
    }
    return run;
}

std::optional<Run> Database::find(const std::string& name) const {
    // "label:12" looks up a label that reads like a number; "id:12" only ids.
    bool by_label = name.rfind("label:", 0) == 0, by_id = name.rfind("id:", 0) == 0;
    std::string id_or_label = by_label ? name.substr(6) : by_id ? name.substr(3) : name;
    bool numeric = !id_or_label.empty() &&
                   id_or_label.find_first_not_of("0123456789") == std::string::npos &&
                   id_or_label.size() < 18;
    if (numeric && !by_label)
        if (auto run = load(std::stoll(id_or_label))) return run;
    if (by_id) return std::nullopt;
    Statement st(db_, "SELECT id FROM runs WHERE label = ? ORDER BY id DESC LIMIT 1");
    st.bind(1, id_or_label);
    if (!st.step()) return std::nullopt;
    return load(st.integer(0));
}

bool Database::edit(int64_t id, const std::optional<std::string>& label,
                    const std::optional<std::string>& machine) {
    Transaction tx(db_);
    {
        Statement exists(db_, "SELECT machine_id FROM runs WHERE id = ?");
        exists.bind(1, id);
        if (!exists.step()) return false;
        int64_t machine_id = exists.integer(0);
        if (label) {
            Statement st(db_, "UPDATE runs SET label = ? WHERE id = ?");
            st.bind(1, *label).bind(2, id);
            st.step();
        }
        if (machine) {
            // The facts keep the name too, so `show --format json` agrees.
            Statement facts(db_, "SELECT facts_json FROM machines WHERE id = ?");
            facts.bind(1, machine_id);
            auto j = facts.step() ? nlohmann::json::parse(facts.text(0)) : nlohmann::json::object();
            j["label"] = *machine;
            Statement st(db_, "UPDATE machines SET label = ?, facts_json = ? WHERE id = ?");
            st.bind(1, *machine)
                .bind(2, j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace))
                .bind(3, machine_id);
            st.step();
        }
    }
    tx.commit();
    return true;
}

void Database::remove(const std::vector<int64_t>& ids) {
    Transaction tx(db_);
    for (int64_t id : ids) {
        Statement machine(db_, "SELECT machine_id FROM runs WHERE id = ?");
        machine.bind(1, id);
        if (!machine.step()) throw StoreError("no run " + std::to_string(id));
        int64_t machine_id = machine.integer(0);
        for (const char* sql :
             {"DELETE FROM measurements WHERE run_id = ?", "DELETE FROM runs WHERE id = ?"}) {
            Statement st(db_, sql);
            st.bind(1, id);
            st.step();
        }
        Statement m(db_,
                    "DELETE FROM machines WHERE id = ? AND NOT EXISTS (SELECT 1 FROM runs WHERE "
                    "machine_id = ?)");
        m.bind(1, machine_id).bind(2, machine_id);
        m.step();
    }
    tx.commit();
}

std::vector<int64_t> Database::imported_from(const std::string& sha256) const {
    Statement st(db_, "SELECT id FROM runs WHERE source_sha256 = ? ORDER BY id");
    st.bind(1, sha256);
    std::vector<int64_t> out;
    while (st.step()) out.push_back(st.integer(0));
    return out;
}

std::vector<std::string> Database::names() const {
    Statement st(db_, "SELECT id, label FROM runs ORDER BY id");
    std::vector<std::string> out;
    while (st.step()) {
        out.push_back(std::to_string(st.integer(0)));
        if (!st.text(1).empty()) out.push_back(st.text(1));
    }
    return out;
}

}  // namespace speedlab::store
