#include "cli/history_runs.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "cli/commands.h"
#include "core/machine_pattern.h"
#include "core/text.h"

namespace speedlab::cli {

std::string resolve_one_machine(const store::Database& db, const std::string& pattern) {
    auto names = db.machine_names();
    auto match = match_machines(pattern, names);
    if (!match.error.empty()) throw Error(ErrorKind::usage, terminal_safe(match.error));
    if (match.names.size() > 1) {
        std::vector<std::string> some(
            match.names.begin(), match.names.begin() + std::min<size_t>(10, match.names.size()));
        throw Error(ErrorKind::usage,
                    terminal_safe(fmt::format("'{}' means {} machines ({}); name one", pattern,
                                              match.names.size(), fmt::join(some, ", "))));
    }
    return match.names.front();
}

std::vector<Run> history_runs(const store::Database& db, const std::string& machine,
                              const std::string& since, const std::string& until) {
    store::HistoryQuery query;
    query.machines = {machine};
    query.since = since, query.until = until;
    return db.history_runs(query);
}

}  // namespace speedlab::cli
