#include "cli/check_history.h"

#include <fmt/format.h>

#include <algorithm>

#include "cli/commands.h"
#include "cli/format_option.h"
#include "cli/history_runs.h"
#include "compare/check_history.h"
#include "compare/history.h"
#include "core/build.h"
#include "report/check_report.h"

namespace speedlab::cli {

int check_with_history(const store::Database& db, const HistoryCheckArgs& a) {
    auto candidate = db.find(a.run);
    if (!candidate) throw Error(ErrorKind::usage, "no run '" + a.run + "' (see speedlab list)");
    const std::string& machine = candidate->machine->label;
    auto runs = history_runs(db, machine);
    compare::sort_runs(runs);
    auto at =
        std::find_if(runs.begin(), runs.end(), [&](const Run& r) { return r.id == candidate->id; });
    runs.erase(at, runs.end());  // the runs measured before it
    auto checked =
        compare::check_against_history(runs, *candidate, a.threshold, a.noise, a.allow_missing);
    if (!checked) {
        fmt::print(stderr,
                   "speedlab: nothing to check run {} against: machine '{}' has no earlier run "
                   "of build {}\n",
                   candidate->id, machine, build_name(*candidate));
        return Exit::ok;
    }
    if (checked->result.rows.empty())
        throw Error(ErrorKind::usage,
                    "the run shares no figure with its history: nothing to check");
    write_formatted(
        a.format,
        report::check_formats().render(a.format, {checked->result, checked->baseline, *candidate}),
        a.output);
    return checked->result.passed() ? Exit::ok : Exit::failure;
}

}  // namespace speedlab::cli
