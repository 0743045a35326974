// The json renderer of comparisons: JSON (docs/json.md).
#include <fmt/format.h>

#include "core/json.h"
#include "report/comparison.h"
#include "report/comparison_parts.h"

namespace speedlab::report {

using namespace detail;

std::string json_ratio(const RatioTable& t, const std::vector<Run>& /*runs*/) {
    auto grids = ratio_grids(t);
    json j{{"kind", "ratio"},
           {"a", t.a_label},
           {"b", t.b_label},
           {"direction", "B/A"},
           {"sizes", t.sizes},
           {"caveats", t.caveats},
           {"shared_cells", t.shared_cells},
           {"noise", t.noise},
           {"omitted", t.omitted}};
    for (const char* section : {"symmetric", "public_key", "key_exchange"}) {
        const auto& rows = std::string(section) == "symmetric"    ? t.symmetric
                           : std::string(section) == "public_key" ? t.public_key
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
    for (const auto& m : t.means)
        means.push_back(
            {{"category", m.category}, {"geometric_mean", m.geometric_mean}, {"cells", m.cells}});
    j["means"] = means;
    return json_text(j);
}

std::string json_side_by_side(const SideBySide& s, const std::vector<Run>& /*runs*/) {
    std::string base = s.baseline < s.labels.size() ? s.labels[s.baseline] : "";
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
        rows.push_back({{"metric", metric_name(r.metric)},
                        {"unit", r.metric.operation == Operation::throughput ? "bytes/s" : "ops/s"},
                        {"values", vals}});
    }
    json j{{"kind", "side_by_side"}, {"runs", s.labels}, {"baseline", base},    {"rows", rows},
           {"caveats", s.caveats},   {"noise", s.noise}, {"omitted", s.omitted}};
    return json_text(j);
}

}  // namespace speedlab::report
