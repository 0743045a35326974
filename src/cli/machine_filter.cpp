#include "cli/machine_filter.h"

#include "cli/commands.h"
#include "core/machine_pattern.h"
#include "core/text.h"

namespace speedlab::cli {

void resolve_machine_filter(const store::Database& db, const std::string& pattern,
                            store::RunFilter& filter) {
    if (pattern.empty()) return;
    auto match = match_machines(pattern, db.machine_names());
    if (!match.error.empty())
        throw Error(ErrorKind::usage, "--machine: " + terminal_safe(match.error));
    filter.machines = match.names;
}

}  // namespace speedlab::cli
