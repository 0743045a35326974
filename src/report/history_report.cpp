#include "report/history_report.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/json.h"
#include "core/plural.h"
#include "report/comparison_parts.h"

namespace speedlab::report {

using nlohmann::json;

namespace {
json number_or_null(const std::optional<double>& v) {
    return v ? json(*v) : json(nullptr);
}

json point_json(const Run& r, const compare::HistoryPoint& p) {
    std::string date = compare::measured_date(r);
    return {{"run", r.id},
            {"label", r.label},
            {"measured_at", date.empty() ? json(nullptr) : json(date)},
            {"value", p.value},
            {"low", number_or_null(p.low)},
            {"high", number_or_null(p.high)}};
}

std::string signed_percent(double ratio) {
    return fmt::format("{:+.1f}%", (ratio - 1) * 100);
}

std::string value_of(const std::string& metric, double v) {
    auto key = parse_metric_key(metric);
    return key ? detail::value_text(*key, v, 0, Units::si) : fmt::format("{:.6g}", v);
}
}  // namespace

std::string change_text(const compare::ChangePoint& c) {
    return fmt::format("{} [{}, {}]", signed_percent(c.ratio), signed_percent(c.low),
                       signed_percent(c.high));
}

json history_document(const std::string& machine, const std::vector<Run>& runs,
                      const compare::History& h) {
    json series = json::array();
    for (const auto& s : h.series) {
        json points = json::array(), changes = json::array();
        for (const auto& p : s.points) points.push_back(point_json(runs[p.run], p));
        for (const auto& c : s.changes)
            changes.push_back({{"index", c.index},
                               {"run", runs[s.points[c.index].run].id},
                               {"before", c.before},
                               {"after", c.after},
                               {"ratio", c.ratio},
                               {"low", c.low},
                               {"high", c.high},
                               {"p", c.p}});
        series.push_back({{"metric", s.metric},
                          {"build", h.builds[s.build].name},
                          {"points", points},
                          {"changes", changes}});
    }
    return json{{"machine", machine}, {"series", series}};
}

std::string history_json(const std::string& machine, const std::vector<Run>& runs,
                         const compare::History& h) {
    return json_text(history_document(machine, runs, h));
}

std::string history_csv(const std::vector<Run>& runs, const compare::History& h) {
    std::string out =
        detail::csv_row({"metric", "build", "index", "run", "measured_at", "value", "low", "high",
                         "change_ratio", "change_low", "change_high", "change_p"});
    for (const auto& s : h.series)
        for (size_t i = 0; i < s.points.size(); ++i) {
            const auto& p = s.points[i];
            std::vector<std::string> row{s.metric,
                                         h.builds[s.build].name,
                                         std::to_string(i),
                                         std::to_string(runs[p.run].id),
                                         compare::measured_date(runs[p.run]),
                                         fmt::format("{}", p.value),
                                         detail::number_or_empty(p.low),
                                         detail::number_or_empty(p.high)};
            const compare::ChangePoint* c = nullptr;
            for (const auto& x : s.changes)
                if (x.index == i) c = &x;
            for (double v : {c ? c->ratio : 0, c ? c->low : 0, c ? c->high : 0, c ? c->p : 0})
                row.push_back(c ? fmt::format("{}", v) : "");
            out += detail::csv_row(row);
        }
    return out;
}

std::string history_text(const std::string& machine, const std::vector<Run>& runs,
                         const compare::History& h) {
    size_t changes = 0, quiet = 0;
    for (const auto& s : h.series) changes += s.changes.size(), quiet += s.changes.empty();
    std::string out = fmt::format("{}: {}, {}, {} figure series, {} ({})\n", machine,
                                  counted(static_cast<int64_t>(runs.size()), "run"),
                                  counted(static_cast<int64_t>(h.builds.size()), "build"),
                                  h.series.size(), counted(static_cast<int64_t>(changes), "change"),
                                  h.dated ? "in the order measured" : "in version order");
    for (size_t b = 0; b < h.builds.size(); ++b) {
        size_t n = 0;
        for (size_t rb : h.run_build) n += rb == b;
        out += fmt::format("  build {}: {}\n", h.builds[b].name,
                           counted(static_cast<int64_t>(n), "run"));
    }
    for (const auto& s : h.series)
        for (const auto& c : s.changes) {
            const Run& r = runs[s.points[c.index].run];
            std::string date = compare::measured_date(r);
            out += fmt::format("{} [{}]: from point {} (run {}{}): {} -> {}, {}, p {:.3g}\n",
                               s.metric, h.builds[s.build].name, c.index, r.id,
                               date.empty() ? "" : ", " + date.substr(0, 10),
                               value_of(s.metric, c.before), value_of(s.metric, c.after),
                               change_text(c), c.p);
        }
    if (quiet) out += fmt::format("{} series without a change\n", quiet);
    return out;
}

}  // namespace speedlab::report
