// "/machines": every machine with its aliases, CPU, kind, runs and dates.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "report/html_builder.h"
#include "report/summary_formats.h"
#include "serve/layout.h"
#include "serve/pages.h"

namespace speedlab::serve {

Response machines_page(const store::Database& db, const Request& request, const Links& links) {
    auto format = page_format(request, report::machine_list_formats());
    auto machines = db.machines();
    if (!format.empty()) return formatted(report::machine_list_formats(), format, machines);
    report::Html body;
    body.element("p", fmt::format("{} machine(s).", machines.size()), {{"id", "count"}});
    body.open("div", {{"class", "wide"}}).open("table", {{"class", "list"}, {"id", "machines"}});
    body.open("tr");
    for (const char* h : {"machine", "aliases", "CPU", "kind", "runs", "figures", "first", "last"})
        body.element("th", h);
    body.close("tr");
    const report::Attributes number{{"class", "n"}};
    for (const auto& m : machines) {
        body.open("tr")
            .element("td", m.name.empty() ? report::Html().text("(no name)")
                                          : report::link_to(links.machine(m.name), m.name))
            .element("td", fmt::format("{}", fmt::join(m.aliases, ", ")))
            .element("td", m.cpu)
            .element("td", report::kind_text(m))
            .element("td", std::to_string(m.runs), number)
            .element("td", std::to_string(m.figures), number)
            .element("td", m.first)
            .element("td", m.last)
            .close("tr");
    }
    std::string html = body.close("table").close("div").str() + "\n";
    return {
        200, "text/html; charset=utf-8", layout(links, "Machines", Section::machines, html), {}};
}

}  // namespace speedlab::serve
