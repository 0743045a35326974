#pragma once
// `speedlab compare` as one call: the runs' comparison (compare/ratio.h)
// rendered in a format. The CLI and
// the served pages share it, so both say the same.
#include <string>
#include <vector>

#include "compare/ratio.h"
#include "core/run.h"
#include "report/comparison.h"

namespace speedlab::report {

// The rendered comparison; an Error of kind `failed` when the runs share no
// figure, so there is nothing to compare. FORMAT: one of comparison_formats()' names.
std::string compare_runs(const std::vector<Run>& runs, const compare::CompareRequest& request,
                         std::string_view format, const FormatOptions& options);

}  // namespace speedlab::report
