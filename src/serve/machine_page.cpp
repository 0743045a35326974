// "/machine/NAME": a machine's facts, its runs, and each figure's history
// with the steps the gate flags.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "compare/interval.h"
#include "compare/ratio.h"
#include "core/json.h"
#include "core/machine_pattern.h"
#include "core/metric_pattern.h"
#include "core/plural.h"
#include "report/charts.h"
#include "report/comparison_parts.h"
#include "report/html.h"
#include "report/summary_formats.h"
#include "serve/history.h"
#include "serve/layout.h"
#include "serve/page_error.h"
#include "serve/pages.h"
#include "serve/url.h"

namespace speedlab::serve {

using report::html_escape;

namespace {
constexpr int64_t kMostHistoryRuns = 500;  // the newest; older ones are on the run list
constexpr size_t kDefaultCharts = 8;

report::AxisUnit unit_of(const FigureHistory& h) {
    double top = 0;
    for (const auto& p : h.points) top = std::max(top, p.value);
    auto key = parse_metric_key(h.metric);
    if (key && key->operation == Operation::throughput) {
        if (top >= 1e9) return {"GB/s", 1e9};
        if (top >= 1e6) return {"MB/s", 1e6};
        return {"kB/s", 1e3};
    }
    if (key && key->operation == Operation::score) return {"BogoMips", 1};
    return report::ops_unit(top);
}

// The version, else the day, else (runs of one day) the run's id.
std::string x_label(const std::vector<Run>& runs, const FigureHistory& h, size_t run,
                    HistoryOrder order) {
    if (order == HistoryOrder::version) {  // "OpenSSL 0.9.6b [engine] 9 Jul 2001": 0.9.6b
        const std::string& v = runs[run].version;
        size_t at = v.find_first_of("0123456789");
        return at == std::string::npos ? v : v.substr(at, v.find(' ', at) - at);
    }
    bool one_day = std::all_of(h.points.begin(), h.points.end(), [&](const auto& p) {
        return runs[p.run].when.substr(0, 10) == runs[h.points.front().run].when.substr(0, 10);
    });
    return one_day ? "run " + std::to_string(runs[run].id) : runs[run].when.substr(0, 10);
}

std::string chart_of(const std::vector<Run>& runs, const FigureHistory& h, HistoryOrder order) {
    std::vector<report::HistoryPoint> points;
    auto key = parse_metric_key(h.metric);
    for (const auto& p : h.points) {
        const Run& r = runs[p.run];
        const Measurement* m =
            key ? r.find(key->algorithm, key->operation, key->parameter) : nullptr;
        std::string value = m && key ? report::detail::value_text(*key, m->value, m->printed_step,
                                                                  report::Units::si)
                                     : "";
        std::string tip = fmt::format("run {} {} ({}, {}): {}", r.id, r.label, r.when.substr(0, 10),
                                      r.version, value);
        if (p.step)
            tip += fmt::format("; step {} beyond the threshold and beyond noise",
                               report::percent(p.change));
        points.push_back({p.value, x_label(runs, h, p.run, order), tip, p.step});
    }
    return report::history_chart(h.metric, points, unit_of(h));
}
}  // namespace

namespace {
nlohmann::json history_json(const std::vector<Run>& runs, const std::vector<FigureHistory>& hs) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& h : hs) {
        nlohmann::json points = nlohmann::json::array();
        for (const auto& p : h.points)
            points.push_back({{"run", runs[p.run].id},
                              {"when", runs[p.run].when},
                              {"version", runs[p.run].version},
                              {"value", p.value},
                              {"step", p.step}});
        out.push_back({{"metric", h.metric}, {"steps", h.steps()}, {"points", points}});
    }
    return out;
}

std::string find_machine(const store::Database& db, const std::string& name, const Links& links) {
    auto names = db.machine_names();
    auto match = exact_machine(name, names);
    if (!match.names.empty()) return match.names.front();
    std::vector<NotFound::Suggestion> closest;
    for (const auto& c : closest_names(name, names, 3)) closest.push_back({c, links.machine(c)});
    throw NotFound("no machine '" + name + "'", closest);
}

std::vector<const FigureHistory*> charted(const std::vector<FigureHistory>& hs,
                                          const Request& request) {
    std::vector<const FigureHistory*> out;
    if (auto m = request.param("metrics"); m && !m->empty()) {
        std::vector<MetricKey> available;
        for (const auto& h : hs)
            if (auto k = parse_metric_key(h.metric)) available.push_back(*k);
        auto chosen = select_metrics(*m, available);
        if (!chosen.error.empty()) throw BadRequest("metrics", chosen.error);
        for (const auto& h : hs)
            for (const auto& k : chosen.keys)
                if (metric_key(k) == h.metric) out.push_back(&h);
        return out;
    }
    for (const auto& h : hs)
        if (h.steps()) out.push_back(&h);
    for (const auto& h : hs)
        if (!h.steps() && out.size() < kDefaultCharts) out.push_back(&h);
    return out;
}
}  // namespace

namespace {
struct HistoryView {
    HistoryOrder order = HistoryOrder::time;
    double threshold = 0.03, noise = compare::kDefaultNoise;
};

HistoryView history_view(const Request& request) {
    HistoryView v;
    auto by = request.param("by").value_or("time");
    if (by != "time" && by != "version") throw BadRequest("by", "time or version", by);
    v.order = by == "version" ? HistoryOrder::version : HistoryOrder::time;
    v.threshold = percent_param(request, "threshold", 0.03);
    v.noise = percent_param(request, "noise", compare::kDefaultNoise);
    return v;
}

// The machine as `speedlab machines` sums it up: kind, aliases, the most common CPU.
std::string machine_line(const store::Database& db, const std::string& name) {
    for (const auto& m : db.machines(name)) {
        std::string aliases = fmt::format("{}", fmt::join(m.aliases, ", "));
        return fmt::format("<p>{} · {} · CPU {}{}</p>\n", html_escape(report::kind_text(m)),
                           counted(m.runs, "run"),
                           html_escape(m.cpu.empty() ? "not stated" : m.cpu),
                           aliases.empty() ? "" : " · also known as " + html_escape(aliases));
    }
    return {};
}

std::string history_html(const std::vector<Run>& runs, const std::vector<FigureHistory>& hs,
                         const HistoryView& v, const Request& request, const Links& links) {
    size_t steps = 0;
    for (const auto& h : hs) steps += h.steps();
    std::string order = "By time";
    if (!links.is_published())  // a published page is one view
        order =
            v.order == HistoryOrder::time
                ? "By time · " + link(link_to(request, {{"by", "version"}}), "by benchmark version")
                : link(link_to(request, {{"by", "time"}}), "by time") + " · by benchmark version";
    std::string out = "<h2>History</h2>\n<p>" + order +
                      fmt::format(
                          ". <span id=\"steps\">{} step(s)</span> beyond a {:.3g}% threshold "
                          "and beyond noise (speedlab check's test, noise floor {:.3g}%), "
                          "ringed in red.</p>\n<div class=\"charts\">\n",
                          steps, v.threshold * 100, v.noise * 100);
    for (const auto* h : charted(hs, request)) out += chart_of(runs, *h, v.order);
    out += "</div>\n";
    if (hs.size() > kDefaultCharts && !request.param("metrics"))
        out += fmt::format(
            "<p class=\"dim\">{} figures have a history; ?metrics=md5,rsa2048 (any "
            "figure, family or glob) charts others.</p>\n",
            hs.size());
    return out;
}
}  // namespace

Response machine_page(const store::Database& db, const std::string& wanted, const Request& request,
                      const Links& links) {
    auto format = page_format(request, false);
    std::string name = find_machine(db, wanted, links);
    HistoryView view = history_view(request);
    store::RunFilter filter;
    filter.machines = {name};
    auto summaries = db.page(filter, store::RunOrder::newest, 0, kMostHistoryRuns);
    std::vector<Run> runs;
    for (const auto& s : summaries)
        if (auto r = db.load(s.id)) runs.push_back(std::move(*r));
    auto hs = histories(runs, view.order, view.threshold, view.noise);
    if (format == PageFormat::json) {
        nlohmann::json j{{"machine", name},
                         {"runs", report::runs_json(summaries)},
                         {"history", history_json(runs, hs)}};
        return json_response(json_text(j));
    }
    std::string body = machine_line(db, name);
    body += history_html(runs, hs, view, request, links);
    body += "<h2>Runs</h2>\n" + runs_table(summaries, links);
    return {200,
            "text/html; charset=utf-8",
            layout(links, "Machine " + name, Section::machines, body),
            {}};
}

}  // namespace speedlab::serve
