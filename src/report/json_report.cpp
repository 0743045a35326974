// The json renderer of comparisons: JSON (docs/json.md).
#include <fmt/format.h>

#include "core/json.h"
#include "report/comparison.h"
#include "report/comparison_parts.h"

namespace speedlab::report {

using namespace detail;

namespace {
json mean_json(const compare::MeanEstimate& m) {
    json left_out = m.left_out_metrics;
    return {{"geometric_mean", m.empty() ? json(nullptr) : json(m.ratio)},
            {"low", m.empty() ? json(nullptr) : json(m.low)},
            {"high", m.empty() ? json(nullptr) : json(m.high)},
            {"figures", m.figures},
            {"left_out", m.left_out},
            {"left_out_metrics", left_out},
            {"left_out_rule",
             "figures printed with fewer than 3 significant digits, or whose rounding alone "
             "exceeds the noise floor, do not enter a geometric mean"}};
}

json verdict_json(const compare::RunVerdict& v) {
    json largest = json::array();
    for (const auto& d : v.largest) largest.push_back(cell_json(d.metric, d.cell));
    return {{"run", v.run},
            {"baseline", v.baseline},
            {"faster", v.faster},
            {"slower", v.slower},
            {"within_noise", v.within_noise},
            {"unsure", v.unknown},
            {"mean", mean_json(v.mean)},
            {"largest", largest}};
}

json grid_json(const Comparison& c) {
    const RatioGrid& t = *c.grid;
    json j{{"kind", "ratio"},
           {"a", c.labels[0]},
           {"b", c.labels[1]},
           {"direction", "B/A"},
           {"sizes", t.sizes},
           {"caveats", c.caveats},
           {"shared_cells", t.shared_cells},
           {"noise", c.noise},
           {"omitted", c.omitted}};
    for (const char* section : {"symmetric", "public_key", "key_exchange", "bogomips"}) {
        const std::string s = section;
        const auto& rows = s == "symmetric"    ? t.symmetric
                           : s == "public_key" ? t.public_key
                           : s == "bogomips"   ? t.bogomips
                                               : t.key_exchange;
        auto cols = columns_of(t, section);
        json arr = json::array();
        for (const auto& r : rows) {
            json cells = json::array();
            for (size_t i = 0; i < r.cells.size(); ++i)
                cells.push_back(cell_json(cols[i], r.cells[i]));
            arr.push_back({{"algorithm", r.algorithm}, {"cells", cells}});
        }
        j[section] = arr;
    }
    json means = json::array();
    for (const auto& m : t.means) {
        json e = mean_json(m.estimate);
        e["category"] = m.category;
        e["cells"] = m.cells;
        means.push_back(e);
    }
    j["means"] = means;
    j["summary"] = verdict_json(c.verdicts.front());
    return j;
}

json rows_json(const Comparison& s) {
    json rows = json::array();
    for (const auto& r : s.rows) {
        json vals = json::array();
        for (size_t i = 0; i < r.values.size(); ++i)
            vals.push_back({{"run", s.labels[i]},
                            {"value", r.values[i] ? json(*r.values[i]) : json(nullptr)},
                            {"vs_baseline", r.vs_baseline[i].ratio ? json(*r.vs_baseline[i].ratio)
                                                                   : json(nullptr)},
                            {"vs_baseline_uncertainty", r.vs_baseline[i].uncertainty
                                                            ? json(*r.vs_baseline[i].uncertainty)
                                                            : json(nullptr)},
                            {"significance", significance_name(r.vs_baseline[i].significance)},
                            {"vs_baseline_low",
                             r.vs_baseline[i].low ? json(*r.vs_baseline[i].low) : json(nullptr)},
                            {"vs_baseline_high",
                             r.vs_baseline[i].high ? json(*r.vs_baseline[i].high) : json(nullptr)},
                            {"machine", i < s.machines.size() ? s.machines[i] : ""},
                            {"cv", r.cv[i] ? json(*r.cv[i]) : json(nullptr)}});
        rows.push_back({{"metric", metric_key(r.metric)},
                        {"unit", r.metric.operation == Operation::throughput ? "bytes/s" : "ops/s"},
                        {"values", vals}});
    }
    json j{{"kind", "side_by_side"}, {"runs", s.labels},     {"baseline", baseline_label(s)},
           {"rows", rows},           {"caveats", s.caveats}, {"noise", s.noise},
           {"omitted", s.omitted}};
    json verdicts = json::array();
    for (const auto& v : s.verdicts) verdicts.push_back(verdict_json(v));
    j["summary"] = verdicts;
    return j;
}
}  // namespace

std::string json_report(const Comparison& c, const std::vector<Run>& /*runs*/,
                        const FormatOptions& /*options*/) {
    return json_text(c.grid ? grid_json(c) : rows_json(c));
}

}  // namespace speedlab::report
