#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <nlohmann/json.hpp>

#include "bogomips/calibrate.h"
#include "cli/commands.h"
#include "cli/machine_filter.h"
#include "core/clock.h"
#include "core/json.h"
#include "core/text.h"
#include "report/machine_text.h"
#include "report/speed_table.h"
#include "report/summary_formats.h"
#include "store/database.h"
#include "sysinfo/conditions.h"

namespace speedlab::cli {

namespace {
std::string shorten(const std::string& s, size_t n) {
    return s.size() <= n ? s : s.substr(0, n - 1) + "~";
}

// Columns as wide as their widest cell (labels up to 40), two spaces apart;
// versions are never cut.
std::string list_table(const std::vector<store::RunSummary>& runs) {
    size_t w_label = 5, w_version = 7, w_when = 4;
    for (const auto& r : runs) {
        w_label = std::max(w_label, std::min<size_t>(r.label.size(), 40));
        w_version = std::max(w_version, r.version.size());
        w_when = std::max(w_when, r.when.size());
    }
    std::string out =
        fmt::format("{:>4}  {:<{}}  {:<{}}  {:<8}  {:>5}  {:<{}}  {}\n", "id", "label", w_label,
                    "when", w_when, "source", "figs", "version", w_version, "machine / cpu");
    for (const auto& r : runs) {
        std::string where = r.machine_label;
        if (!r.cpu_name.empty()) where += (where.empty() ? "" : " / ") + r.cpu_name;
        if (r.platform != "native" && !r.platform.empty()) where += " [under " + r.platform + "]";
        if (r.processes > 1) where += fmt::format(" [{} processes]", r.processes);
        out += fmt::format("{:>4}  {:<{}}  {:<{}}  {:<8}  {:>5}  {:<{}}  {}{}\n", r.id,
                           shorten(r.label, 40), w_label, r.when, w_when, r.source, r.measurements,
                           r.version, w_version, where, r.complete ? "" : " (partial)");
    }
    return out;
}
}  // namespace

Command add_list(CLI::App& app, Global& global) {
    struct Args {
        std::string format = "text";
        store::RunFilter filter;
        std::string machine;
        std::optional<int64_t> limit;
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
    return [a, &global]() -> int {
        store::Database db(global.database_path(), store::Access::read);
        store::RunFilter filter = a->filter;
        if (!resolve_machine_filter(db, a->machine, filter)) return Exit::usage;
        filter.limit = a->limit.value_or(a->format == "json" ? 0 : 100);
        auto runs = db.list(filter);
        if (a->format == "json")
            return write_output(json_text(report::runs_json(runs)), "") ? Exit::ok : Exit::failure;
        if (runs.empty()) {
            bool filtered =
                !filter.machines.empty() || !filter.since.empty() || !filter.source.empty();
            fmt::print("{} in {}\n", filtered ? "no run matches the filter" : "no runs stored",
                       db.where());
            return Exit::ok;
        }
        std::string text = list_table(runs);
        if (filter.limit > 0 && static_cast<int64_t>(runs.size()) == filter.limit)
            if (int64_t total = db.count(filter); total > filter.limit)
                text += fmt::format("(the newest {} of {} runs; --limit 0 lists all)\n",
                                    filter.limit, total);
        return write_output(terminal_safe(text), "") ? Exit::ok : Exit::failure;
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
// One line per text the run was read from: "source: seed000.txt lines 16-40 (sha256 b3bebe19635c)".
std::string sources_text(const Run& run) {
    std::string out;
    for (const auto& s : run.sources)
        out += fmt::format("source: {}{}\n", to_string(s),
                           s.sha256.empty() ? "" : " (sha256 " + s.sha256.substr(0, 12) + ")");
    return out;
}
}  // namespace

Command add_show(CLI::App& app, Global& global) {
    struct Args {
        std::string run, format = "text";
        bool raw = false;
    };
    auto a = std::make_shared<Args>();
    app.add_option("run", a->run, "run id or label")->required();
    app.add_option("--format", a->format, "text, json or mr")
        ->check(CLI::IsMember({"text", "json", "mr"}));
    app.add_flag("--raw", a->raw, "print the imported text the run was read from");
    return [a, &global]() -> int {
        store::Database db(global.database_path(), store::Access::read);
        auto run = db.find(a->run);
        if (!run) return fail(Exit::usage, "no run '" + a->run + "' (see speedlab list)");
        if (a->raw) {
            if (run->raw_text.view().empty())  // an empty answer would look like a lost text
                return fail(Exit::failure, no_source_text(*run));
            return write_output(run->raw_text.str(), "") ? Exit::ok : Exit::failure;
        }
        if (a->format == "json")
            return write_output(json_text(to_json(*run, true)), "") ? Exit::ok : Exit::failure;
        if (a->format == "mr")
            return write_output(report::machine_readable(*run), "") ? Exit::ok : Exit::failure;
        std::string head = fmt::format(
            "run {}{}: {} {}{}\n", run->id, run->label.empty() ? "" : " (" + run->label + ")",
            run->source, run->when, run->source_file.empty() ? "" : " from " + run->source_file);
        head += sources_text(*run);
        const Machine& mc = run->machine;
        if (!mc.label.empty() || !mc.cpu_name.empty())
            head += fmt::format("machine: {}{}{}\n", mc.label,
                                mc.cpu_name.empty() ? "" : " / " + mc.cpu_name,
                                mc.cpu_mhz ? fmt::format(" at {:.3f} MHz", *mc.cpu_mhz) : "");
        if (!mc.distribution.empty()) head += "distro: " + mc.distribution + "\n";
        if (mc.memory_kb || mc.installed_kb || mc.swap_kb)
            head += "memory: " + report::memory_text(mc) +
                    (mc.swap_kb ? fmt::format(", swap {} kB", *mc.swap_kb) : "") + "\n";
        if (auto e = bogomips::explain(mc)) head += "bogomips: " + e->text + "\n";
        if (!run->conditions->empty())
            head += "conditions: " + sysinfo::describe(run->conditions) + "\n";
        for (const auto& d : sysinfo::disturbances(run->conditions)) head += "warning: " + d + "\n";
        for (const auto& n : run->notes) head += "note: " + n + "\n";
        return write_output(terminal_safe(head + report::speed_table(*run)), "") ? Exit::ok
                                                                                 : Exit::failure;
    };
}

}  // namespace speedlab::cli
