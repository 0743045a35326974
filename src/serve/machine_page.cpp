// "/machine/NAME": a machine's facts, a summary of its builds over time, each
// figure's series per build with the changes found ringed, and its newest runs.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <list>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "compare/history.h"
#include "core/json.h"
#include "core/machine_pattern.h"
#include "core/metric_pattern.h"
#include "core/plural.h"
#include "core/statistics.h"
#include "report/charts.h"
#include "report/comparison_parts.h"
#include "report/history_report.h"
#include "report/html_builder.h"
#include "report/summary_formats.h"
#include "report/units.h"
#include "serve/layout.h"
#include "serve/page_error.h"
#include "serve/pages.h"
#include "serve/url.h"

namespace speedlab::serve {

using report::Html;

namespace {
constexpr int64_t kMostHistoryRuns = 20000;  // the newest; a history of more is `speedlab history`
constexpr size_t kDrawnRuns = 250;           // the newest runs drawn in each chart
constexpr size_t kUnfolded = 12;             // charts shown before the fold
constexpr int64_t kListedRuns = 100;         // the runs table; the rest on the run list

report::AxisUnit unit_of(const std::string& metric, double top) {
    auto key = parse_metric_key(metric);
    if (key && key->operation == Operation::throughput) {
        if (top >= 1e9) return {"GB/s", 1e9};
        if (top >= 1e6) return {"MB/s", 1e6};
        return {"kB/s", 1e3};
    }
    if (key && key->operation == Operation::score) return {"BogoMips", 1};
    return report::ops_unit(top);
}

// "0.9.6b" of "OpenSSL 0.9.6b engine": what a tick has room for.
std::string short_version(const std::string& build) {
    size_t at = build.find_first_of("0123456789");
    return at == std::string::npos ? build : build.substr(at, build.find(' ', at) - at);
}

// Dates where the runs are dated (six at most), else where each build's runs start.
std::vector<std::pair<size_t, std::string>> ticks_of(const std::vector<Run>& runs,
                                                     const compare::History& h, size_t first) {
    std::vector<std::pair<size_t, std::string>> out;
    size_t n = runs.size() - first, gap = std::max<size_t>(1, n / 8);
    if (h.dated) {
        size_t every = std::max<size_t>(1, (n + 5) / 6);
        for (size_t i = 0; i < n; i += every)
            out.push_back({i, compare::measured_date(runs[first + i]).substr(0, 10)});
        return out;
    }
    for (size_t i = first; i < runs.size(); ++i)
        if (i == first || h.run_build[i] != h.run_build[i - 1])
            if (out.empty() || i - first - out.back().first >= gap)
                out.push_back({i - first, short_version(h.builds[h.run_build[i]].name)});
    return out;
}

const compare::ChangePoint* change_at(const std::vector<compare::ChangePoint>& cs, size_t i) {
    for (const auto& c : cs)
        if (c.index == i) return &c;
    return nullptr;
}

// VALUE prints a level as the chart's figure does.
template <class Value>
std::string change_tip(const compare::ChangePoint& c, Value value) {
    return fmt::format("; change {} from this run on (median {} before, {} after), p {:.3g}",
                       report::change_text(c), value(c.before), value(c.after), c.p);
}

// The run as a point's hover text names it.
std::string run_tip(const Run& r, const compare::History& h, size_t run) {
    std::string date = compare::measured_date(r);
    return fmt::format("run {} {} ({}{})", r.id, r.label, h.builds[h.run_build[run]].name,
                       date.empty() ? "" : ", " + date.substr(0, 10));
}

std::string figure_chart(const std::vector<Run>& runs, const compare::History& h,
                         const std::string& metric, size_t first) {
    std::vector<report::HistoryLine> lines;
    auto key = parse_metric_key(metric);
    double top = 0;
    for (const auto& s : h.series) {
        if (s.metric != metric) continue;
        report::HistoryLine line{h.builds[s.build].name, s.build, {}};
        for (size_t i = 0; i < s.points.size(); ++i) {
            const auto& p = s.points[i];
            if (p.run < first) continue;
            const Measurement* m =
                key ? runs[p.run].find(key->algorithm, key->operation, key->parameter) : nullptr;
            std::string tip =
                run_tip(runs[p.run], h, p.run) + ": " +
                (m && key ? report::figure_text(*key, m->value, m->printed_step, report::Units::si)
                          : report::tick_label(p.value));
            const auto* c = change_at(s.changes, i);
            if (c)
                tip += change_tip(*c, [&](double v) {
                    return key ? report::figure_text(*key, v, 0, report::Units::si)
                               : report::tick_label(v);
                });
            line.points.push_back({p.run - first, p.value, tip, c != nullptr});
            top = std::max(top, p.value);
        }
        if (!line.points.empty()) lines.push_back(std::move(line));
    }
    return report::history_chart(metric, lines, runs.size() - first, ticks_of(runs, h, first),
                                 unit_of(metric, top));
}
}  // namespace

namespace {
// Each run's geometric mean over the figures every build has, each figure
// relative to its median over the history: one number per run that builds share.
struct Summary {
    std::vector<report::HistoryLine> lines;
    size_t figures = 0, changes = 0;
};

Summary summary_of(const std::vector<Run>& runs, const compare::History& h, size_t first) {
    std::map<std::string, std::set<size_t>> builds_of;
    for (const auto& s : h.series) builds_of[s.metric].insert(s.build);
    Summary out;
    std::vector<double> log_sum(runs.size(), 0);
    std::vector<size_t> count(runs.size(), 0);
    for (const auto& s : h.series) {
        if (builds_of[s.metric].size() != h.builds.size()) continue;
        std::vector<double> all;
        for (const auto& t : h.series)
            if (t.metric == s.metric)
                for (const auto& p : t.points) all.push_back(p.value);
        double reference = summarize(all).median;
        if (s.build == 0) ++out.figures;
        for (const auto& p : s.points)
            log_sum[p.run] += std::log(p.value / reference), ++count[p.run];
    }
    for (size_t b = 0; b < h.builds.size(); ++b) {
        std::vector<size_t> at;
        std::vector<double> values;
        for (size_t r = 0; r < runs.size(); ++r)
            if (h.run_build[r] == b && count[r])
                at.push_back(r), values.push_back(std::exp(log_sum[r] / double(count[r])));
        auto changes = compare::change_points(values);
        out.changes += changes.size();
        report::HistoryLine line{h.builds[b].name, b, {}};
        for (size_t i = 0; i < at.size(); ++i) {
            if (at[i] < first) continue;
            std::string tip =
                run_tip(runs[at[i]], h, at[i]) + fmt::format(": {:.3f} of the median", values[i]);
            const auto* c = change_at(changes, i);
            if (c) tip += change_tip(*c, [](double v) { return fmt::format("{:.3f}", v); });
            line.points.push_back({at[i] - first, values[i], tip, c != nullptr});
        }
        if (!line.points.empty()) out.lines.push_back(std::move(line));
    }
    return out;
}
}  // namespace

namespace {
std::string find_machine(const store::Database& db, const std::string& name, const Links& links) {
    auto names = db.machine_names();
    auto match = exact_machine(name, names);
    if (!match.empty()) return match.front();
    std::vector<NotFound::Suggestion> closest;
    for (const auto& c : closest_names(name, names, 3)) closest.push_back({c, links.machine(c)});
    throw NotFound("no machine '" + name + "'", closest);
}

// The figures to chart: those ?metrics= names, else those with a change first, then the others.
std::vector<std::string> charted(const compare::History& h, const Request& request) {
    std::vector<std::string> all, changed, quiet;
    for (const auto& s : h.series)
        if (std::find(all.begin(), all.end(), s.metric) == all.end()) all.push_back(s.metric);
    if (auto m = request.param("metrics"); m && !m->empty()) {
        std::vector<MetricKey> available;
        for (const auto& k : all)
            if (auto key = parse_metric_key(k)) available.push_back(*key);
        std::vector<std::string> out;
        for (const auto& k : select_metrics(*m, available, "metrics")) out.push_back(metric_key(k));
        return out;
    }
    for (const auto& k : all) {
        bool change = std::any_of(h.series.begin(), h.series.end(), [&](const auto& s) {
            return s.metric == k && !s.changes.empty();
        });
        (change ? changed : quiet).push_back(k);
    }
    changed.insert(changed.end(), quiet.begin(), quiet.end());
    return changed;
}

// The machine as `speedlab machines` sums it up: kind, aliases, the most common CPU.
std::string machine_line(const store::Database& db, const std::string& name) {
    for (const auto& m : db.machines(name)) {
        std::string aliases = fmt::format("{}", fmt::join(m.aliases, ", "));
        std::string line =
            fmt::format("{} · {} · CPU {}", report::kind_text(m), counted(m.runs, "run"),
                        m.cpu.empty() ? "not stated" : m.cpu);
        if (!aliases.empty()) line += " · also known as " + aliases;
        return Html().element("p", line).str() + "\n";
    }
    return {};
}

std::string history_html(const std::vector<Run>& runs, const compare::History& h,
                         const Request& request) {
    size_t changes = 0;
    for (const auto& s : h.series) changes += s.changes.size();
    size_t first = runs.size() > kDrawnRuns ? runs.size() - kDrawnRuns : 0;
    Html out;
    out.element("h2", "History").text("\n");
    out.element(
        "p",
        Html()
            .text(fmt::format(
                "{}, {}, {}. ", counted(static_cast<int64_t>(runs.size()), "run"),
                counted(static_cast<int64_t>(h.builds.size()), "build"),
                h.dated ? "in the order measured" : "in version order (no measured dates)"))
            .element("span", counted(static_cast<int64_t>(changes), "change"), {{"id", "changes"}})
            .text(" found in the figures' series (one per build; the method and its error rates "
                  "are in docs/history.md), ringed in red; hover a point for its run.")
            .text(first ? fmt::format(" The newest {} runs are drawn; speedlab history prints all.",
                                      kDrawnRuns)
                        : ""));
    out.text("\n");
    Summary summary = summary_of(runs, h, first);
    if (!summary.lines.empty())
        out.open("div", {{"class", "charts summary"}})
            .text("\n")
            .add(Html::trusted(report::history_chart(
                fmt::format("All builds: geometric mean of {} shared figures", summary.figures),
                summary.lines, runs.size() - first, ticks_of(runs, h, first),
                {"relative to each figure's median", 1})))
            .close("div")
            .text("\n");
    auto figures = charted(h, request);
    out.open("div", {{"class", "charts"}}).text("\n");
    for (size_t i = 0; i < figures.size(); ++i) {
        if (i == kUnfolded)
            out.close("div")
                .text("\n")
                .open("details", {{"class", "more"}})
                .element("summary", fmt::format("{} more figures", figures.size() - kUnfolded))
                .open("div", {{"class", "charts"}})
                .text("\n");
        out.add(Html::trusted(figure_chart(runs, h, figures[i], first)));
    }
    out.close("div");
    if (figures.size() > kUnfolded) out.close("details");
    return out.text("\n").str();
}
}  // namespace

namespace {
// A page of thousands of runs takes seconds to read and draw: it is kept
// (the newest few) until the machine's runs change (store::history_fingerprint).
constexpr int64_t kCachedFrom = 1000;  // runs
constexpr size_t kCachedPages = 8;

class PageCache {
  public:
    std::optional<Response> find(const std::string& key) {
        std::lock_guard lock(mutex_);
        for (const auto& [k, r] : pages_)
            if (k == key) return r;
        return std::nullopt;
    }
    void keep(const std::string& key, const Response& r) {
        std::lock_guard lock(mutex_);
        pages_.emplace_front(key, r);
        if (pages_.size() > kCachedPages) pages_.pop_back();
    }

  private:
    std::mutex mutex_;
    std::list<std::pair<std::string, Response>> pages_;  // newest first
};

PageCache& page_cache() {
    static PageCache cache;
    return cache;
}

Response make_machine_page(const store::Database& db, const std::string& name,
                           const Request& request, const Links& links);
}  // namespace

Response machine_page(const store::Database& db, const std::string& wanted, const Request& request,
                      const Links& links) {
    page_format(request,
                report::history_formats());  // a bad format is refused before the store is read
    std::string name = find_machine(db, wanted, links);
    int64_t runs = 0;
    std::string key = db.where() + '\n' + name + '\n' + db.history_fingerprint({name}, runs) +
                      '\n' + request.param("format").value_or("") + '\n' +
                      request.param("metrics").value_or("") + '\n' + links.machine(name);
    if (runs < kCachedFrom) return make_machine_page(db, name, request, links);
    if (auto kept = page_cache().find(key)) return *kept;
    Response page = make_machine_page(db, name, request, links);
    page_cache().keep(key, page);
    return page;
}

namespace {
Response make_machine_page(const store::Database& db, const std::string& name,
                           const Request& request, const Links& links) {
    auto format = page_format(request, report::history_formats());
    auto runs = db.history_runs({name}, kMostHistoryRuns);
    auto h = compare::history(runs);
    store::RunFilter filter;
    filter.machines = {name};
    auto summaries = db.page(filter, store::RunOrder::newest, 0, kListedRuns);
    // The JSON is history's with the runs the page lists; the others are history's own.
    if (format == "json") {
        auto j = report::history_document(name, runs, h);
        j["runs"] = report::runs_json(summaries);
        return formatted_response(format, json_text(j));
    }
    if (!format.empty())
        return formatted(report::history_formats(), format, report::HistoryView{name, runs, h});
    std::string body = machine_line(db, name);
    body += history_html(runs, h, request);
    body += Html().element("h2", "Runs").str() + "\n" + runs_table(summaries, links);
    if (runs.size() > static_cast<size_t>(kListedRuns))
        body += Html()
                    .element("p", report::link_to(links.runs({{"machine", name}}), "All its runs"))
                    .str() +
                "\n";
    return {200,
            "text/html; charset=utf-8",
            layout(links, "Machine " + name, Section::machines, body),
            {}};
}
}  // namespace

}  // namespace speedlab::serve
