// The embedded back end: one SQLite file, WAL journal, BEGIN IMMEDIATE writes.
#include <fmt/format.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <random>
#include <thread>

#include "store/connection.h"
#include "store/schema.h"

namespace speedlab::store {

namespace {

StoreError error_of(sqlite3* db) {
    if ((sqlite3_extended_errcode(db) & 0xff) == SQLITE_BUSY)
        return StoreError(ErrorKind::busy, busy_message());
    return StoreError(std::string("SQL error: ") + sqlite3_errmsg(db));
}

// SQLite's own busy handler sleeps up to 100 ms between tries, so a waiter
// loses the lock to processes that ask sooner and can starve (8 importers on
// a busy machine waited past 10 s): short random sleeps give each its turn.
int wait_for_lock(void* since_ptr, int tries) {
    using Clock = std::chrono::steady_clock;
    auto& since = *static_cast<Clock::time_point*>(since_ptr);
    if (tries == 0) since = Clock::now();
    if (Clock::now() - since >= std::chrono::seconds(kLockWaitSeconds)) return 0;
    thread_local std::minstd_rand jitter(
        static_cast<unsigned>(::getpid()) ^
        static_cast<unsigned>(Clock::now().time_since_epoch().count()));
    std::this_thread::sleep_for(std::chrono::microseconds(500 + jitter() % 4500));
    return 1;
}

// The statement runs its first step when built, so statements without rows run at once.
class SqliteRows : public Rows {
  public:
    SqliteRows(sqlite3* db, std::string_view sql, const std::vector<Value>& params) : db_(db) {
        if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) !=
            SQLITE_OK)
            throw error_of(db);
        try {
            // A value too few would be stored as NULL without a word.
            if (int wanted = sqlite3_bind_parameter_count(stmt_);
                wanted != static_cast<int>(params.size()))
                throw StoreError("SQL error: " + std::to_string(params.size()) + " values for " +
                                 std::to_string(wanted) + " parameters");
            for (size_t i = 0; i < params.size(); ++i) bind(static_cast<int>(i + 1), params[i]);
            pending_ = step();
        } catch (...) {
            sqlite3_finalize(stmt_);  // no destructor runs for a constructor that throws
            throw;
        }
    }
    ~SqliteRows() override { sqlite3_finalize(stmt_); }
    bool next() override {
        if (first_) {
            first_ = false;
            return pending_;
        }
        return pending_ && (pending_ = step());
    }
    std::string text(int col) const override {
        auto p = sqlite3_column_blob(stmt_, col);
        return p ? std::string(static_cast<const char*>(p),
                               static_cast<size_t>(sqlite3_column_bytes(stmt_, col)))
                 : "";
    }
    int64_t integer(int col) const override { return sqlite3_column_int64(stmt_, col); }
    double real(int col) const override { return sqlite3_column_double(stmt_, col); }
    bool null(int col) const override { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }

  private:
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
    bool first_ = true, pending_ = false;

    void bind(int i, const Value& v) {
        if (auto s = std::get_if<std::string>(&v)) {
            std::string text = storable_text(*s);
            sqlite3_bind_text(stmt_, i, text.c_str(), static_cast<int>(text.size()),
                              SQLITE_TRANSIENT);
        } else if (auto b = std::get_if<Blob>(&v)) {
            sqlite3_bind_blob(stmt_, i, b->bytes.data(), static_cast<int>(b->bytes.size()),
                              SQLITE_TRANSIENT);
        } else if (auto n = std::get_if<int64_t>(&v)) {
            sqlite3_bind_int64(stmt_, i, *n);
        } else if (auto d = std::get_if<double>(&v)) {
            sqlite3_bind_double(stmt_, i, *d);
        } else {
            sqlite3_bind_null(stmt_, i);
        }
    }
    bool step() {
        int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        throw error_of(db_);
    }
};

void exec(sqlite3* db, const std::string& sql) {
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) throw error_of(db);
}

class SqliteConnection : public Connection {
  public:
    explicit SqliteConnection(const std::string& path);
    // Reading only: nothing is created or written (see Access::read).
    SqliteConnection(const std::string& path, Access access);
    ~SqliteConnection() override { sqlite3_close_v2(db_); }
    std::unique_ptr<Rows> query(std::string_view sql, const std::vector<Value>& params) override {
        return std::make_unique<SqliteRows>(db_, sql, params);
    }
    void begin_write() override { exec(db_, "BEGIN IMMEDIATE"); }
    void begin_write_now() override {
        sqlite3_busy_handler(db_, nullptr, nullptr);
        int rc = sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
        sqlite3_busy_handler(db_, wait_for_lock, &busy_since_);
        if (rc != SQLITE_OK) throw error_of(db_);
    }
    void begin_read() override { exec(db_, "BEGIN DEFERRED"); }  // WAL: one snapshot
    void commit() override { exec(db_, "COMMIT"); }
    void rollback() noexcept override { sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr); }
    int schema_version() override {
        auto rows = query("PRAGMA user_version", {});
        return rows->next() ? static_cast<int>(rows->integer(0)) : 0;
    }
    std::string where() const override { return path_; }
    std::string_view new_run_id() const override { return "(SELECT id + 1 FROM run_id_high)"; }

  private:
    sqlite3* db_ = nullptr;
    std::string path_;
    std::chrono::steady_clock::time_point busy_since_;  // wait_for_lock's

  public:
    bool older() { return schema_version() < kSchemaVersion; }

  private:
    void refuse_foreign();
    void migrate();
    void use_wal();
    void open_read_only();
};

// SQLite says "disk I/O error" of a directory: say what is wrong.
void refuse_directory(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw StoreError("cannot open database " + path + ": it is a directory; give a file (" +
                         (std::filesystem::path(path) / "results.db").string() + ")");
}

SqliteConnection::SqliteConnection(const std::string& path) : path_(path) {
    refuse_directory(path);
    std::error_code ec;
    auto dir = std::filesystem::path(path).parent_path();
    if (!dir.empty()) std::filesystem::create_directories(dir, ec);
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK) {
        std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw StoreError("cannot open database " + path + ": " + msg);
    }
    sqlite3_busy_handler(db_, wait_for_lock, &busy_since_);
    try {
        refuse_foreign();  // before anything writes to the file
        exec(db_, "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
        migrate();
        use_wal();
    } catch (const StoreError& e) {
        sqlite3_close(db_);
        throw StoreError("cannot use database " + path + ": " + e.what());
    }
}

SqliteConnection::SqliteConnection(const std::string& path, Access) : path_(path) {
    refuse_directory(path);
    open_read_only();
}

// "file:" URI of a path, so that ?immutable=1 can follow it.
std::string file_uri(const std::string& path) {
    std::string uri = "file:";
    for (unsigned char c : std::filesystem::absolute(path).string())
        uri += std::isalnum(c) || std::strchr("/-._~", c) ? std::string(1, static_cast<char>(c))
                                                          : fmt::format("%{:02X}", c);
    return uri;
}

// A missing store reads as an empty one (an in-memory schema); an existing one
// is opened read-only, and as immutable where its directory cannot be written
// (a read-only filesystem: SQLite could not create the WAL index beside it).
void SqliteConnection::open_read_only() {
    std::error_code ec;
    auto dir = std::filesystem::path(path_).parent_path();
    if (!std::filesystem::exists(path_, ec)) {
        if (!dir.empty() && std::filesystem::exists(dir, ec) &&
            !std::filesystem::is_directory(dir, ec))
            throw StoreError("cannot open database " + path_ + ": " + dir.string() +
                             " is not a directory");
        if (sqlite3_open_v2(":memory:", &db_, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK)
            throw StoreError("cannot open database " + path_ + ": out of memory");
        migrate();
        return;
    }
    bool immutable = ::access((dir.empty() ? std::string(".") : dir.string()).c_str(), W_OK) != 0;
    std::string name = immutable ? file_uri(path_) + "?immutable=1" : path_;
    int flags = SQLITE_OPEN_READONLY | (immutable ? SQLITE_OPEN_URI : 0);
    if (sqlite3_open_v2(name.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
        std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw StoreError("cannot open database " + path_ + ": " + msg);
    }
    sqlite3_busy_handler(db_, wait_for_lock, &busy_since_);
    try {
        refuse_foreign();
        if (schema_version() != kSchemaVersion && immutable)
            throw StoreError("the store is of an older speedlab (schema " +
                             std::to_string(schema_version()) +
                             "); a command that writes, such as import, upgrades it");
    } catch (const StoreError& e) {
        sqlite3_close(db_);
        db_ = nullptr;
        throw StoreError("cannot use database " + path_ + ": " + e.what());
    }
}

// WAL is a property of the file, set once. Switching needs a moment alone with
// the file, which SQLite's busy handler does not wait for: retry a while.
void SqliteConnection::use_wal() {
    for (int attempt = 0;; ++attempt) {
        {
            auto rows = query("PRAGMA journal_mode", {});
            if (rows->next() && rows->text(0) == "wal") return;
        }  // finished before the switch: an open statement is a transaction
        int rc = sqlite3_exec(db_, "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr);
        if (rc == SQLITE_OK) return;
        if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) || attempt >= 100) throw error_of(db_);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

// A newer schema, or a database of another program, is refused untouched.
void SqliteConnection::refuse_foreign() {
    // One statement, so the version and the tables are read from one snapshot.
    auto rows = query(
        "SELECT (SELECT user_version FROM pragma_user_version), COUNT(*), "
        "SUM(name IN ('machines', 'runs', 'measurements')) FROM sqlite_master "
        "WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
        {});
    rows->next();
    store::refuse_foreign(rows->integer(0), rows->integer(1), rows->null(2) ? 0 : rows->integer(2));
}

void SqliteConnection::migrate() {
    if (schema_version() == kSchemaVersion) return;
    // The version is read again inside the write lock: another process may
    // have created the schema meanwhile.
    begin_write();
    try {
        refuse_foreign();
        for (int v = schema_version(); v < kSchemaVersion; ++v)
            exec(db_, std::string(kSqliteMigrations[static_cast<size_t>(v)]));
        exec(db_, "PRAGMA user_version = " + std::to_string(kSchemaVersion));
        commit();
    } catch (...) {
        rollback();
        throw;
    }
}

}  // namespace

std::unique_ptr<Connection> connect_sqlite(const std::string& path, Access access) {
    if (access == Access::read) {
        auto c = std::make_unique<SqliteConnection>(path, access);
        if (!c->older()) return c;
        c.reset();  // a store of an older speedlab is upgraded first, where it can be written
    }
    return std::make_unique<SqliteConnection>(path);
}

}  // namespace speedlab::store
