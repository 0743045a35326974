#include "cli/history_runs.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "core/machine_pattern.h"

namespace speedlab::cli {

std::string resolve_one_machine(const store::Database& db, const std::string& pattern) {
    auto names = db.machine_names();
    auto match = match_machines(pattern, names);
    if (match.empty()) throw Error(ErrorKind::usage, no_machine_message(pattern, names));
    if (match.size() > 1) {
        std::vector<std::string> some(match.begin(),
                                      match.begin() + std::min<size_t>(10, match.size()));
        throw Error(ErrorKind::usage, fmt::format("'{}' means {} machines ({}); name one", pattern,
                                                  match.size(), fmt::join(some, ", ")));
    }
    return match.front();
}

std::vector<Run> history_runs(const store::Database& db, const std::string& machine,
                              const std::string& since, const std::string& until) {
    store::HistoryQuery query;
    query.machines = {machine};
    query.since = since, query.until = until;
    return db.history_runs(query);
}

}  // namespace speedlab::cli
