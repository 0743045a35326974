#include "report/summary_formats.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "report/comparison_parts.h"

namespace speedlab::report {

using detail::csv_field;

std::string kind_text(const store::MachineSummary& m) {
    return m.emulator.empty() ? m.kind : m.kind + " (" + m.emulator + ")";
}

nlohmann::json runs_json(const std::vector<store::RunSummary>& runs) {
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

std::string runs_csv(const std::vector<store::RunSummary>& runs) {
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

nlohmann::json machines_json(const std::vector<store::MachineSummary>& machines) {
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

std::string machines_csv(const std::vector<store::MachineSummary>& machines) {
    std::string out = "name,aliases,cpu,kind,emulator,runs,figures,first,last\n";
    for (const auto& m : machines) {
        std::string aliases = fmt::format("{}", fmt::join(m.aliases, ";"));
        out += fmt::format("{},{},{},{},{},{},{},{},{}\n", csv_field(m.name), csv_field(aliases),
                           csv_field(m.cpu), m.kind, csv_field(m.emulator), m.runs, m.figures,
                           csv_field(m.first), csv_field(m.last));
    }
    return out;
}

}  // namespace speedlab::report
