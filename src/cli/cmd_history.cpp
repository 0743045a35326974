// speedlab history MACHINE: each figure's series per build, and the changes
// found in it (compare/change_points), in the formats of report/history_report.h.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

#include "cli/commands.h"
#include "cli/format_option.h"
#include "cli/history_runs.h"
#include "compare/history.h"
#include "core/metric_pattern.h"
#include "core/text.h"
#include "report/history_report.h"
#include "store/database.h"

namespace speedlab::cli {

namespace {
struct HistoryArgs {
    std::string machine, metrics, since, until, format = "text", output;
};

// The figures LIST names, resolved against those of the query's runs before
// any figure is read, so only those are read (a change costs the same to find
// whether it is printed or not); a usage error when an item names none.
void choose_metrics(const std::string& list, const store::Database& db, store::HistoryQuery& q) {
    if (list.empty()) return;
    // The figures in any order choose the same ones; the order is read only
    // for an error, whose closest names it breaks ties between.
    for (bool in_order : {false, true}) {
        auto stored = db.history_metrics(q, in_order);
        std::vector<MetricKey> available;
        for (const auto& key : stored)
            if (auto k = parse_metric_key(metric_key(key))) available.push_back(*k);
        std::vector<MetricKey> chosen;
        try {
            chosen = select_metrics(list, available, "--metrics");
        } catch (const Error&) {
            if (!in_order) continue;  // asked again in order, for the closest names
            throw;
        }
        std::set<std::string> keys;
        for (const auto& k : chosen) keys.insert(metric_key(k));
        q.metrics.emplace();
        for (const auto& key : stored)
            if (keys.count(metric_key(key))) q.metrics->push_back(key);
        return;
    }
}

// What a kept text answer is looked up by besides its machine: the options
// that choose what it says, as given.
std::string kept_query(const HistoryArgs& a) {
    return fmt::format("metrics={}\nsince={}\nuntil={}", a.metrics, a.since, a.until);
}

// Keeps TEXT for the generation it was computed at, through a connection that
// may write; a store that cannot be written now (read-only, busy) keeps nothing.
void keep_answer(const std::string& location, const std::string& machine, const std::string& query,
                 int64_t generation, const std::string& text) {
    try {
        store::Database w(location, store::Access::write);
        w.keep_history(machine, query, generation, text);
    } catch (const std::exception&) {
    }
}
}  // namespace

Command add_history(CLI::App& app, Global& global) {
    auto a = std::make_shared<HistoryArgs>();
    app.add_option("machine", a->machine, "the machine: its name in any case, a glob or a part")
        ->required();
    app.add_option("--metrics", a->metrics,
                   "only these figures (names, families or globs, comma-separated)");
    app.add_option("--since", a->since, "only runs measured (else stored) from this date on")
        ->check(day_check());
    app.add_option("--until", a->until, "only runs measured (else stored) up to this date")
        ->check(day_check());
    add_format_option(app, a->format, report::history_formats());
    app.add_option("-o,--output", a->output, "write to this file");
    return [a, &global]() -> int {
        store::Database db(global.database_path(), store::Access::read);
        std::string name = resolve_one_machine(db, a->machine);
        // Read before the runs: an answer kept for it was computed from them or later ones.
        int64_t generation = db.generation();
        bool text_form = a->format == "text";
        if (auto kept =
                text_form ? db.kept_history(name, kept_query(*a), generation) : std::nullopt)
            return write_output(*kept, a->output);
        store::HistoryQuery query;
        query.machines = {name};
        query.since = a->since, query.until = a->until;
        choose_metrics(a->metrics, db, query);
        auto runs = db.history_runs(query);
        auto h = compare::history(runs);
        std::string text = report::history_formats().render(a->format, {name, runs, h});
        if (a->format != "json") text = terminal_safe(text);
        write_output(text, a->output);
        if (text_form) keep_answer(global.database_path(), name, kept_query(*a), generation, text);
        return Exit::ok;
    };
}

}  // namespace speedlab::cli
