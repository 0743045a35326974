#include "report/compare_runs.h"

#include <algorithm>

#include "compare/ratio.h"
#include "compare/short_names.h"

namespace speedlab::report {

CompareOutcome compare_runs(const std::vector<Run>& stored, const CompareRequest& request,
                            Format format, const RenderOptions& options) {
    // Headers, legends and summaries name runs by the words their labels do
    // not share; JSON keeps every label whole for programs.
    const std::vector<Run> runs =
        format == Format::json ? stored : compare::with_short_names(stored);
    if (runs.size() == 2 && request.metrics.empty() && !request.side_by_side) {
        const Run& base = runs[request.baseline];
        const Run& other = runs[1 - request.baseline];
        auto table = compare::ratio_table(base, other, request.noise, request.all);
        if (table.shared_cells == 0)
            return {{},
                    "runs " + compare::run_label(base) + " and " + compare::run_label(other) +
                        " have no figures in common (same algorithm, operation and block size)"};
        return {render(table, format, runs, options), {}};
    }
    auto table =
        compare::side_by_side(runs, request.baseline, request.metrics, request.noise, request.all);
    size_t shared = 0;
    for (const auto& r : table.rows)
        shared += std::count_if(r.values.begin(), r.values.end(),
                                [](const auto& v) { return v.has_value(); }) >= 2;
    if (shared == 0) return {{}, "the runs have no figures in common"};
    return {render(table, format, runs, options), {}};
}

}  // namespace speedlab::report
