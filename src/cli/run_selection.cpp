#include "cli/run_selection.h"

#include <fmt/format.h>

#include <algorithm>

#include "cli/machine_filter.h"
#include "core/text.h"
#include "store/run_resolver.h"

namespace speedlab::cli {

std::vector<int64_t> select_runs(const store::Database& db, const RunSelection& s,
                                 const char* command) {
    if (s.runs.empty() && s.machine.empty() && s.source.empty())
        throw Error(ErrorKind::usage,
                    fmt::format("{}: give runs, ranges (5-9) or filters", command));
    auto named = resolve_words(db, s.runs, "; nothing changed");
    bool filtered = !s.machine.empty() || !s.source.empty();
    std::set<int64_t> allowed;
    if (filtered) {
        store::RunFilter filter{.source = s.source};
        resolve_machine_filter(db, s.machine, filter);
        for (const auto& r : db.list(filter)) allowed.insert(r.id);
    }
    std::vector<int64_t> ids;
    auto keep = [&](int64_t id) {
        if ((!filtered || allowed.count(id)) && std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    };
    if (s.runs.empty())
        for (int64_t id : allowed) keep(id);
    for (int64_t id : named) keep(id);
    if (ids.empty())
        throw Error(ErrorKind::usage, fmt::format("{}: no run matches; nothing changed", command));
    return ids;
}

store::RunResolution resolve_named(const store::Database& db, const std::vector<std::string>& words,
                                   const store::OutsideLookup& outside, const char* after_error,
                                   const store::HeldAgainst& against) {
    try {
        auto r = store::resolve_runs(db, words, outside, against);
        for (const auto& note : r.notes) fmt::print(stderr, "speedlab: {}\n", note);
        return r;
    } catch (const Error& e) {  // a word naming nothing: said with what was not done
        if (e.kind() != ErrorKind::not_found && e.kind() != ErrorKind::usage) throw;
        throw Error(e.kind(), e.what() + std::string(after_error));
    }
}

std::vector<int64_t> resolve_words(const store::Database& db, const std::vector<std::string>& words,
                                   const char* after_error) {
    return resolve_named(db, words, {}, after_error).ids;
}

Run resolve_one(const store::Database& db, const std::string& word, const char* command,
                bool newest, const store::HeldAgainst& against) {
    auto ids = resolve_named(db, {word}, {}, "", against).ids;
    if (ids.size() > 1 && !newest)
        throw Error(ErrorKind::usage,
                    fmt::format("{} takes one run, and '{}' names {} (ids {}-{}); name one "
                                "by its id or label",
                                command, terminal_safe(word), ids.size(), ids.front(), ids.back()));
    auto run = db.load(*std::max_element(ids.begin(), ids.end()));
    if (!run)
        throw Error(ErrorKind::failed, fmt::format("{}: the run was deleted meanwhile", command));
    return *run;
}

}  // namespace speedlab::cli
