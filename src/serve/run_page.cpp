// "/run/ID": one run whole: its machine, conditions, every figure at its
// printed precision, and the text it was read from with the figures' rows marked.
#include <fmt/format.h>

#include <algorithm>

#include "core/statistics.h"
#include "core/text.h"
#include "report/comparison_parts.h"
#include "report/html_builder.h"
#include "report/run_facts.h"
#include "report/run_text.h"
#include "report/speed_table.h"
#include "report/units.h"
#include "serve/layout.h"
#include "serve/page_error.h"
#include "serve/pages.h"
#include "serve/suggest.h"
#include "sysinfo/conditions_probe.h"

namespace speedlab::serve {

namespace {
report::Html facts_table(const Run& run, const Links& links) {
    report::Html out;
    out.open("table", {{"class", "facts"}});
    for (const auto& f : report::run_facts(run)) {
        out.open("tr").element("th", f.name);
        if (f.id == report::FactId::machine)
            out.element("td", report::link_to(links.machine(f.value), f.value));
        else
            out.element("td", f.value);
        out.close("tr");
    }
    return out.close("table").text("\n");
}

// The 95% interval of a repeated figure's median, as the JSON's precision_reached.
std::string spread(const Measurement& m, int processes) {
    auto i = processes > 1 ? std::nullopt : median_interval(m.samples);
    return i ? report::plus_minus_percent(i->half_width) : "";
}

report::Html figures_table(const Run& run) {
    report::Html out;
    out.open("div", {{"class", "wide"}}).open("table", {{"class", "list"}, {"id", "figures"}});
    out.open("tr");
    for (auto h : {"figure", "as printed", "value", "repetitions", "95% of the median"})
        out.element("th", h);
    out.close("tr").text("\n");
    for (const auto& m : run.measurements) {
        MetricKey k{std::string(m.algorithm.view()), m.operation, m.parameter};
        std::string key = metric_key(m);
        out.open("tr", {{"data-metric", key}})
            .element("th", key)
            .element("td", m.source_name.str())
            .element("td", report::figure_text(k, m.value, m.printed_step, report::Units::si),
                     {{"class", "n"}})
            .element("td", std::to_string(std::max<size_t>(1, m.samples.size())), {{"class", "n"}})
            .element("td", spread(m, run.processes), {{"class", "n"}})
            .close("tr")
            .text("\n");
    }
    return out.close("table").close("div").text("\n");
}
}  // namespace

namespace {
// The source text, numbered, with the lines its figures were read from marked:
// each figure keeps its line of the run's raw text (Measurement::line).
report::Html source_html(const Run& run) {
    std::vector<bool> used;
    for (const auto& m : run.measurements) {
        if (m.line == 0) continue;
        if (used.size() <= m.line) used.resize(m.line + 1);
        used[m.line] = true;
    }
    report::Html out;
    out.open("pre", {{"class", "source"}, {"id", "source"}});
    std::string_view text = run.raw_text.view();
    size_t n = 0;
    while (!text.empty()) {
        auto nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        report::Attributes attributes{{"data-n", std::to_string(++n)}};
        if (n < used.size() && used[n]) attributes.push_back({"class", "used"});
        out.element("span", terminal_safe(line), attributes);
    }
    return out.close("pre").text("\n");
}

// What the marks are, or why there are none (a run stored before figures kept their lines).
report::Html source_legend(const Run& run) {
    report::Html out;
    out.open("p", {{"class", "dim"}});
    bool any = std::any_of(run.measurements.begin(), run.measurements.end(),
                           [](const Measurement& m) { return m.line > 0; });
    if (!any)
        return out
            .text(
                "No line is marked: this run's figures do not say which lines they "
                "were read from.")
            .close("p")
            .text("\n");
    return out.text("Marked: the lines the figures were read from (a table row, else a ")
        .element("code", "Doing ...")
        .text(" line or an -mr record).")
        .close("p")
        .text("\n");
}
}  // namespace

namespace {
// The runs sharing the most figures with this one, each a link to a
// comparison that works; a form for any other run.
report::Html compare_links(const store::Database& db, const Run& run, const Links& links) {
    report::Html out;
    if (links.is_published()) return out;
    out.element("h2", "Compare with…").text("\n").open("ul", {{"id", "suggestions"}});
    auto suggestions = compare_suggestions(db, run);
    for (const auto& s : suggestions)
        out.open("li")
            .add(report::link_to(links.compare({run.id, s.run.id}, run.id),
                                 fmt::format("run {} {}", s.run.id, s.run.label)))
            .text(" ")
            .element("span",
                     fmt::format("{} figure{} in common{}", s.shared, s.shared == 1 ? "" : "s",
                                 s.why.empty() ? "" : ", " + s.why),
                     {{"class", "dim"}})
            .close("li");
    if (suggestions.empty())
        out.element("li", "no stored run shares a figure with this one", {{"class", "dim"}});
    out.close("ul").open("form", {{"method", "get"}, {"action", "/compare"}});
    out.open("input", {{"type", "hidden"}, {"name", "runs"}, {"value", std::to_string(run.id)}})
        .open("label")
        .text("another run (id or label) ")
        .open("input", {{"name", "runs"}}, "required")
        .close("label")
        .text(" ")
        .element("button", "Compare", {{"type", "submit"}})
        .close("form")
        .text("\n");
    return out;
}
}  // namespace

Response run_page(const store::Database& db, int64_t id, const Request& request,
                  const Links& links) {
    auto format = page_format(request, report::run_formats());
    auto run = db.load(id);
    if (!run) throw NotFound("no run " + std::to_string(id), {});
    if (!format.empty()) return formatted(report::run_formats(), format, *run);
    report::Html body = facts_table(*run, links);
    for (const auto& d : sysinfo::disturbances(run->conditions))
        body.element("p", "warning: " + d, {{"class", "warning"}}).text("\n");
    for (const auto& n : run->notes) body.element("p", "note: " + n, {{"class", "dim"}}).text("\n");
    body.element("h2", "Figures").text("\n").add(figures_table(*run));
    body.open("details")
        .open("summary")
        .text("As ")
        .element("code", "openssl speed")
        .text(" prints it")
        .close("summary")
        .element("pre", terminal_safe(report::speed_table(*run)))
        .close("details")
        .text("\n");
    if (!run->raw_text.empty())
        body.element("h2", "Source text")
            .text("\n")
            .add(source_legend(*run))
            .add(source_html(*run));
    body.add(compare_links(db, *run, links));
    std::string title =
        "Run " + std::to_string(run->id) + (run->label.empty() ? "" : ": " + run->label);
    return {200, "text/html; charset=utf-8", layout(links, title, Section::none, body.str()), {}};
}

}  // namespace speedlab::serve
