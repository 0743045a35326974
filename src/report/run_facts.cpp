#include "report/run_facts.h"

#include <fmt/format.h>

#include "bogomips/calibrate.h"
#include "sysinfo/conditions_probe.h"

namespace speedlab::report {

namespace {
std::string cpu_text(const Machine& m) {
    std::string cpu = m.cpu_name;
    if (m.cpu_family)
        cpu += fmt::format(" (family {} model {} stepping {})", *m.cpu_family,
                           m.cpu_model.value_or(-1), m.cpu_stepping.value_or(-1));
    if (!m.cpu_core.empty()) cpu += ", " + m.cpu_core;
    return cpu;
}

// "73312 kB usable, 73728 kB installed (72 MiB)"; "" unknown.
std::string memory_text(const Machine& m) {
    std::string out;
    if (m.memory_kb) out = fmt::format("{} kB usable", *m.memory_kb);
    if (m.installed_kb)
        out += fmt::format("{}{} kB installed ({})", out.empty() ? "" : ", ", *m.installed_kb,
                           mebibytes(*m.installed_kb));
    else if (m.memory_kb)
        out += fmt::format(" ({})", mebibytes(*m.memory_kb));
    return out;
}

// A wrapper or emulator command the machine's kind does not already name.
std::string platform_text(const Run& r) {
    if (r.platform.empty() || r.platform == "native") return "";
    return r.machine->emulator.find(r.platform) == std::string::npos ? r.platform : "";
}

std::string measured_text(const Run& r) {
    if (!r.measured_at.empty()) return r.measured_at;
    return "unknown" + (r.built_on.empty() ? "" : "; not before the build, " + r.built_on);
}

std::string build_text(const Run& r) {
    std::string out = r.compiler;
    for (const auto& part : {r.options, r.cpu_mask.empty() ? "" : "CPU mask " + r.cpu_mask})
        if (!part.empty()) out += (out.empty() ? "" : "; ") + part;
    return out;
}

std::string value_of(const Run& r, FactId id) {
    switch (id) {
        case FactId::source:
            return r.source + (r.source_file.empty() ? "" : " from " + r.source_file);
        case FactId::measured:
            return measured_text(r);
        case FactId::stored:
            return r.stored_at.empty() ? r.when : r.stored_at;
        case FactId::benchmark:
            return r.version;
        case FactId::platform:
            return platform_text(r);
        case FactId::processes:
            return r.processes > 1 ? std::to_string(r.processes) : "";
        case FactId::build:
            return build_text(r);
        case FactId::conditions:
            return r.conditions->empty() ? "" : sysinfo::describe(r.conditions);
        case FactId::read_from:
            return "";  // several values: see run_facts
        default:
            return machine_fact(r.machine, id);
    }
}

constexpr std::pair<FactId, std::string_view> kNames[] = {
    {FactId::source, "source"},     {FactId::measured, "measured"},
    {FactId::stored, "stored"},     {FactId::benchmark, "benchmark"},
    {FactId::machine, "machine"},   {FactId::cpu, "CPU"},
    {FactId::mhz, "MHz"},           {FactId::cores, "CPUs"},
    {FactId::memory, "memory"},     {FactId::distribution, "distribution"},
    {FactId::kernel, "kernel"},     {FactId::kind, "kind"},
    {FactId::platform, "platform"}, {FactId::processes, "processes"},
    {FactId::build, "build"},       {FactId::conditions, "conditions"},
    {FactId::bogomips, "BogoMips"}, {FactId::read_from, "read from"}};
}  // namespace

std::vector<Fact> run_facts(const Run& run) {
    std::vector<Fact> out;
    for (const auto& [id, name] : kNames) {
        if (id == FactId::read_from) {
            for (const auto& src : run.sources)  // a text met in several files is stored once
                out.push_back({id, name, to_string(src)});
        } else if (auto v = value_of(run, id); !v.empty()) {
            out.push_back({id, name, std::move(v)});
        }
    }
    return out;
}

std::vector<Fact> pick_facts(const Run& run, const std::vector<FactId>& ids) {
    std::vector<Fact> out;
    for (FactId id : ids)
        for (const auto& [known, name] : kNames)
            if (known == id) out.push_back({id, name, value_of(run, id)});
    return out;
}

std::string machine_fact(const Machine& m, FactId id) {
    switch (id) {
        case FactId::machine:
            return m.label;
        case FactId::cpu:
            return cpu_text(m);
        case FactId::mhz:
            return m.cpu_mhz ? mhz_text(*m.cpu_mhz) : "";
        case FactId::cores:
            return m.cpu_count > 0 ? std::to_string(m.cpu_count) : "";
        case FactId::memory:
            return memory_text(m);
        case FactId::distribution:
            return m.distribution;
        case FactId::kernel:
            return m.kernel_release;
        case FactId::kind:  // unknown says no more than its emulator
            return m.kind == MachineKind::unknown ? m.emulator
                                                  : kind_text(to_string(m.kind), m.emulator);
        case FactId::bogomips: {
            auto e = bogomips::explain(m);
            return e ? e->text : "";
        }
        default:
            return "";  // a fact of the run
    }
}

std::string kind_text(const std::string& kind, const std::string& emulator) {
    return emulator.empty() ? kind : kind + " (" + emulator + ")";
}

std::string mebibytes(long long kb) {
    if (kb >= 1024 * 1024) return fmt::format("{:.3g} GiB", static_cast<double>(kb) / 1048576);
    return fmt::format("{:.3g} MiB", static_cast<double>(kb) / 1024);
}

std::string mhz_text(double mhz) {
    std::string out = fmt::format("{:.3f}", mhz);
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
    return out;
}

}  // namespace speedlab::report
