#pragma once
// The numbered migrations of the run store, one list per SQL dialect. Entry N
// moves a database from schema N to N+1 in both; a released entry never changes.
#include <array>
#include <string_view>

namespace speedlab::store {

inline constexpr int kSchemaVersion = 11;

extern const std::array<std::string_view, kSchemaVersion> kSqliteMigrations;
extern const std::array<std::string_view, kSchemaVersion> kPostgresMigrations;

}  // namespace speedlab::store
