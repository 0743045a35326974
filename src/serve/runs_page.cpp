// "/": the stored runs, filtered, sorted and paged; each view is its URL.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/clock.h"
#include "core/json.h"
#include "core/machine_pattern.h"
#include "core/plural.h"
#include "report/html.h"
#include "report/summary_formats.h"
#include "serve/layout.h"
#include "serve/page_error.h"
#include "serve/pages.h"

namespace speedlab::serve {

using report::html_escape;

namespace {
constexpr const char* kViewParams[] = {"q",      "machine", "cpu",   "version",
                                       "source", "since",   "until", "sort"};

struct View {
    Params params;  // the view's own parameters, as given (for links)
    store::RunFilter filter;
    store::RunOrder order = store::RunOrder::newest;
    int64_t page = 1;
    std::string machine_error;  // --machine matched nothing: the closest names
};

std::string value(const Request& r, const char* name) {
    return r.param(name).value_or("");
}

void check_day(const char* name, const std::string& day) {
    if (!day.empty() && !valid_day(day)) throw BadRequest(name, "a date as YYYY-MM-DD", day);
}

View read_view(const store::Database& db, const Request& r) {
    View v;
    for (const char* p : kViewParams)
        if (auto x = r.param(p); x && !x->empty()) v.params.emplace_back(p, *x);
    auto& f = v.filter;
    f.text = value(r, "q"), f.cpu = value(r, "cpu"), f.version = value(r, "version");
    f.source = value(r, "source"), f.since = value(r, "since"), f.until = value(r, "until");
    if (!f.source.empty() && f.source != "measured" && f.source != "imported")
        throw BadRequest("source", "measured or imported", f.source);
    check_day("since", f.since);
    check_day("until", f.until);
    if (auto s = value(r, "sort"); !s.empty()) {
        auto order = store::parse_run_order(s);
        if (!order)
            throw BadRequest(
                "sort", fmt::format("one of {}", fmt::join(store::run_order_names(), ", ")), s);
        v.order = *order;
    }
    if (auto p = value(r, "page"); !p.empty()) {
        if (p.size() > 9 || p.find_first_not_of("0123456789") != std::string::npos || p[0] == '0')
            throw BadRequest("page", "a page number from 1", p);
        v.page = std::stoll(p);
    }
    if (auto m = value(r, "machine"); !m.empty()) {
        auto names = db.machine_names();
        f.machines = match_machines(m, names);
        if (f.machines.empty()) v.machine_error = no_machine_message(m, names);
    }
    return v;
}

std::string input(const char* name, const char* label, const std::string& value,
                  const char* type = "search") {
    return fmt::format("<label>{}<input type=\"{}\" name=\"{}\" value=\"{}\"></label>", label, type,
                       name, html_escape(value));
}

std::string select(const char* name, const char* label, const std::string& chosen,
                   const std::vector<std::pair<std::string, std::string>>& options) {
    std::string out = fmt::format("<label>{}<select name=\"{}\">", label, name);
    for (const auto& [v, text] : options)
        out += fmt::format("<option value=\"{}\"{}>{}</option>", html_escape(v),
                           v == chosen ? " selected" : "", html_escape(text));
    return out + "</select></label>";
}

std::string filter_form(const Request& r) {
    std::vector<std::pair<std::string, std::string>> sorts;
    for (const auto& n : store::run_order_names()) sorts.emplace_back(n, n);
    return "<form class=\"filters\" method=\"get\" action=\"\">" +
           input("q", "text", value(r, "q")) + input("machine", "machine", value(r, "machine")) +
           input("cpu", "CPU", value(r, "cpu")) + input("version", "version", value(r, "version")) +
           select("source", "source", value(r, "source"),
                  {{"", "any"}, {"measured", "measured"}, {"imported", "imported"}}) +
           input("since", "since", value(r, "since"), "date") +
           input("until", "until", value(r, "until"), "date") +
           select("sort", "sort", value(r, "sort").empty() ? "newest" : value(r, "sort"), sorts) +
           "<button type=\"submit\">Show</button></form>\n";
}
}  // namespace

namespace {
std::string run_row(const store::RunSummary& r, const Links& links) {
    std::string where =
        r.platform != "native" && !r.platform.empty() ? " [under " + r.platform + "]" : "";
    if (r.processes > 1) where += fmt::format(" [{} processes]", r.processes);
    return fmt::format(
        "<tr>{11}<td class=\"n\">{1}</td><td class=\"label\">{2}</td><td>{3}</td>"
        "<td>{10}</td><td>{4}</td><td "
        "class=\"n\">{5}</td><td>{6}</td><td>{7}</td><td>{8}{9}</td></tr>\n",
        r.id, link(links.run(r.id), std::to_string(r.id)),
        link(links.run(r.id), r.label.empty() ? "(no label)" : r.label),
        html_escape(r.measured_at.empty() ? "-" : r.measured_at.substr(0, 10)), r.source,
        r.measurements, html_escape(r.version),
        r.machine_label.empty() ? "" : link(links.machine(r.machine_label), r.machine_label),
        html_escape(r.cpu_name + where), r.complete ? "" : " <span class=\"dim\">(partial)</span>",
        html_escape(r.stored_at.substr(0, 10)),
        // A published site compares nothing: no box to tick.
        links.is_published() ? ""
                             : fmt::format("<td><input type=\"checkbox\" name=\"runs\" "
                                           "value=\"{0}\" aria-label=\"compare run {0}\"></td>",
                                           r.id));
}

// "Runs 1–100 of 345 stored." / "Runs 1–3 of 3 that match." / "No run matches."
std::string count_line(const View& v, int64_t total, size_t shown) {
    bool filtered = !v.params.empty() && !(v.params.size() == 1 && v.params[0].first == "sort");
    if (shown == 0 && total > 0)
        return fmt::format("No runs on page {}: {} {} in {} page(s).", v.page, total,
                           filtered ? "match" : "are stored",
                           (total + kRunsPerPage - 1) / kRunsPerPage);
    if (shown == 0) return filtered ? "No run matches." : "No runs stored.";
    int64_t first = (v.page - 1) * kRunsPerPage + 1;
    return fmt::format("Runs {}–{} of {} {}.", first, first + int64_t(shown) - 1, total,
                       filtered ? "that match" : "stored");
}

std::string pager(const View& v, int64_t total, const Links& links) {
    int64_t pages = std::max<int64_t>(1, (total + kRunsPerPage - 1) / kRunsPerPage);
    std::string out = "<p class=\"pages\">";
    if (v.page > 1) out += link(links.runs(v.params, v.page - 1), "← newer page");
    out += fmt::format("page {} of {}", v.page, pages);
    if (v.page < pages) out += " " + link(links.runs(v.params, v.page + 1), "older page →");
    return out + "</p>\n";
}
}  // namespace

std::string runs_table(const std::vector<store::RunSummary>& runs, const Links& links) {
    std::string out =
        std::string("<div class=\"wide\"><table class=\"list\"><tr>") +
        (links.is_published() ? "" : "<th></th>") +
        "<th>id</th><th>label</th><th>measured</th><th>stored</th><th>source</th><th>figs</th>"
        "<th>version</th>"
        "<th>machine</th><th>CPU</th></tr>\n";
    for (const auto& r : runs) out += run_row(r, links);
    out += "</table></div>\n";
    if (links.is_published()) return out;
    return "<form method=\"get\" action=\"/compare\"><p><button type=\"submit\">Compare the runs "
           "ticked</button> <span class=\"dim\">(the first ticked is the baseline; the compare "
           "page lets you pick another)</span></p>\n" +
           out + "</form>\n";
}

Response runs_page(const store::Database& db, const Request& request, const Links& links) {
    auto format = page_format(request);
    View v = read_view(db, request);
    // A machine pattern that matched nothing selects no run; the store is not asked.
    bool none = !v.machine_error.empty();
    int64_t total = none ? 0 : db.count(v.filter);
    auto runs = none ? std::vector<store::RunSummary>{}
                     : db.page(v.filter, v.order, (v.page - 1) * kRunsPerPage, kRunsPerPage);
    if (format == PageFormat::json) return json_response(json_text(report::runs_json(runs)));
    if (format == PageFormat::csv) return csv_response(report::runs_csv(runs));
    std::string body = links.is_published() ? "" : filter_form(request);
    body += "<p id=\"count\">" + count_line(v, total, runs.size()) + "</p>\n";
    if (!v.machine_error.empty())
        body += "<p class=\"dim\">machine: " + html_escape(v.machine_error) + "</p>\n";
    body += runs_table(runs, links);
    body += pager(v, total, links);
    return {200, "text/html; charset=utf-8", layout(links, "Runs", Section::runs, body), {}};
}

}  // namespace speedlab::serve
