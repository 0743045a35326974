#pragma once
// A run's light columns as one result row holds them, read by one loader for
// Database::load and Database::history_runs (the rest of a run is read after).
#include "core/run.h"
#include "store/connection.h"

namespace speedlab::store {

// The columns read_run_head reads, first in a SELECT over `runs r`.
inline constexpr const char* kRunHeadColumns =
    "r.id, r.label, r.created_at, r.source, r.program, r.version, r.options, r.compiler, "
    "r.measured_at";
inline constexpr int kRunHeadCount = 9;

// Reads kRunHeadColumns (columns 0 .. kRunHeadCount - 1) into RUN.
inline void read_run_head(const Rows& row, Run& run) {
    run.id = row.integer(0);
    run.label = row.text(1);
    run.when = row.text(2);
    run.source = row.text(3);
    run.program = row.text(4);
    run.version = row.text(5);
    run.options = row.text(6);
    run.compiler = row.text(7);
    run.measured_at = row.text(8);
}

}  // namespace speedlab::store
