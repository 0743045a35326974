#include "cli/machine_filter.h"

#include "cli/commands.h"
#include "core/machine_pattern.h"
#include "core/text.h"

namespace speedlab::cli {

bool resolve_machine_filter(const store::Database& db, const std::string& pattern,
                            store::RunFilter& filter) {
    if (pattern.empty()) return true;
    auto match = match_machines(pattern, db.machine_names());
    if (!match.error.empty()) {
        fail(Exit::usage, "--machine: " + terminal_safe(match.error));
        return false;
    }
    filter.machines = match.names;
    return true;
}

}  // namespace speedlab::cli
