// "/": the stored runs, filtered, sorted and paged; each view is its URL.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/clock.h"
#include "core/machine_pattern.h"
#include "core/plural.h"
#include "report/html_builder.h"
#include "report/summary_formats.h"
#include "serve/layout.h"
#include "serve/page_error.h"
#include "serve/pages.h"

namespace speedlab::serve {

using report::Html;

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

Html input(const char* name, const char* label, const std::string& value,
           const char* type = "search") {
    return Html()
        .open("label")
        .text(label)
        .open("input", {{"type", type}, {"name", name}, {"value", value}})
        .close("label");
}

Html select(const char* name, const char* label, const std::string& chosen,
            const std::vector<std::pair<std::string, std::string>>& options) {
    Html out;
    out.open("label").text(label).open("select", {{"name", name}});
    for (const auto& [v, text] : options)
        out.open("option", {{"value", v}}, v == chosen ? "selected" : "")
            .text(text)
            .close("option");
    return out.close("select").close("label");
}

std::string filter_form(const Request& r) {
    std::vector<std::pair<std::string, std::string>> sorts;
    for (const auto& n : store::run_order_names()) sorts.emplace_back(n, n);
    return Html()
               .open("form", {{"class", "filters"}, {"method", "get"}, {"action", ""}})
               .add(input("q", "text", value(r, "q")))
               .add(input("machine", "machine", value(r, "machine")))
               .add(input("cpu", "CPU", value(r, "cpu")))
               .add(input("version", "version", value(r, "version")))
               .add(select("source", "source", value(r, "source"),
                           {{"", "any"}, {"measured", "measured"}, {"imported", "imported"}}))
               .add(input("since", "since", value(r, "since"), "date"))
               .add(input("until", "until", value(r, "until"), "date"))
               .add(select("sort", "sort", value(r, "sort").empty() ? "newest" : value(r, "sort"),
                           sorts))
               .element("button", "Show", {{"type", "submit"}})
               .close("form")
               .str() +
           "\n";
}
}  // namespace

namespace {
std::string run_row(const store::RunSummary& r, const Links& links) {
    std::string where =
        r.platform != "native" && !r.platform.empty() ? " [under " + r.platform + "]" : "";
    if (r.processes > 1) where += fmt::format(" [{} processes]", r.processes);
    std::string id = std::to_string(r.id);
    Html row;
    row.open("tr");
    // A published site compares nothing: no box to tick.
    if (!links.is_published())
        row.element("td", Html().open("input", {{"type", "checkbox"},
                                                {"name", "runs"},
                                                {"value", id},
                                                {"aria-label", "compare run " + id}}));
    Html cpu = Html().text(r.cpu_name + where);
    if (!r.complete) cpu.text(" ").element("span", "(partial)", {{"class", "dim"}});
    row.element("td", report::link_to(links.run(r.id), id), {{"class", "n"}})
        .element("td", report::link_to(links.run(r.id), r.label.empty() ? "(no label)" : r.label),
                 {{"class", "label"}})
        .element("td", r.measured_at.empty() ? "-" : r.measured_at.substr(0, 10))
        .element("td", r.stored_at.substr(0, 10))
        .element("td", r.source)
        .element("td", std::to_string(r.measurements), {{"class", "n"}})
        .element("td", r.version)
        .element("td", r.machine_label.empty()
                           ? Html()
                           : report::link_to(links.machine(r.machine_label), r.machine_label))
        .element("td", cpu)
        .close("tr");
    return row.str() + "\n";
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
    Html out;
    out.open("p", {{"class", "pages"}});
    if (v.page > 1) out.add(report::link_to(links.runs(v.params, v.page - 1), "← newer page"));
    out.text(fmt::format("page {} of {}", v.page, pages));
    if (v.page < pages)
        out.text(" ").add(report::link_to(links.runs(v.params, v.page + 1), "older page →"));
    return out.close("p").str() + "\n";
}
}  // namespace

std::string runs_table(const std::vector<store::RunSummary>& runs, const Links& links) {
    Html table;
    table.open("div", {{"class", "wide"}}).open("table", {{"class", "list"}}).open("tr");
    if (!links.is_published()) table.element("th", "");
    for (const char* h :
         {"id", "label", "measured", "stored", "source", "figs", "version", "machine", "CPU"})
        table.element("th", h);
    table.close("tr").text("\n");
    for (const auto& r : runs) table.add(Html::trusted(run_row(r, links)));
    table.close("table").close("div").text("\n");
    if (links.is_published()) return table.str();
    return Html()
               .open("form", {{"method", "get"}, {"action", "/compare"}})
               .element("p", Html()
                                 .element("button", "Compare the runs ticked", {{"type", "submit"}})
                                 .text(" ")
                                 .element("span",
                                          "(the first ticked is the baseline; the compare "
                                          "page lets you pick another)",
                                          {{"class", "dim"}}))
               .text("\n")
               .add(table)
               .close("form")
               .str() +
           "\n";
}

Response runs_page(const store::Database& db, const Request& request, const Links& links) {
    auto format = page_format(request, report::run_list_formats());
    View v = read_view(db, request);
    // A machine pattern that matched nothing selects no run; the store is not asked.
    bool none = !v.machine_error.empty();
    int64_t total = none ? 0 : db.count(v.filter);
    auto runs = none ? std::vector<store::RunSummary>{}
                     : db.page(v.filter, v.order, (v.page - 1) * kRunsPerPage, kRunsPerPage);
    if (!format.empty()) return formatted(report::run_list_formats(), format, runs);
    std::string body = links.is_published() ? "" : filter_form(request);
    Html notes;
    notes.element("p", count_line(v, total, runs.size()), {{"id", "count"}}).text("\n");
    if (!v.machine_error.empty())
        notes.element("p", "machine: " + v.machine_error, {{"class", "dim"}}).text("\n");
    body += notes.str();
    body += runs_table(runs, links);
    body += pager(v, total, links);
    return {200, "text/html; charset=utf-8", layout(links, "Runs", Section::runs, body), {}};
}

}  // namespace speedlab::serve
