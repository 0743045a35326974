#include "report/compare_runs.h"

#include "compare/ratio.h"
#include "compare/short_names.h"
#include "core/error.h"

namespace speedlab::report {

std::string compare_runs(const std::vector<Run>& stored, const compare::CompareRequest& request,
                         std::string_view format, const FormatOptions& options) {
    // Headers, legends and summaries name runs by the words their labels do
    // not share; JSON keeps every label whole for programs.
    const std::vector<Run> runs = format == "json" ? stored : compare::with_short_names(stored);
    auto compared = compare::comparison(runs, request);
    if (compared.shared() > 0) return render(compared, format, runs, options);
    if (compared.grid)
        throw Error(ErrorKind::failed,
                    "runs " + compared.labels[0] + " and " + compared.labels[1] +
                        " have no figures in common (same algorithm, operation and block size)");
    throw Error(ErrorKind::failed, "the runs have no figures in common");
}

}  // namespace speedlab::report
