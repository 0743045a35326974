// "/reference": thirty years of machines on one log axis, and where the
// store's own runs (an emulator, a cloud instance) land among them.
#include "serve/reference_page.h"

#include <fmt/format.h>

#include "reference/chart_value.h"
#include "reference/listing.h"
#include "reference/select.h"
#include "report/html_builder.h"
#include "report/units.h"
#include "report/year_chart.h"
#include "serve/layout.h"
#include "serve/page_error.h"
#include "serve/pages.h"

namespace speedlab::serve {

namespace {
using report::Html;
constexpr int64_t kOwnRuns = 200;  // the newest of the store drawn over the set

struct View {
    std::string figure = reference::kClassic;
    reference::Filter filter;
};

std::optional<int> year_param(const Request& r, const char* name) {
    auto v = r.param(name);
    if (!v || v->empty()) return std::nullopt;
    if (v->size() != 4 || v->find_first_not_of("0123456789") != std::string::npos)
        throw BadRequest(name, "a year such as 2005", *v);
    return std::stoi(*v);
}

View view_of(const Request& r) {
    View v;
    if (auto f = r.param("figure"); f && !f->empty()) v.figure = *f;
    if (v.figure != reference::kClassic && !parse_metric_key(v.figure))
        throw BadRequest("figure", "classic or a figure such as md5@8192 or rsa1024.sign",
                         v.figure);
    v.filter.cpu = r.param("cpu").value_or("");
    v.filter.kind = r.param("kind").value_or("");
    if (!v.filter.kind.empty() && v.filter.kind != "physical" && v.filter.kind != "cloud" &&
        v.filter.kind != "emulated")
        throw BadRequest("kind", "physical, cloud or emulated", v.filter.kind);
    v.filter.before = year_param(r, "before");
    v.filter.after = year_param(r, "after");
    return v;
}

double year_of(const reference::ReferenceRun& r) {
    if (!r.facts.measured_at.empty())
        if (auto y = reference::fractional_year(r.facts.measured_at)) return *y;
    return r.facts.year ? *r.facts.year + 0.5 : 0;
}

bool is_throughput(const std::string& figure) {
    auto k = parse_metric_key(figure);
    return figure == reference::kClassic || (k && k->operation == Operation::throughput);
}

// The chart's unit and how many base units it holds.
std::pair<std::string, double> unit_of(const std::string& figure) {
    if (figure == reference::kClassic) return {"MB/s, geometric mean of the classic suite", 1e6};
    return is_throughput(figure) ? std::pair<std::string, double>{"MB/s", 1e6}
                                 : std::pair<std::string, double>{"operations/s", 1};
}

// The classic suite's mean reads as its first figure's kind (MB/s).
std::string value_text(const std::string& figure, double v) {
    return report::figure_text(
        figure == reference::kClassic ? reference::classic_suite().front() : figure, v);
}

std::string hover(const reference::ReferenceRun& r, const std::string& figure, double v) {
    return fmt::format("{}, {}, {}: {}; source: {} ({})", r.machine_text(), r.facts.version,
                       static_cast<int>(year_of(r)), value_text(figure, v), r.facts.citation.source,
                       r.run.label);
}

std::string form(const View& v) {
    auto input = [](const char* name, const char* label, const std::string& value,
                    report::Attributes extra = {}) {
        report::Attributes attributes{{"name", name}, {"value", value}};
        attributes.insert(attributes.end(), extra.begin(), extra.end());
        return Html().open("label").text(label).open("input", attributes).close("label");
    };
    auto year = [](const std::optional<int>& y) { return y ? std::to_string(*y) : ""; };
    const report::Attributes year_box{{"inputmode", "numeric"}, {"size", "5"}};
    Html kinds;
    kinds.open("label").text("kind").open("select", {{"name", "kind"}});
    for (const char* k : {"", "physical", "cloud", "emulated"})
        kinds.open("option", {{"value", k}}, v.filter.kind == k ? "selected" : "")
            .text(*k ? k : "any")
            .close("option");
    kinds.close("select").close("label");
    Html figures;
    figures.open("datalist", {{"id", "figures"}}).open("option", {{"value", "classic"}});
    for (const auto& f : reference::classic_suite()) figures.open("option", {{"value", f}});
    figures.close("datalist");
    return Html()
               .open("form", {{"class", "filters"}, {"method", "get"}})
               .add(input("figure", "figure", v.figure, {{"list", "figures"}}))
               .add(figures)
               .add(input("cpu", "CPU and clock", v.filter.cpu))
               .add(kinds)
               .add(input("after", "after year", year(v.filter.after), year_box))
               .add(input("before", "before year", year(v.filter.before), year_box))
               .element("button", "Show")
               .close("form")
               .str() +
           "\n";
}

// The store's own runs with the figure: coloured points over the set, by the
// date measured; a run whose date is not known (most imported texts) goes in
// the chart's undated band, not at the day it was imported.
std::vector<report::YearPoint> own_points(const store::Database& db, const std::string& figure) {
    std::vector<report::YearPoint> out;
    store::RunFilter filter;
    filter.limit = kOwnRuns;
    for (const auto& s : db.list(filter)) {
        auto run = db.load(s.id);
        auto v = run ? reference::chart_value(*run, figure) : std::nullopt;
        if (!v) continue;
        auto year = reference::fractional_year(run->measured_at);
        out.push_back({year.value_or(0), v->value,
                       fmt::format("your run {} ({}), {}: {}", s.id, s.label,
                                   year ? run->measured_at.substr(0, 10) : "date not known",
                                   value_text(figure, v->value)),
                       true, !year});
    }
    return out;
}

// The source's link, breakable only after the folder ("sbc-bench/<wbr>4HYd"),
// so a narrow window wraps the column there and not inside a name.
std::string source_link(const reference::ReferenceRun& r) {
    const std::string& label = r.run.label;
    auto slash = label.find('/');
    Html text;
    if (slash == std::string::npos)
        text.element("span", label);
    else
        text.element("span", label.substr(0, slash + 1))
            .open("wbr")
            .element("span", label.substr(slash + 1));
    return Html().element("a", text, {{"href", r.facts.citation.source}}).str();
}

std::string table(const std::vector<std::pair<const reference::ReferenceRun*, double>>& rows,
                  const std::string& figure) {
    Html out;
    out.open("div", {{"class", "wide"}})
        .open("table", {{"class", "list"}, {"id", "reference"}})
        .open("tr");
    for (const char* h : {"id", "year", "CPU", "MHz", "kind", "version", "figure", "source"})
        out.element("th", h);
    out.close("tr").text("\n");
    for (const auto& [r, v] : rows)
        out.open("tr")
            .element("td", fmt::format("{}", r->id), {{"class", "n"}})
            .element("td", std::to_string(static_cast<int>(year_of(*r))))
            .element("td", r->facts.cpu, {{"class", "wrap"}})
            .element("td", r->facts.clock_mhz ? fmt::format("{:g}", *r->facts.clock_mhz) : "",
                     {{"class", "n"}})
            .element("td", r->facts.kind)
            .element("td", r->facts.version)
            .element("td", v > 0 ? value_text(figure, v) : "", {{"class", "n"}})
            .element("td", Html::trusted(source_link(*r)), {{"class", "wrap"}})
            .close("tr")
            .text("\n");
    return out.close("table").close("div").text("\n").str();
}
}  // namespace

Response reference_page(const store::Database& db, const ReferenceSource& source,
                        const Request& request, const Links& links) {
    auto format = page_format(request, reference::list_formats());
    if (!source.set) throw NotFound("no reference set: " + source.missing, {});
    View view = view_of(request);
    auto runs = reference::filtered(*source.set, view.filter);
    if (!format.empty()) return formatted(reference::list_formats(), format, runs);
    std::vector<report::YearPoint> points;
    std::vector<std::pair<const reference::ReferenceRun*, double>> rows;
    for (const auto* r : runs) {
        auto v = reference::chart_value(r->run, view.figure);
        rows.emplace_back(r, v ? v->value : 0);
        if (v && year_of(*r) > 0)
            points.push_back({year_of(*r), v->value, hover(*r, view.figure, v->value), false});
    }
    size_t machines = points.size();
    auto own = own_points(db, view.figure);
    points.insert(points.end(), own.begin(), own.end());
    std::string body = form(view);
    body +=
        Html()
            .element("p",
                     fmt::format("{} reference run{} match, {} with this figure; {} of your "
                                 "runs (grey: reference machines, colour: yours; undated: "
                                 "the date measured is not known). Figures per process. "
                                 "Where the data came from and its terms: "
                                 "data/reference/README.md.",
                                 runs.size(), runs.size() == 1 ? "" : "s", machines, own.size()),
                     {{"id", "count"}})
            .str() +
        "\n";
    auto [unit, scale] = unit_of(view.figure);
    for (auto& p : points) p.value /= scale;
    body += report::year_chart(view.figure == reference::kClassic
                                   ? "Classic suite (8192-byte blocks) by year"
                                   : view.figure + " by year",
                               unit, points);
    body += table(rows, view.figure);
    return {200,
            "text/html; charset=utf-8",
            layout(links, "Reference machines", Section::reference, body),
            {}};
}

}  // namespace speedlab::serve
