#include "report/history_report.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/json.h"
#include "core/plural.h"
#include "report/comparison_parts.h"
#include "report/units.h"

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

namespace {
std::string history_csv(const HistoryView& v, const FormatOptions&) {
    const auto& h = v.history;
    std::string out =
        detail::csv_row({"metric", "build", "index", "run", "measured_at", "value", "low", "high",
                         "change_ratio", "change_low", "change_high", "change_p"});
    for (const auto& s : h.series)
        for (size_t i = 0; i < s.points.size(); ++i) {
            const auto& p = s.points[i];
            std::vector<std::string> row{s.metric,
                                         h.builds[s.build].name,
                                         std::to_string(i),
                                         std::to_string(v.runs[p.run].id),
                                         compare::measured_date(v.runs[p.run]),
                                         fmt::format("{}", p.value),
                                         detail::number_or_empty(p.low),
                                         detail::number_or_empty(p.high)};
            const compare::ChangePoint* c = nullptr;
            for (const auto& x : s.changes)
                if (x.index == i) c = &x;
            for (double x : {c ? c->ratio : 0, c ? c->low : 0, c ? c->high : 0, c ? c->p : 0})
                row.push_back(c ? fmt::format("{}", x) : "");
            out += detail::csv_row(row);
        }
    return out;
}

// "tilia: 9 runs, 2 builds, 40 figure series, 1 change (in the order measured)".
std::string summary_line(const HistoryView& v) {
    const auto& h = v.history;
    size_t changes = 0;
    for (const auto& s : h.series) changes += s.changes.size();
    return fmt::format("{}: {}, {}, {} figure series, {} ({})\n", v.machine,
                       counted(static_cast<int64_t>(v.runs.size()), "run"),
                       counted(static_cast<int64_t>(h.builds.size()), "build"), h.series.size(),
                       counted(static_cast<int64_t>(changes), "change"),
                       h.dated ? "in the order measured" : "in version order");
}

// Per build: its name and how many runs it has.
std::vector<std::vector<std::string>> build_rows(const compare::History& h) {
    std::vector<std::vector<std::string>> rows;
    for (size_t b = 0; b < h.builds.size(); ++b) {
        size_t n = 0;
        for (size_t rb : h.run_build) n += rb == b;
        rows.push_back({h.builds[b].name, std::to_string(n)});
    }
    return rows;
}

// Per change: figure, build, point, run, date measured, before, after, change, p;
// the text's sentences and the Markdown table say the same.
std::vector<std::vector<std::string>> change_rows(const HistoryView& v) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& s : v.history.series)
        for (const auto& c : s.changes) {
            const Run& r = v.runs[s.points[c.index].run];
            rows.push_back({s.metric, v.history.builds[s.build].name, std::to_string(c.index),
                            std::to_string(r.id), compare::measured_date(r).substr(0, 10),
                            figure_text(s.metric, c.before), figure_text(s.metric, c.after),
                            change_text(c), fmt::format("{:.3g}", c.p)});
        }
    return rows;
}

std::string quiet_line(const compare::History& h) {
    size_t quiet = 0;
    for (const auto& s : h.series) quiet += s.changes.empty();
    return quiet ? fmt::format("{} series without a change\n", quiet) : "";
}

std::string history_text(const HistoryView& v, const FormatOptions&) {
    std::string out = summary_line(v);
    for (const auto& b : build_rows(v.history))
        out += fmt::format("  build {}: {}\n", b[0], counted(std::stoll(b[1]), "run"));
    for (const auto& c : change_rows(v))
        out += fmt::format("{} [{}]: from point {} (run {}{}): {} -> {}, {}, p {}\n", c[0], c[1],
                           c[2], c[3], c[4].empty() ? "" : ", " + c[4], c[5], c[6], c[7], c[8]);
    return out + quiet_line(v.history);
}

std::string history_markdown(const HistoryView& v, const FormatOptions&) {
    std::string out =
        summary_line(v) + "\n" +
        detail::markdown_grid({"build", "runs"}, build_rows(v.history), {false, true});
    auto changes = change_rows(v);
    if (!changes.empty())
        out += "\n" + detail::markdown_grid(
                          {"figure", "build", "point", "run", "measured", "before", "after",
                           "change", "p"},
                          changes, {false, false, true, true, false, true, true, true, true});
    std::string quiet = quiet_line(v.history);
    return quiet.empty() ? out : out + "\n" + quiet;
}
}  // namespace

const Formats<HistoryView>& history_formats() {
    static const Formats<HistoryView> formats{
        {{"text", history_text},
         {"json",
          [](const HistoryView& v, const FormatOptions&) {
              return json_text(history_document(v.machine, v.runs, v.history));
          }},
         {"csv", history_csv},
         {"markdown", history_markdown}}};
    return formats;
}

}  // namespace speedlab::report
