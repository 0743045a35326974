#include "cli/machine_filter.h"

#include "core/machine_pattern.h"

namespace speedlab::cli {

void resolve_machine_filter(const store::Database& db, const std::string& pattern,
                            store::RunFilter& filter) {
    if (pattern.empty()) return;
    auto names = db.machine_names();
    filter.machines = match_machines(pattern, names);
    if (filter.machines.empty())
        throw Error(ErrorKind::usage, "--machine: " + no_machine_message(pattern, names));
}

}  // namespace speedlab::cli
