// The shared back end: a PostgreSQL server through libpq. Parameters go as
// text (blobs as binary); results come back as text and are parsed here.
#include <fmt/format.h>
#include <libpq-fe.h>

#include <algorithm>
#include <cstdlib>

#include "store/connection.h"
#include "store/schema.h"

namespace speedlab::store {

namespace {

constexpr Oid kByteaOid = 17;
// Any fixed number: serialises schema creation among processes that start together.
constexpr long long kMigrationLock = 0x5370656564;
// Another: serialises writers, as SQLite's BEGIN IMMEDIATE does, so what a
// write transaction reads (a run stored already) stays true until it commits.
constexpr long long kWriteLock = 0x5370656565;

// libpq's messages end with a newline and sometimes carry a "DETAIL" line.
std::string message_of(const char* text) {
    std::string m = text ? text : "unknown error";
    while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
    std::replace(m.begin(), m.end(), '\n', ' ');
    return m;
}

// A failed statement's error; a lock waited for past lock_timeout says so plainly.
StoreError error_of(const PGresult* res) {
    const char* state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
    if (state && std::string_view(state) == "55P03")
        return StoreError(ErrorKind::busy, busy_message());
    return StoreError("SQL error: " + message_of(PQresultErrorMessage(res)));
}

// "?" placeholders become "$1", "$2", ... outside quoted literals.
std::string numbered_placeholders(std::string_view sql) {
    std::string out;
    out.reserve(sql.size() + 16);
    int n = 0;
    bool quoted = false;
    for (char c : sql) {
        if (c == '\'') quoted = !quoted;
        if (c == '?' && !quoted)
            out += "$" + std::to_string(++n);
        else
            out += c;
    }
    return out;
}

class PgRows : public Rows {
  public:
    explicit PgRows(PGresult* res) : res_(res), rows_(PQntuples(res)) {}
    ~PgRows() override { PQclear(res_); }
    bool next() override { return ++row_ < rows_; }
    std::string text(int col) const override {
        const char* v = PQgetvalue(res_, row_, col);
        if (PQftype(res_, col) != kByteaOid)
            return std::string(v, static_cast<size_t>(PQgetlength(res_, row_, col)));
        size_t n = 0;
        unsigned char* bytes = PQunescapeBytea(reinterpret_cast<const unsigned char*>(v), &n);
        if (!bytes) throw StoreError("SQL error: cannot decode a bytea value");
        std::string out(reinterpret_cast<char*>(bytes), n);
        PQfreemem(bytes);
        return out;
    }
    int64_t integer(int col) const override {
        return std::strtoll(PQgetvalue(res_, row_, col), nullptr, 10);
    }
    double real(int col) const override {
        return std::strtod(PQgetvalue(res_, row_, col), nullptr);
    }
    bool null(int col) const override { return PQgetisnull(res_, row_, col) != 0; }

  private:
    PGresult* res_;
    int rows_, row_ = -1;
};

class PostgresConnection : public Connection {
  public:
    explicit PostgresConnection(const std::string& url);
    ~PostgresConnection() override { PQfinish(conn_); }
    std::unique_ptr<Rows> query(std::string_view sql, const std::vector<Value>& params) override;
    void begin_write() override {
        exec(fmt::format("BEGIN; SELECT pg_advisory_xact_lock({})", kWriteLock));
    }
    // No advisory lock: it writes only history_answers, and waits for no row long.
    void begin_write_now() override { exec("BEGIN; SET LOCAL lock_timeout = '200ms'"); }
    void begin_read() override { exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); }
    void commit() override { exec("COMMIT"); }
    void rollback() noexcept override { PQclear(PQexec(conn_, "ROLLBACK")); }
    int schema_version() override;
    std::string where() const override { return where_; }
    std::string_view new_run_id() const override { return "DEFAULT"; }

  private:
    PGconn* conn_ = nullptr;
    std::string where_;
    void exec(const std::string& script);
    void refuse_foreign();
    void migrate();
};

PostgresConnection::PostgresConnection(const std::string& url) : where_(without_password(url)) {
    conn_ = PQconnectdb(url.c_str());
    if (PQstatus(conn_) != CONNECTION_OK) {
        std::string msg = message_of(PQerrorMessage(conn_));
        PQfinish(conn_);
        throw StoreError("cannot connect to " + where_ + ": " + msg);
    }
    PQsetNoticeProcessor(
        conn_, [](void*, const char*) {}, nullptr);
    try {
        exec("SET client_encoding = 'UTF8'");
        // As SQLite's busy handler: a lock held elsewhere is an error after
        // kLockWaitSeconds, never a wait without end; nor is a statement.
        exec(fmt::format("SET lock_timeout = '{}s'; SET statement_timeout = '{}s'",
                         kLockWaitSeconds, 2 * kLockWaitSeconds));
        // Before anything writes; one snapshot, so a migration that commits
        // meanwhile is seen whole or not at all.
        exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        try {
            refuse_foreign();
        } catch (...) {
            rollback();
            throw;
        }
        exec("COMMIT");
        migrate();
    } catch (const StoreError& e) {
        PQfinish(conn_);
        throw StoreError("cannot use database " + where_ + ": " + e.what());
    }
}

void PostgresConnection::exec(const std::string& script) {
    PGresult* res = PQexec(conn_, script.c_str());
    auto status = PQresultStatus(res);
    StoreError error = error_of(res);
    PQclear(res);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) throw error;
}

std::unique_ptr<Rows> PostgresConnection::query(std::string_view sql,
                                                const std::vector<Value>& params) {
    std::vector<std::string> texts(params.size());
    std::vector<const char*> values(params.size(), nullptr);
    std::vector<int> lengths(params.size(), 0), formats(params.size(), 0);
    for (size_t i = 0; i < params.size(); ++i) {
        const Value& v = params[i];
        if (auto s = std::get_if<std::string>(&v)) {
            texts[i] = storable_text(*s);
        } else if (auto b = std::get_if<Blob>(&v)) {
            texts[i] = b->bytes;
            formats[i] = 1;
        } else if (auto n = std::get_if<int64_t>(&v)) {
            texts[i] = std::to_string(*n);
        } else if (auto d = std::get_if<double>(&v)) {
            texts[i] = fmt::format("{}", *d);  // shortest form that reads back exactly
        } else {
            continue;  // NULL
        }
        values[i] = texts[i].data();
        lengths[i] = static_cast<int>(texts[i].size());
    }
    PGresult* res =
        PQexecParams(conn_, numbered_placeholders(sql).c_str(), static_cast<int>(params.size()),
                     nullptr, values.data(), lengths.data(), formats.data(), 0);
    auto status = PQresultStatus(res);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        StoreError error = error_of(res);
        PQclear(res);
        throw error;
    }
    return std::make_unique<PgRows>(res);
}

int PostgresConnection::schema_version() {
    auto exists = query("SELECT to_regclass('speedlab_schema') IS NOT NULL", {});
    if (!exists->next() || exists->text(0) != "t") return 0;
    auto rows = query("SELECT MAX(version) FROM speedlab_schema", {});
    return rows->next() && !rows->null(0) ? static_cast<int>(rows->integer(0)) : 0;
}

// A newer schema, or a database of another program, is refused untouched.
void PostgresConnection::refuse_foreign() {
    auto rows = query(
        "SELECT COUNT(*), COUNT(*) FILTER (WHERE table_name IN ('machines', 'runs', "
        "'measurements')) FROM information_schema.tables WHERE table_schema = current_schema() "
        "AND table_name <> 'speedlab_schema'",
        {});
    rows->next();
    store::refuse_foreign(schema_version(), rows->integer(0), rows->integer(1));
}

void PostgresConnection::migrate() {
    if (schema_version() == kSchemaVersion) return;
    begin_write();
    try {
        // Processes that start together wait here; each then reads the version again.
        exec(fmt::format("SELECT pg_advisory_xact_lock({})", kMigrationLock));
        refuse_foreign();
        int from = schema_version();
        exec("CREATE TABLE IF NOT EXISTS speedlab_schema (version INTEGER NOT NULL)");
        for (int v = from; v < kSchemaVersion; ++v)
            exec(postgres_migration(static_cast<size_t>(v)));
        exec(fmt::format("DELETE FROM speedlab_schema; INSERT INTO speedlab_schema VALUES ({})",
                         kSchemaVersion));
        commit();
    } catch (...) {
        rollback();
        throw;
    }
}

}  // namespace

std::unique_ptr<Connection> connect_postgres(const std::string& url) {
    return std::make_unique<PostgresConnection>(url);
}

}  // namespace speedlab::store
