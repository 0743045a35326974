#pragma once
// --machine PATTERN of list, export, delete and machines: resolved against the
// machine names the store holds (core/machine_pattern), then filtered exactly.
#include <string>

#include "store/database.h"

namespace speedlab::cli {

// Sets filter.machines to the names PATTERN means. Nothing matched:
// speedlab::Error (usage) naming the closest names.
void resolve_machine_filter(const store::Database& db, const std::string& pattern,
                            store::RunFilter& filter);

}  // namespace speedlab::cli
