// The charts of a comparison page: throughput against block size per
// symmetric algorithm, grouped bars per public-key algorithm, both only for
// figures at least two runs share.
#include "report/comparison_charts.h"

#include <algorithm>
#include <set>

#include "compare/caveats.h"
#include "core/algorithm.h"
#include "report/charts.h"
#include "report/units.h"

namespace speedlab::report {

namespace {

Point point_of(const Measurement* m) {
    Point p;
    if (!m) return p;
    p.value = m->value;
    if (m->samples.size() >= 2) {
        auto [lo, hi] = std::minmax_element(m->samples.begin(), m->samples.end());
        p.low = *lo;
        p.high = *hi;
    }
    return p;
}

std::vector<std::string> algorithms(const std::vector<Run>& runs, bool public_key) {
    std::vector<std::string> ids;
    for (const auto& r : runs)
        for (const auto& m : r.measurements)
            if (kind_of(m.algorithm) != AlgorithmKind::bogomips &&
                (kind_of(m.algorithm) == AlgorithmKind::public_key) == public_key &&
                std::find(ids.begin(), ids.end(), m.algorithm) == ids.end())
                ids.push_back(m.algorithm);
    std::stable_sort(ids.begin(), ids.end(),
                     [](const auto& a, const auto& b) { return print_rank(a) < print_rank(b); });
    return ids;
}

size_t holders(const std::vector<Run>& runs, const std::string& id, Operation op, int64_t p) {
    return static_cast<size_t>(std::count_if(
        runs.begin(), runs.end(), [&](const Run& r) { return r.find(id, op, p) != nullptr; }));
}

std::string symmetric_chart(const std::vector<Run>& runs, const std::string& id,
                            const AxisUnit& unit, bool legends) {
    std::set<int64_t> shared;
    for (const auto& r : runs)
        for (const auto& m : r.measurements)
            if (m.algorithm == id && m.operation == Operation::throughput &&
                holders(runs, id, Operation::throughput, m.parameter) >= 2)
                shared.insert(m.parameter);
    if (shared.empty()) return {};
    std::vector<int64_t> sizes(shared.begin(), shared.end());
    std::vector<Series> series;
    for (size_t k = 0; k < runs.size(); ++k) {
        Series s{compare::short_label(runs[k]), k, {}};
        for (auto size : sizes)
            s.points.push_back(point_of(runs[k].find(id, Operation::throughput, size)));
        if (std::any_of(s.points.begin(), s.points.end(),
                        [](const Point& p) { return p.value.has_value(); }))
            series.push_back(std::move(s));
    }
    return throughput_chart(id, sizes, series, unit, legends);
}

std::string public_key_chart(const std::vector<Run>& runs, const std::string& id,
                             const AxisUnit& unit, bool legends) {
    std::vector<Operation> ops;
    for (Operation op :
         {Operation::sign, Operation::verify, Operation::encrypt, Operation::decrypt,
          Operation::derive, Operation::keygen, Operation::encaps, Operation::decaps})
        if (holders(runs, id, op, 0) >= 2) ops.push_back(op);
    if (ops.empty()) return {};
    std::vector<std::string> groups;
    for (Operation op : ops) groups.emplace_back(to_string(op));
    std::vector<Series> series;
    for (size_t k = 0; k < runs.size(); ++k) {
        Series s{compare::short_label(runs[k]), k, {}};
        for (Operation op : ops) s.points.push_back(point_of(runs[k].find(id, op, 0)));
        if (std::any_of(s.points.begin(), s.points.end(),
                        [](const Point& p) { return p.value.has_value(); }))
            series.push_back(std::move(s));
    }
    return grouped_bars(id, groups, series, legends, unit);
}

// One unit for every throughput panel, from the largest figure charted.
AxisUnit family_unit(const std::vector<Run>& runs) {
    double top = 0;
    for (const auto& r : runs)
        for (const auto& m : r.measurements)
            if (m.operation == Operation::throughput &&
                holders(runs, m.algorithm, Operation::throughput, m.parameter) >= 2) {
                top = std::max(top, m.value);
                for (double s : m.samples) top = std::max(top, s);
            }
    RateUnit u = unit_for_axis(top * 1.25);
    return {u.name, u.scale};
}

// One unit for every public-key panel, from the largest operations per second charted.
AxisUnit ops_family(const std::vector<Run>& runs) {
    double top = 0;
    for (const auto& r : runs)
        for (const auto& m : r.measurements)
            if (m.operation != Operation::throughput &&
                holders(runs, m.algorithm, m.operation, m.parameter) >= 2)
                top = std::max(top, m.value);
    return ops_unit(top);
}

}  // namespace

std::vector<std::string> comparison_charts(const std::vector<Run>& runs, bool legends) {
    std::vector<std::string> charts;
    AxisUnit unit = family_unit(runs), ops = ops_family(runs);
    for (const auto& id : algorithms(runs, false))
        if (auto c = symmetric_chart(runs, id, unit, legends); !c.empty())
            charts.push_back(std::move(c));
    for (const auto& id : algorithms(runs, true))
        if (auto c = public_key_chart(runs, id, ops, legends); !c.empty())
            charts.push_back(std::move(c));
    return charts;
}

}  // namespace speedlab::report
