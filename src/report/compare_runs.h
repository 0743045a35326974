#pragma once
// `speedlab compare` as one call: two runs give the ratio table, more (or
// chosen figures) the side-by-side table, rendered in a format. The CLI and
// the served pages share it, so both say the same.
#include <string>
#include <vector>

#include "compare/interval.h"
#include "core/measurement.h"
#include "core/run.h"
#include "report/comparison.h"

namespace speedlab::report {

struct CompareRequest {
    size_t baseline = 0;             // index into the runs
    std::vector<MetricKey> metrics;  // empty: every figure the runs share
    double noise = compare::kDefaultNoise;
    bool all = false;           // also figures fewer than two runs have
    bool side_by_side = false;  // even for two runs
};

struct CompareOutcome {
    std::string text;   // the rendered comparison
    std::string error;  // why there is none ("no figures in common"), else empty
};

CompareOutcome compare_runs(const std::vector<Run>& runs, const CompareRequest& request,
                            Format format, const RenderOptions& options);

}  // namespace speedlab::report
