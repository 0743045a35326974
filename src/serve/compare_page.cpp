// "/compare?runs=A,B,C&base=A": the report of `speedlab compare` for those
// runs, the command that reproduces it, and the machines' facts side by side.
#include <fmt/format.h>

#include <algorithm>

#include "compare/interval.h"
#include "compare/ratio.h"
#include "core/metric_pattern.h"
#include "report/compare_runs.h"
#include "report/html.h"
#include "report/html_builder.h"
#include "report/run_facts.h"
#include "serve/layout.h"
#include "serve/page_error.h"
#include "serve/pages.h"
#include "serve/url.h"
#include "store/run_resolver.h"

namespace speedlab::serve {

namespace {
constexpr size_t kMostRuns = 60;  // as many as the charts tell apart

std::vector<std::string> run_names(const Request& request) {
    std::vector<std::string> out;
    for (const auto& value : request.params("runs")) {
        size_t start = 0;
        while (start <= value.size()) {
            auto comma = value.find(',', start);
            std::string name = value.substr(start, comma - start);
            if (!name.empty()) out.push_back(name);
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
    }
    return out;
}

std::vector<Run> load_runs(const store::Database& db, const std::vector<std::string>& names,
                           const Links& links, const store::OutsideLookup& outside) {
    // The command line's resolver: ids, ranges, labels, their start, machines, ref:.
    store::RunResolution resolved;
    try {
        resolved = store::resolve_runs(db, names, outside);
    } catch (const store::UnresolvedRun& e) {  // a 404 that links the closest names
        std::vector<NotFound::Suggestion> closest;
        for (const auto& c : e.closest)
            if (closest.size() < 10) closest.push_back({c, links.runs({{"q", c}})});
        throw NotFound(e.what(), closest);
    }
    if (resolved.order.size() > kMostRuns)
        throw BadRequest("runs", fmt::format("at most {} runs", kMostRuns),
                         std::to_string(resolved.order.size()) + " runs");
    return store::load_named(db, resolved);
}

size_t baseline_of(const Request& request, const std::vector<Run>& runs) {
    auto base = request.param("base").value_or("");
    if (base.empty()) return 0;
    for (size_t i = 0; i < runs.size(); ++i)
        if ((runs[i].id && std::to_string(runs[i].id) == base) || runs[i].label == base) return i;
    throw BadRequest("base", "one of the runs compared", base);
}
}  // namespace

namespace {
// "12", or a reference run's "ref:LABEL" (it has no id).
std::string run_word(const Run& run) {
    return run.id ? std::to_string(run.id) : run.label;
}

// A word the shell passes as it is, else in single quotes.
std::string shell_word(const std::string& word) {
    bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) ||
               std::string_view("-_.,@/:").find(c) != std::string_view::npos;
    });
    if (plain) return word;
    std::string out = "'";
    for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string command_line(const std::vector<Run>& runs, size_t base, const Request& request) {
    std::string out = "speedlab compare";
    for (const auto& r : runs) out += " " + shell_word(run_word(r));
    if (base != 0) out += " --baseline " + shell_word(run_word(runs[base]));
    if (auto m = request.param("metrics"); m && !m->empty()) out += " --metrics " + shell_word(*m);
    if (auto n = request.param("noise"); n && !n->empty()) out += " --noise " + shell_word(*n);
    if (request.param("all").value_or("") == "1") out += " --all";
    return out;
}

// The machines' facts, one row per run so that every run stays on the page
// however long its compiler flags; a fact whose values differ is marked.
std::string facts_diff(const std::vector<Run>& runs, const Links& links) {
    using report::FactId;
    const std::vector<FactId> ids{FactId::machine,   FactId::cpu,          FactId::mhz,
                                  FactId::kind,      FactId::distribution, FactId::kernel,
                                  FactId::benchmark, FactId::build,        FactId::platform,
                                  FactId::processes, FactId::source};
    std::vector<std::vector<report::Fact>> facts;
    for (const auto& r : runs) facts.push_back(report::pick_facts(r, ids));
    std::vector<std::pair<size_t, bool>> shown;  // fact index, differs
    for (size_t k = 0; k < ids.size(); ++k) {
        bool any = false, differs = false;
        for (const auto& run : facts) {
            any |= !run[k].value.empty();
            differs |= run[k].value != facts[0][k].value;
        }
        if (any) shown.emplace_back(k, differs);
    }
    report::Html out;
    out.element("h2", "The machines' facts")
        .element("p", "Marked: a fact that differs between the runs.", {{"class", "dim"}})
        .open("div", {{"class", "wide"}})
        .open("table", {{"class", "list"}, {"id", "facts-diff"}})
        .open("tr")
        .element("th", "run");
    for (const auto& [k, differs] : shown)
        out.element("th", facts[0][k].name,
                    differs ? report::Attributes{{"class", "differs"}} : report::Attributes{});
    out.close("tr");
    for (size_t i = 0; i < runs.size(); ++i) {
        // A reference run (ref:) has no page of its own.
        std::string label = compare::run_label(runs[i]);
        out.open("tr", {{"data-run", run_word(runs[i])}})
            .element("th", runs[i].id ? report::link_to(links.run(runs[i].id), label)
                                      : report::Html().text(label));
        for (const auto& [k, differs] : shown)
            out.element("td", facts[i][k].value,
                        differs ? report::Attributes{{"class", "changed"}} : report::Attributes{});
        out.close("tr");
    }
    return out.close("table").close("div").str() + "\n";
}

// The baseline as a choice among the runs compared: plain links (pages carry
// no script), the one chosen in bold.
std::string baseline_choice(const std::vector<Run>& runs, size_t base, const Request& request) {
    report::Html out;
    out.open("p", {{"id", "baselines"}}).text("Baseline: ");
    for (size_t i = 0; i < runs.size(); ++i) {
        std::string name = compare::run_label(runs[i]);
        if (i == base)
            out.element("b", name, {{"aria-current", "true"}});
        else
            out.add(report::link_to(link_to(request, {{"base", run_word(runs[i])}}), name));
        if (i + 1 < runs.size()) out.text(" · ");
    }
    return out.close("p").str() + "\n";
}
// Runs without a figure in common are a request to change (400), as every
// other bad `runs` parameter is, not a failure of the server.
std::string compared_text(const std::vector<Run>& runs, const compare::CompareRequest& what,
                          std::string_view format, const report::FormatOptions& options) {
    try {
        return report::compare_runs(runs, what, format, options);
    } catch (const Error& e) {
        if (e.kind() != ErrorKind::failed) throw;
        throw BadRequest("runs", "runs with figures in common", e.what());
    }
}

}  // namespace

Response compare_page(const store::Database& db, const Request& request, const Links& links,
                      const store::OutsideLookup& outside) {
    auto asked = page_format(request, report::comparison_formats());
    std::string_view format =
        asked.empty() ? "html" : report::comparison_formats().find(asked)->name;  // md: markdown
    auto names = run_names(request);
    if (names.size() < 2)
        throw BadRequest("runs", "two or more run ids or labels, such as 3,7",
                         request.param("runs").value_or(""));
    if (names.size() > kMostRuns)
        throw BadRequest("runs", fmt::format("at most {} runs", kMostRuns),
                         fmt::format("{} runs", names.size()));
    auto runs = load_runs(db, names, links, outside);
    compare::CompareRequest what;
    what.baseline = baseline_of(request, runs);
    what.noise = percent_param(request, "noise", compare::kDefaultNoise);
    what.all = request.param("all").value_or("") == "1";
    if (auto m = request.param("metrics"); m && !m->empty()) {
        what.metrics = select_metrics(*m, compare::metric_keys(runs), "metrics");  // or a 400
    }
    bool download = request.param("download").value_or("") == "1";
    report::FormatOptions options;
    options.fragment = asked.empty() && !download;  // the page frames the parts
    std::string compared = compared_text(runs, what, format, options);
    if (!asked.empty()) return formatted_response(format, compared);
    if (download)
        return {200,
                "text/html; charset=utf-8",
                compared,
                {{"Content-Disposition", "attachment; filename=\"speedlab-compare.html\""}}};
    std::string body =
        report::Html()
            .element("p", "The same comparison on the command line:")
            .element("code", command_line(runs, what.baseline, request),
                     {{"class", "cli"}, {"id", "cli"}})
            .text("\n")
            .element("p", report::link_to(link_to(request, {{"download", "1"}}),
                                          "Download this report as one HTML file")
                              .text(" · ")
                              .add(report::link_to(link_to(request, {{"format", "json"}}), "JSON"))
                              .text(" · ")
                              .add(report::link_to(link_to(request, {{"format", "csv"}}), "CSV")))
            .str() +
        "\n";
    body += baseline_choice(runs, what.baseline, request);
    body += compared;
    body += facts_diff(runs, links);
    std::string title =
        fmt::format("{} runs compared against {}{}", runs.size(),
                    runs[what.baseline].id ? "run " : "", run_word(runs[what.baseline]));
    return {200, "text/html; charset=utf-8", layout(links, title, Section::compare, body), {}};
}

}  // namespace speedlab::serve
