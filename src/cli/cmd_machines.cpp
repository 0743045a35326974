// speedlab machines: every machine name with its aliases, CPU, kind, runs and dates.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/machine_filter.h"
#include "cli/width.h"
#include "core/json.h"
#include "core/text.h"
#include "report/summary_formats.h"
#include "report/text_table.h"
#include "store/database.h"

namespace speedlab::cli {

namespace {
std::string joined(const std::vector<std::string>& items, const char* separator) {
    std::string out;
    for (const auto& s : items) out += (out.empty() ? "" : separator) + s;
    return out;
}

// A time stamp to the minute ("2026-12-06 03:50"): the table stays narrow.
// A run stored with a date only keeps its date.
std::string minute(const std::string& when) {
    if (when.size() < 16 || when[10] != 'T') return when.substr(0, 10);
    return when.substr(0, 10) + " " + when.substr(11, 5);
}

std::string machines_table(const std::vector<store::MachineSummary>& machines, size_t width) {
    report::TextTable t{
        {"machine", "aliases", "cpu", "kind", "runs", "figs", "first measured", "last measured"},
        {},
        {false, false, false, false, true, true, false, false},
        1};
    for (const auto& m : machines)
        t.rows.push_back({m.name.empty() ? "(no name)" : m.name, joined(m.aliases, ", "), m.cpu,
                          report::kind_text(m), std::to_string(m.runs), std::to_string(m.figures),
                          m.first.empty() ? "-" : minute(m.first),
                          m.last.empty() ? "-" : minute(m.last)});
    return report::render_table(t, width);
}

}  // namespace

Command add_machines(CLI::App& app, Global& global) {
    struct Args {
        std::string machine, format = "text";
        size_t width = 0;
    };
    auto a = std::make_shared<Args>();
    app.add_option("--machine", a->machine,
                   "only machines this name, glob or part of a name means");
    app.add_option("--format", a->format, "text, json or csv")
        ->check(CLI::IsMember({"text", "json", "csv"}));
    add_width_option(app, a->width);
    return [a, &global]() -> int {
        store::Database db(global.database_path(), store::Access::read);
        store::RunFilter filter;
        resolve_machine_filter(db, a->machine, filter);
        auto machines = db.machines();
        if (!a->machine.empty())
            std::erase_if(machines, [&](const auto& m) {
                return std::find(filter.machines.begin(), filter.machines.end(), m.name) ==
                       filter.machines.end();
            });
        if (a->format == "json")
            return write_output(json_text(report::machines_json(machines)), "");
        if (a->format == "csv")
            return write_output(terminal_safe(report::machines_csv(machines)), "");
        if (machines.empty()) {
            fmt::print("no machines stored in {}\n", db.where());
            return Exit::ok;
        }
        return write_output(terminal_safe(machines_table(machines, output_width(a->width))), "");
    };
}

}  // namespace speedlab::cli
