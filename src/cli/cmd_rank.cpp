// speedlab rank RUN: where a stored run stands among the reference machines.
#include <fmt/format.h>

#include "cli/format_option.h"
#include "cli/reference_commands.h"
#include "cli/reference_source.h"
#include "cli/run_selection.h"
#include "cli/width.h"
#include "compare/interval.h"
#include "compare/ratio.h"
#include "core/metric_pattern.h"
#include "reference/rank.h"
#include "store/database.h"

namespace speedlab::cli {

namespace {
struct RankArgs {
    std::string run, metrics, format = "text", file;
    double noise_percent = 100 * compare::kDefaultNoise;
    size_t top = 8;
};
}  // namespace

Command add_rank(CLI::App& app, Global& global) {
    auto a = std::make_shared<RankArgs>();
    app.add_option("run", a->run, "a stored run: its id, label or its start, or machine name")
        ->required();
    app.add_option("--metrics", a->metrics,
                   "figures to rank by: ids or printed names (as compare --metrics)");
    app.add_option("--top", a->top, "how many of the closest machines to name (default 8)")
        ->check(CLI::Range(1, 100));
    app.add_option("--noise", a->noise_percent,
                   "run-to-run noise assumed for a figure measured once, in percent (default 2)")
        ->check(percent_range(0, 50));
    add_format_option(app, a->format, reference::rank_formats());
    add_reference_option(app, a->file);
    return [a, &global]() -> int {
        store::Database db(global.database_path(), store::Access::read);
        auto set = open_reference(a->file);
        store::HeldAgainst against{{}, "the reference set"};  // a machine's run most like it
        for (const auto& r : set.runs)
            for (const auto& m : r.run.measurements) against.figures.insert(metric_key(m));
        auto run = resolve_one(db, a->run, "rank", false, against);
        std::vector<MetricKey> metrics;
        if (!a->metrics.empty()) {
            metrics = select_metrics(a->metrics, compare::metric_keys({run}), "--metrics");
        }
        auto ranking = reference::rank(run, set, metrics, a->noise_percent / 100, a->top);
        return write_formatted(a->format, reference::rank_formats().render(
                                              a->format, {run, ranking}, {output_width(0)}));
    };
}

}  // namespace speedlab::cli
