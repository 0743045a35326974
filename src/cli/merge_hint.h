#pragma once
// After an import: a machine the import named that looks like another stored
// machine (the same CPU model, clock and emulator: one PCem box under four
// host names) gets the `machine merge` command that would join them.
#include <string>
#include <vector>

#include "core/run.h"
#include "store/database.h"

namespace speedlab::cli {

// The hint lines, one per group of look-alike machines that holds a machine
// of the runs just stored; empty when there is none.
std::vector<std::string> merge_hints(const store::Database& db, const std::vector<Run>& stored);

}  // namespace speedlab::cli
