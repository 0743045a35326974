#pragma once
// The numbered migrations of the run store, one list for both SQL dialects. Entry N
// moves a database from schema N to N+1 in both; a released entry never changes.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace speedlab::store {

inline constexpr int kSchemaVersion = 11;

extern const std::array<std::string_view, kSchemaVersion> kSqliteMigrations;
// Entry V (from 0) of kSqliteMigrations in PostgreSQL's dialect.
std::string postgres_migration(size_t v);

// Throws StoreError for a database of a newer schema, or of another program:
// VERSION its schema, TABLES how many tables it holds besides the version's,
// OURS how many of those are machines, runs and measurements.
void refuse_foreign(int64_t version, int64_t tables, int64_t ours);

}  // namespace speedlab::store
