#pragma once
// One database connection, as the run store needs it: statements with `?`
// parameters, rows read in order, a write transaction. SQLite and PostgreSQL
// implement it; nothing above src/store knows which one is in use.
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/error.h"

namespace speedlab::store {

struct StoreError : Error {
    explicit StoreError(const std::string& what) : Error(ErrorKind::io, what) {}
    StoreError(ErrorKind kind, const std::string& what) : Error(kind, what) {}
};

// Bytes kept exactly (the raw source text); other strings are stored as UTF-8.
struct Blob {
    std::string bytes;
};
using Value = std::variant<std::monostate, int64_t, double, std::string, Blob>;

class Rows {
  public:
    virtual ~Rows() = default;
    // Moves to the next row; false after the last.
    virtual bool next() = 0;
    virtual std::string text(int col) const = 0;  // also a blob's bytes
    virtual int64_t integer(int col) const = 0;
    virtual double real(int col) const = 0;
    virtual bool null(int col) const = 0;
};

class Connection {
  public:
    virtual ~Connection() = default;
    // Runs one statement at once; its rows (if any) are read with next().
    virtual std::unique_ptr<Rows> query(std::string_view sql,
                                        const std::vector<Value>& params = {}) = 0;
    // A transaction that may write; ends with commit() or rollback().
    virtual void begin_write() = 0;
    // The same, but a StoreError at once where another writer holds the store
    // (for a write that may be skipped: a kept answer).
    virtual void begin_write_now() = 0;
    // A transaction that only reads, all of it from one snapshot; ends with rollback().
    virtual void begin_read() = 0;
    virtual void commit() = 0;
    virtual void rollback() noexcept = 0;
    virtual int schema_version() = 0;
    // The value INSERT INTO runs gives its id: one never given before, even
    // to a run deleted since (an SQL expression, or DEFAULT).
    virtual std::string_view new_run_id() const = 0;
    // The file or the URL (without its password), for messages.
    virtual std::string where() const = 0;
};

// A writer waits this long for another process's write, then gives up with
// busy_message(): long enough to queue behind a lab's imports, never forever.
inline constexpr int kLockWaitSeconds = 60;
std::string busy_message();

// Text as every back end stores it: valid UTF-8 (U+FFFD for bad bytes) and no NUL.
std::string storable_text(const std::string& s);

// Writing may create and migrate the store; reading never creates or changes
// an SQLite file (a missing one reads as an empty store) and reads one on a
// read-only filesystem.
enum class Access { write, read };

// Opens "postgresql://..." (or "postgres://...") through libpq, anything else
// as an SQLite file; migrated to the latest schema (unless read as it is).
std::unique_ptr<Connection> connect(const std::string& location, Access access = Access::write);
// The scheme matches in any case: POSTGRESQL:// is a URL, not a file name.
bool is_postgres_url(std::string_view location);
// What is wrong with a location that starts (after white space) with postgres
// or postgresql followed by anything but a letter, digit or ._- (postgres.db is
// a file name): a mistyped URL (postgresql//h/db, ' postgresql://...',
// 'postgresql ://x', postgresql%3A//x, postgres:/x); empty when it is none.
std::string postgres_url_problem(std::string_view location);
// The scheme of a location that looks like a URL but is not one speedlab knows
// ("postgresq://u@h/db", "postgresql:/x", "mysql://..."), so it never becomes a file.
std::optional<std::string> url_like(std::string_view location);
// The URL with any password (user:PASSWORD@ or password=...) removed.
std::string without_password(const std::string& url);

}  // namespace speedlab::store
