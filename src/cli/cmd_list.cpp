#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/machine_filter.h"
#include "cli/run_selection.h"
#include "cli/width.h"
#include "core/clock.h"
#include "core/json.h"
#include "core/text.h"
#include "report/machine_text.h"
#include "report/run_facts.h"
#include "report/speed_table.h"
#include "report/summary_formats.h"
#include "report/text_table.h"
#include "store/database.h"
#include "sysinfo/conditions_probe.h"

namespace speedlab::cli {

namespace {
// A date to the minute ("2026-12-06 03:50"), a date alone as stated, "-" unknown.
std::string minute(const std::string& when) {
    if (when.empty()) return "-";
    if (when.size() < 16 || when[10] != 'T') return when.substr(0, 10);
    return when.substr(0, 10) + " " + when.substr(11, 5);
}

// Labels up to 40 columns; a table wider than `width` in blocks of columns,
// each starting with the id and label.
std::string list_table(const std::vector<store::RunSummary>& runs, size_t width) {
    report::TextTable t{
        {"id", "label", "measured", "stored", "source", "figs", "version", "machine / cpu"},
        {},
        {true, false, false, false, false, true, false, false},
        2};
    for (const auto& r : runs) {
        std::string where = r.machine_label;
        if (!r.cpu_name.empty()) where += (where.empty() ? "" : " / ") + r.cpu_name;
        if (r.platform != "native" && !r.platform.empty()) where += " [under " + r.platform + "]";
        if (r.processes > 1) where += fmt::format(" [{} processes]", r.processes);
        if (!r.complete) where += " (partial)";
        t.rows.push_back({std::to_string(r.id), report::shorten_columns(r.label, 40),
                          minute(r.measured_at), minute(r.stored_at), r.source,
                          std::to_string(r.measurements), r.version, where});
    }
    return report::render_table(t, width);
}
}  // namespace

Command add_list(CLI::App& app, Global& global) {
    struct Args {
        std::string format = "text";
        store::RunFilter filter;
        std::string machine;
        std::optional<int64_t> limit;
        size_t width = 0;
    };
    auto a = std::make_shared<Args>();
    app.add_option("--format", a->format, "text or json")->check(CLI::IsMember({"text", "json"}));
    app.add_option("--machine", a->machine,
                   "only runs of the machines this name (any case), glob or part of a name means");
    app.add_option("--since", a->filter.since, "only runs stored from this date on (YYYY-MM-DD)")
        ->check([](const std::string& d) {
            return valid_day(d) ? std::string()
                                : "expected a date as YYYY-MM-DD, found '" + d + "'";
        });
    app.add_option("--source", a->filter.source, "measured or imported")
        ->check(CLI::IsMember({"measured", "imported"}));
    app.add_option("--limit", a->limit,
                   "the newest N runs (text default 100, JSON default all; 0 for all)")
        ->check(CLI::Range(int64_t{0}, int64_t{1} << 40));
    add_width_option(app, a->width);
    return [a, &global]() -> int {
        store::Database db(global.database_path(), store::Access::read);
        store::RunFilter filter = a->filter;
        resolve_machine_filter(db, a->machine, filter);
        filter.limit = a->limit.value_or(a->format == "json" ? 0 : 100);
        auto runs = db.list(filter);
        if (a->format == "json") return write_output(json_text(report::runs_json(runs)), "");
        if (runs.empty()) {
            bool filtered =
                !filter.machines.empty() || !filter.since.empty() || !filter.source.empty();
            fmt::print("{} in {}\n", filtered ? "no run matches the filter" : "no runs stored",
                       db.where());
            return Exit::ok;
        }
        std::string text = list_table(runs, output_width(a->width));
        if (filter.limit > 0 && static_cast<int64_t>(runs.size()) == filter.limit)
            if (int64_t total = db.count(filter); total > filter.limit)
                text += fmt::format("(the newest {} of {} runs; --limit 0 lists all)\n",
                                    filter.limit, total);
        return write_output(terminal_safe(text), "");
    };
}

namespace {
// Why `show --raw` has nothing to print for this run.
std::string no_source_text(const Run& run) {
    std::string id = std::to_string(run.id);
    if (run.source == "measured")
        return "run " + id + " was measured by speedlab: it has no source text (speedlab show " +
               id + " prints its figures)";
    return "run " + id + " keeps no source text" +
           (run.source_file.empty() ? "" : " of " + run.source_file) +
           ": it was stored without its lines (a table typed by hand imported by an older "
           "speedlab, or a bundle without them); speedlab show " +
           id + " prints its figures";
}
// When it was measured, and how speedlab knows; "unknown" with the build date
// as a lower bound when the text states none.
std::string measured_text(const Run& run) {
    if (!run.measured_at.empty())
        return minute(run.measured_at) + (run.source == "imported" ? " (as its text states)" : "");
    std::string s = "unknown (its text states no date)";
    if (!run.built_on.empty()) s += "; not before the build, " + run.built_on;
    return s;
}
// One line per text the run was read from: "source: seed000.txt lines 16-40 (sha256 b3bebe19635c)".
std::string sources_text(const Run& run) {
    std::string out;
    for (const auto& s : run.sources)
        out += fmt::format("source: {}{}\n", to_string(s),
                           s.sha256.empty() ? "" : " (sha256 " + s.sha256.substr(0, 12) + ")");
    return out;
}
// The machine's facts as run_facts words them (the pages show the same), each
// under show's short name; the machine line joins name, CPU and clock.
std::string machine_facts(const Run& run) {
    using report::FactId;
    auto f = report::pick_facts(run, {FactId::machine, FactId::mhz, FactId::distribution,
                                      FactId::memory, FactId::bogomips, FactId::conditions});
    const Machine& mc = run.machine;
    std::string out;
    if (!f[0].value.empty() || !mc.cpu_name.empty())
        out += "machine: " + f[0].value + (mc.cpu_name.empty() ? "" : " / " + mc.cpu_name) +
               (f[1].value.empty() ? "" : " at " + f[1].value + " MHz") + "\n";
    if (!f[2].value.empty()) out += "distro: " + f[2].value + "\n";
    if (!f[3].value.empty() || mc.swap_kb)
        out += "memory: " + (f[3].value.empty() ? "unknown" : f[3].value) +
               (mc.swap_kb ? fmt::format(", swap {} kB", *mc.swap_kb) : "") + "\n";
    if (!f[4].value.empty()) out += "bogomips: " + f[4].value + "\n";
    if (!f[5].value.empty()) out += "conditions: " + f[5].value + "\n";
    return out;
}

// show's text head: the run, when and where from, then its machine.
std::string show_head(const Run& run) {
    std::string head =
        fmt::format("run {}{}: {}\n", run.id, run.label.empty() ? "" : " (" + run.label + ")",
                    report::pick_facts(run, {report::FactId::source})[0].value);
    head += "measured: " + measured_text(run) + "\n";
    head += "stored: " + minute(run.stored_at.empty() ? run.when : run.stored_at) + "\n";
    return head + sources_text(run) + machine_facts(run);
}
}  // namespace

Command add_show(CLI::App& app, Global& global) {
    struct Args {
        std::string run, format = "text";
        bool raw = false;
    };
    auto a = std::make_shared<Args>();
    app.add_option("run", a->run, "a run: id, label or its start, machine name")->required();
    app.add_option("--format", a->format, "text, json or mr")
        ->check(CLI::IsMember({"text", "json", "mr"}));
    app.add_flag("--raw", a->raw, "print the imported text the run was read from");
    return [a, &global]() -> int {
        store::Database db(global.database_path(), store::Access::read);
        auto run = resolve_one(db, a->run, "show", a->run.rfind("machine:", 0) == 0);
        if (a->raw) {
            if (run.raw_text.view().empty())  // an empty answer would look like a lost text
                throw Error(ErrorKind::failed, no_source_text(run));
            return write_output(run.raw_text.str(), "");
        }
        if (a->format == "json") return write_output(json_text(to_json(run, true)), "");
        if (a->format == "mr") return write_output(report::machine_readable(run), "");
        std::string head = show_head(run);
        for (const auto& d : sysinfo::disturbances(run.conditions)) head += "warning: " + d + "\n";
        for (const auto& n : run.notes) head += "note: " + n + "\n";
        return write_output(terminal_safe(head + report::speed_table(run)), "");
    };
}

}  // namespace speedlab::cli
