#include "cli/run_selection.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "cli/commands.h"
#include "cli/machine_filter.h"
#include "core/text.h"

namespace speedlab::cli {

namespace {
// "5-9" as a range of ids; not a label that reads like one ("5-9" stored as a
// label is reached with label:5-9).
std::optional<std::pair<int64_t, int64_t>> as_range(const std::string& s) {
    auto dash = s.find('-');
    if (dash == 0 || dash == std::string::npos || dash + 1 == s.size() || dash > 17 ||
        s.size() - dash > 18)
        return std::nullopt;
    auto digits = [](const std::string& t) {
        return t.find_first_not_of("0123456789") == std::string::npos;
    };
    std::string a = s.substr(0, dash), b = s.substr(dash + 1);
    if (!digits(a) || !digits(b)) return std::nullopt;
    return std::pair{std::stoll(a), std::stoll(b)};
}

// The ids the typed names mean; nullopt after printing an error.
std::optional<std::vector<int64_t>> named_runs(const store::Database& db,
                                               const std::vector<std::string>& names) {
    std::vector<int64_t> ids;
    for (const auto& name : names) {
        if (auto range = as_range(name)) {
            auto in = db.ids_between(range->first, range->second);
            if (in.empty()) {
                fail(Exit::usage, fmt::format("range {} names no stored run; nothing changed",
                                              terminal_safe(name)));
                return std::nullopt;
            }
            ids.insert(ids.end(), in.begin(), in.end());
            continue;
        }
        auto run = db.find(name);
        if (!run) {
            fail(Exit::usage,
                 "no run '" + terminal_safe(name) + "' (see speedlab list); nothing changed");
            return std::nullopt;
        }
        ids.push_back(run->id);
    }
    return ids;
}
}  // namespace

std::optional<std::vector<int64_t>> select_runs(const store::Database& db, const RunSelection& s,
                                                const char* command) {
    if (s.runs.empty() && s.machine.empty() && s.source.empty()) {
        fail(Exit::usage, fmt::format("{}: give runs, ranges (5-9) or filters", command));
        return std::nullopt;
    }
    auto named = named_runs(db, s.runs);
    if (!named) return std::nullopt;
    bool filtered = !s.machine.empty() || !s.source.empty();
    std::set<int64_t> allowed;
    if (filtered) {
        store::RunFilter filter{.source = s.source};
        if (!resolve_machine_filter(db, s.machine, filter)) return std::nullopt;
        for (const auto& r : db.list(filter)) allowed.insert(r.id);
    }
    std::vector<int64_t> ids;
    auto keep = [&](int64_t id) {
        if ((!filtered || allowed.count(id)) && std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    };
    if (s.runs.empty())
        for (int64_t id : allowed) keep(id);
    for (int64_t id : *named) keep(id);
    if (ids.empty()) {
        fail(Exit::usage, fmt::format("{}: no run matches; nothing changed", command));
        return std::nullopt;
    }
    return ids;
}

}  // namespace speedlab::cli
