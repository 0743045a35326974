#include "report/html.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/charts.h"
#include "report/html_builder.h"
#include "report/run_facts.h"

namespace speedlab::report {

HtmlReport::HtmlReport(std::string title) : title_(std::move(title)) {}

void HtmlReport::raw(const std::string& html) {
    body_ += html;
}

void HtmlReport::paragraph(const std::string& text) {
    body_ += Html().element("p", text).str() + "\n";
}

void HtmlReport::list(const std::string& heading, const std::vector<std::string>& items) {
    if (items.empty()) return;
    Html out;
    out.element("h2", heading).open("ul");
    for (const auto& i : items) out.element("li", i);
    body_ += out.close("ul").str() + "\n";
}

namespace {
// A cell of the heat table: the row's name, a ratio's colour, or a missing "-".
Html heat_cell(const std::string& text, size_t column, std::optional<double> ratio) {
    if (column == 0) return Html().element("th", text);
    if (ratio) return Html().element("td", text, {{"style", "background:" + heat_colour(*ratio)}});
    return Html().element("td", text,
                          text == "-" ? Attributes{{"class", "missing"}} : Attributes{});
}
}  // namespace

void HtmlReport::heat_table(const std::string& title, const std::vector<std::string>& header,
                            const std::vector<std::vector<std::string>>& rows,
                            const std::vector<std::vector<std::optional<double>>>& ratios) {
    Html out;
    out.element("h2", title).add(Html::trusted(heat_key()));
    out.open("div", {{"class", "wide"}}).open("table").open("tr");
    for (const auto& h : header) out.element("th", h);
    out.close("tr");
    for (size_t r = 0; r < rows.size(); ++r) {
        out.open("tr");
        for (size_t c = 0; c < rows[r].size(); ++c)
            out.add(
                heat_cell(rows[r][c], c,
                          r < ratios.size() && c < ratios[r].size() ? ratios[r][c] : std::nullopt));
        out.close("tr");
    }
    body_ += out.close("table").close("div").str() + "\n";
}

namespace {
// One run: a line that says which it is, and its facts on demand.
Html run_details(const Run& r, size_t index) {
    const Machine& m = r.machine;
    std::string line = m.label;
    for (const auto& part : {m.cpu_name, r.version})
        if (!part.empty()) line += (line.empty() ? "" : " · ") + part;
    // a reference run has no id
    std::string name =
        r.id ? std::to_string(r.id) + (r.label.empty() ? "" : " " + r.label) : r.label;
    Html out;
    out.open("details")
        .open("summary")
        .add(Html::trusted(series_swatch(index)))
        .text(" ")
        .element("b", name)
        .text(" ")
        .element("span", line, {{"class", "dim"}})
        .close("summary")
        .open("table", {{"class", "facts"}});
    for (const auto& f : run_facts(r))
        if (f.id != FactId::stored && f.id != FactId::read_from)
            out.open("tr")
                .element("th", f.name)
                .element("td", f.value,
                         f.id == FactId::build ? Attributes{{"class", "flags"}} : Attributes{})
                .close("tr");
    return out.close("table").close("details").text("\n");
}
}  // namespace

void HtmlReport::machines(const std::vector<Run>& runs) {
    if (runs.empty()) return;
    Html out;
    out.element("h2", "Runs and machines").text("\n").open("div", {{"class", "runs"}}).text("\n");
    for (size_t i = 0; i < runs.size(); ++i) out.add(run_details(runs[i], i));
    body_ += out.close("div").str() + "\n";
}

std::string report_css() {
    return "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1400px}\n"
           "h1{font-size:20px;overflow-wrap:anywhere}h2{font-size:16px;margin-top:28px}\n"
           "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px "
           "8px;text-align:right;font-variant-numeric:tabular-nums}th{background:#f3f3f3;"
           "text-align:left}td.missing{color:#999}\n"
           ".wide{overflow:auto;max-width:100%;max-height:85vh;margin:8px 0;background:"
           "linear-gradient(90deg,#fff 30%,#fff0) 0 0/40px 100% no-repeat local,"
           "linear-gradient(270deg,#fff 30%,#fff0) 100% 0/40px 100% no-repeat local,"
           "radial-gradient(farthest-side at 0 50%,#0004,#0000) 0 0/16px 100% no-repeat,"
           "radial-gradient(farthest-side at 100% 50%,#0004,#0000) 100% 0/16px 100% no-repeat}"
           ".wide table{white-space:nowrap;margin:0}\n"
           // Wide tables keep their header row and first column in sight.
           ".wide tr:first-child>th{position:sticky;top:0;z-index:2;white-space:normal;"
           "vertical-align:bottom;box-shadow:inset 0 -1px #bbb}"
           ".wide tr>th:first-child{position:sticky;left:0;z-index:1;box-shadow:inset -1px 0 "
           "#bbb}.wide tr:first-child>th:first-child{z-index:3}\n"
           "table#facts-diff{white-space:normal}#facts-diff td{overflow-wrap:break-word;"
           "min-width:4em;text-align:left}#facts-diff tr>th:first-child{min-width:10em;"
           "max-width:18em;overflow-wrap:anywhere}\n"
           ".wide:has(>table.list){border:1px solid #ddd}\n"
           "table.facts td{text-align:left}td.flags{font-size:11px;word-break:break-all;"
           "white-space:normal}table.facts{font-size:12px;margin:4px 0 8px 30px}\n"
           ".runs details{margin:2px 0}.runs summary{cursor:pointer;white-space:nowrap;"
           "overflow:hidden;text-overflow:ellipsis}.dim{color:#666}\n"
           "section.summary{background:#f7f9fc;border:1px solid #d8e0ea;border-radius:6px;"
           "padding:4px 14px 10px}ul.verdicts{padding-left:4px;list-style:none;margin:6px 0}"
           "ul.verdicts>li{margin:6px 0}ul.verdicts ul{margin:2px 0 0;padding-left:34px;"
           "font-size:13px}span.run{font-weight:600;white-space:nowrap}\n"
           "figure{display:inline-block;margin:8px 16px 8px 0;vertical-align:top}\n"
           ".charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(340px,1fr));"
           "gap:12px}.charts figure.chart{margin:0;display:block}figure.chart>svg{width:100%;"
           "height:auto;border:1px solid #e3e3e3;border-radius:4px;background:#fff}\n"
           ".ratios{max-width:760px}.ratios figure.chart{display:block;margin:0}\n"
           "svg .title{font:600 13px sans-serif}svg .tick{font:11px sans-serif;fill:#333}"
           "svg .axis{font:11px sans-serif;fill:#555}svg .grid{stroke:#e6e6e6}"
           "svg .line{fill:none;stroke-width:2}svg .whisker{stroke-width:1.5}"
           "svg .one{stroke:#333;stroke-dasharray:4 3}svg .ci{stroke:#222;stroke-width:1.5}"
           "svg .val{font:11px sans-serif;fill:#222}svg .mk{stroke:#fff;stroke-width:0.6}\n"
           ".legend{font-size:11px;padding:2px 6px}.legend span{white-space:nowrap;"
           "margin-right:10px;display:inline-block}.legend svg.sw,.runs svg.sw{vertical-align:-1px;"
           "margin-right:3px}.legend .note{color:#666}div.key-runs{font-size:12px;margin:6px 0}\n"
           ".key span{display:inline-block;padding:1px 8px;margin:0 1px;border:1px solid #ccc}\n"
           "@media (max-width:900px){body{margin:10px}td,th{padding:2px 4px}"
           ".wide:has(>table.list)::before{content:\"\\2194  scroll sideways for more columns\";"
           "display:block;position:sticky;left:0;font-size:12px;color:#555;padding:2px 6px;"
           "background:#f7f9fc}}\n";
}

std::string HtmlReport::body() const {
    return body_;
}

std::string HtmlReport::str() const {
    Html page = Html::trusted("<!DOCTYPE html>\n");
    page.open("html", {{"lang", "en"}}).open("head").open("meta", {{"charset", "utf-8"}});
    page.element("title", title_).text("\n").element("style", Html::trusted("\n" + report_css()));
    page.close("head").open("body").text("\n").element("h1", title_).text("\n");
    page.add(Html::trusted(body_))
        .element("p", "Made by speedlab; self-contained, no network needed.",
                 {{"style", "color:#777"}});
    return page.text("\n").close("body").close("html").str() + "\n";
}

}  // namespace speedlab::report
