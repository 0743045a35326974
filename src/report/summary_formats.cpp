#include "report/summary_formats.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/json.h"
#include "report/comparison_parts.h"
#include "report/run_facts.h"
#include "report/text_table.h"

namespace speedlab::report {

using detail::csv_field;

std::string minute(const std::string& when) {
    if (when.empty()) return "-";
    if (when.size() < 16 || when[10] != 'T') return when.substr(0, 10);
    return when.substr(0, 10) + " " + when.substr(11, 5);
}

std::string kind_text(const store::MachineSummary& m) {
    return kind_text(m.kind, m.emulator);
}

nlohmann::json runs_json(const RunList& runs) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& r : runs)
        j.push_back({{"id", r.id},
                     {"label", r.label},
                     {"when", r.when},
                     {"measured_at", r.measured_at.empty() ? nlohmann::json(nullptr)
                                                           : nlohmann::json(r.measured_at)},
                     {"stored_at", r.stored_at},
                     {"source", r.source},
                     {"source_file", r.source_file},
                     {"version", r.version},
                     {"machine", r.machine_label},
                     {"cpu", r.cpu_name},
                     {"platform", r.platform},
                     {"complete", r.complete},
                     {"measurements", r.measurements},
                     {"processes", r.processes}});
    return j;
}

namespace {
std::string runs_csv(const RunList& runs) {
    std::string out =
        "id,label,when,measured_at,stored_at,source,source_file,version,machine,cpu,platform,"
        "complete,measurements,processes\n";
    for (const auto& r : runs)
        out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", r.id, csv_field(r.label),
                           csv_field(r.when), csv_field(r.measured_at), csv_field(r.stored_at),
                           r.source, csv_field(r.source_file), csv_field(r.version),
                           csv_field(r.machine_label), csv_field(r.cpu_name), csv_field(r.platform),
                           r.complete, r.measurements, r.processes);
    return out;
}

nlohmann::json machines_json(const MachineList& machines) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& m : machines)
        j.push_back({{"name", m.name},
                     {"aliases", m.aliases},
                     {"cpu", m.cpu},
                     {"kind", m.kind},
                     {"emulator", m.emulator},
                     {"runs", m.runs},
                     {"figures", m.figures},
                     {"first", m.first},
                     {"last", m.last}});
    return j;
}

std::string machines_csv(const MachineList& machines) {
    std::string out = "name,aliases,cpu,kind,emulator,runs,figures,first,last\n";
    for (const auto& m : machines) {
        std::string aliases = fmt::format("{}", fmt::join(m.aliases, ";"));
        out += fmt::format("{},{},{},{},{},{},{},{},{}\n", csv_field(m.name), csv_field(aliases),
                           csv_field(m.cpu), m.kind, csv_field(m.emulator), m.runs, m.figures,
                           csv_field(m.first), csv_field(m.last));
    }
    return out;
}

// Labels up to 40 columns: a table wider than the width goes in blocks of
// columns, each starting with the id and label.
TextTable runs_table(const RunList& runs) {
    TextTable t{{"id", "label", "measured", "stored", "source", "figs", "version", "machine / cpu"},
                {},
                {true, false, false, false, false, true, false, false},
                2};
    for (const auto& r : runs) {
        std::string where = r.machine_label;
        if (!r.cpu_name.empty()) where += (where.empty() ? "" : " / ") + r.cpu_name;
        if (r.platform != "native" && !r.platform.empty()) where += " [under " + r.platform + "]";
        if (r.processes > 1) where += fmt::format(" [{} processes]", r.processes);
        if (!r.complete) where += " (partial)";
        t.rows.push_back({std::to_string(r.id), shorten_columns(r.label, 40), minute(r.measured_at),
                          minute(r.stored_at), r.source, std::to_string(r.measurements), r.version,
                          where});
    }
    return t;
}

TextTable machines_table(const MachineList& machines) {
    TextTable t{
        {"machine", "aliases", "cpu", "kind", "runs", "figs", "first measured", "last measured"},
        {},
        {false, false, false, false, true, true, false, false},
        1};
    for (const auto& m : machines)
        t.rows.push_back({m.name.empty() ? "(no name)" : m.name,
                          fmt::format("{}", fmt::join(m.aliases, ", ")), m.cpu, kind_text(m),
                          std::to_string(m.runs), std::to_string(m.figures), minute(m.first),
                          minute(m.last)});
    return t;
}

// The four renderers of a list, from its table, its JSON and its CSV.
template <class T, TextTable (*table)(const T&), nlohmann::json (*to_json)(const T&),
          std::string (*csv)(const T&)>
Formats<T> list_formats() {
    return {{{"text",
              [](const T& l, const FormatOptions& o) { return render_table(table(l), o.width); }},
             {"json", [](const T& l, const FormatOptions&) { return json_text(to_json(l)); }},
             {"csv", [](const T& l, const FormatOptions&) { return csv(l); }},
             {"markdown", [](const T& l, const FormatOptions&) {
                  TextTable t = table(l);
                  return detail::markdown_grid(t.header, t.rows, t.right);
              }}}};
}
}  // namespace

const Formats<RunList>& run_list_formats() {
    static const auto formats = list_formats<RunList, runs_table, runs_json, runs_csv>();
    return formats;
}

const Formats<MachineList>& machine_list_formats() {
    static const auto formats =
        list_formats<MachineList, machines_table, machines_json, machines_csv>();
    return formats;
}

}  // namespace speedlab::report
