// The csv renderer of comparisons: CSV (RFC 4180), one figure per row, formulas neutralised.
#include <fmt/format.h>

#include "report/comparison.h"
#include "report/comparison_parts.h"

namespace speedlab::report {

using namespace detail;

namespace {
std::string grid_csv(const RatioGrid& t) {
    std::string out = "section,algorithm,column,ratio,uncertainty,significance,low,high\n";
    auto emit = [&](const std::string& section, const std::vector<compare::RatioRow>& rows) {
        auto cols = columns_of(t, section);
        for (const auto& r : rows)
            for (size_t i = 0; i < r.cells.size(); ++i) {
                const auto& c = r.cells[i];
                out += csv_row({section, r.algorithm, cols[i], number_or_empty(c.ratio),
                                number_or_empty(c.uncertainty),
                                std::string(significance_name(c.significance)),
                                number_or_empty(c.low), number_or_empty(c.high)});
            }
    };
    emit("symmetric", t.symmetric);
    emit("public_key", t.public_key);
    emit("key_exchange", t.key_exchange);
    emit("bogomips", t.bogomips);
    for (const auto& m : t.means)
        if (!m.estimate.empty())
            out += csv_row({"mean", m.category, "geometric mean",
                            fmt::format("{:.6g}", m.geometric_mean), "", "",
                            fmt::format("{:.6g}", m.estimate.low),
                            fmt::format("{:.6g}", m.estimate.high)});
    return out;
}

std::string rows_csv(const Comparison& s) {
    std::string out =
        "metric,run,value,unit,vs_baseline,vs_baseline_uncertainty,printed_step,cv,"
        "vs_baseline_low,vs_baseline_high,machine\n";
    for (const auto& r : s.rows)
        for (size_t i = 0; i < r.values.size(); ++i) {
            if (!r.values[i]) continue;
            const auto& vs = r.vs_baseline[i];
            const auto& step = r.printed_steps[i];
            out += csv_row({metric_key(r.metric), s.labels[i], fmt::format("{:.6f}", *r.values[i]),
                            r.metric.operation == Operation::throughput ? "bytes/s" : "ops/s",
                            number_or_empty(vs.ratio), number_or_empty(vs.uncertainty),
                            step && *step > 0 ? fmt::format("{:g}", *step) : "",
                            number_or_empty(r.cv[i]), number_or_empty(vs.low),
                            number_or_empty(vs.high), i < s.machines.size() ? s.machines[i] : ""});
        }
    return out;
}
}  // namespace

std::string csv_report(const Comparison& c, const std::vector<Run>& /*runs*/,
                       const FormatOptions& /*options*/) {
    return c.grid ? grid_csv(*c.grid) : rows_csv(c);
}

}  // namespace speedlab::report
