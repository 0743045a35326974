#include "report/run_text.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/json.h"
#include "report/run_facts.h"
#include "report/speed_table.h"
#include "report/summary_formats.h"
#include "sysinfo/conditions_probe.h"

namespace speedlab::report {

namespace {
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
    auto f = pick_facts(run, {FactId::machine, FactId::mhz, FactId::distribution, FactId::memory,
                              FactId::bogomips, FactId::conditions});
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

// The run, when and where from, its machine and what may have disturbed it,
// then its figures.
std::string run_text(const Run& run, const FormatOptions&) {
    std::string out =
        fmt::format("run {}{}: {}\n", run.id, run.label.empty() ? "" : " (" + run.label + ")",
                    pick_facts(run, {FactId::source})[0].value);
    out += "measured: " + measured_text(run) + "\n";
    out += "stored: " + minute(run.stored_at.empty() ? run.when : run.stored_at) + "\n";
    out += sources_text(run) + machine_facts(run);
    for (const auto& d : sysinfo::disturbances(run.conditions)) out += "warning: " + d + "\n";
    for (const auto& n : run.notes) out += "note: " + n + "\n";
    return out + speed_table(run);
}
}  // namespace

const Formats<Run>& run_formats() {
    static const Formats<Run> formats{
        {{"text", run_text},
         {"json", [](const Run& r, const FormatOptions&) { return json_text(to_json(r, true)); }},
         {"mr", [](const Run& r, const FormatOptions&) { return machine_readable(r); }}}};
    return formats;
}

const Formats<Run>& measured_run_formats() {
    static const Formats<Run> formats{
        {{"text", [](const Run& r, const FormatOptions&) { return speed_table(r); }},
         {"json", [](const Run& r, const FormatOptions&) { return json_text(to_json(r)); }},
         run_formats().entries.at(2)}};
    return formats;
}

}  // namespace speedlab::report
