// "/machines": every machine with its aliases, CPU, kind, runs and dates.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/json.h"
#include "report/html.h"
#include "report/summary_formats.h"
#include "serve/layout.h"
#include "serve/pages.h"

namespace speedlab::serve {

using report::html_escape;

Response machines_page(const store::Database& db, const Request& request, const Links& links) {
    auto format = page_format(request);
    auto machines = db.machines();
    if (format == PageFormat::json)
        return json_response(json_text(report::machines_json(machines)));
    if (format == PageFormat::csv) return csv_response(report::machines_csv(machines));
    std::string body = fmt::format("<p id=\"count\">{} machine(s).</p>\n", machines.size());
    body +=
        "<div class=\"wide\"><table class=\"list\" id=\"machines\"><tr><th>machine</th>"
        "<th>aliases</th><th>CPU</th><th>kind</th><th>runs</th><th>figures</th><th>first</th>"
        "<th>last</th></tr>\n";
    for (const auto& m : machines) {
        std::string aliases = fmt::format("{}", fmt::join(m.aliases, ", "));
        body += fmt::format(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"n\">{}</td><td "
            "class=\"n\">{}</td><td>{}</td><td>{}</td></tr>\n",
            m.name.empty() ? "(no name)" : link(links.machine(m.name), m.name),
            html_escape(aliases), html_escape(m.cpu), html_escape(report::kind_text(m)), m.runs,
            m.figures, html_escape(m.first), html_escape(m.last));
    }
    body += "</table></div>\n";
    return {
        200, "text/html; charset=utf-8", layout(links, "Machines", Section::machines, body), {}};
}

}  // namespace speedlab::serve
