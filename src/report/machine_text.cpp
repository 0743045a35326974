#include "report/machine_text.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/json.h"
#include "report/run_facts.h"

namespace speedlab::report {

namespace {
template <class T>
std::string or_unknown(const std::optional<T>& v, const char* fmt_spec = "{}") {
    return v ? fmt::format(fmt::runtime(fmt_spec), *v) : std::string("unknown");
}
std::string or_unknown(const std::string& s) {
    return s.empty() ? std::string("unknown") : s;
}
std::string join(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
    return out;
}
}  // namespace

std::string machine_text(const Machine& m) {
    std::string out;
    auto line = [&](const char* key, const std::string& value) {
        out += fmt::format("{:<10}{}\n", key, value);
    };
    // The facts the pages show too, as run_facts words them.
    auto fact = [&](FactId id) { return or_unknown(machine_fact(m, id)); };
    if (!m.label.empty()) line("machine:", m.label);
    line("kernel:", or_unknown(m.uname.empty() ? m.kernel_release : m.uname));
    line("distro:", fact(FactId::distribution));
    std::string cpu = or_unknown(m.cpu_name);
    if (!m.cpu_vendor.empty() || m.cpu_family)
        cpu += fmt::format(" ({}, family {} model {} stepping {})", or_unknown(m.cpu_vendor),
                           or_unknown(m.cpu_family), or_unknown(m.cpu_model),
                           or_unknown(m.cpu_stepping));
    if (!m.cpu_core.empty()) cpu += ": " + m.cpu_core;
    line("cpu:", cpu);
    if (m.cpu_count > 0) line("cpus:", fact(FactId::cores));
    line("MHz:", fact(FactId::mhz));
    if (!m.cpu_cache.empty()) line("cache:", m.cpu_cache);
    if (!m.cpu_flags.empty()) line("flags:", join(m.cpu_flags));
    if (!m.cpu_bugs.empty()) line("bugs:", join(m.cpu_bugs));
    line("memory:", fact(FactId::memory));
    if (m.swap_kb) line("swap:", fmt::format("{} kB ({})", *m.swap_kb, mebibytes(*m.swap_kb)));
    line("bogomips:", or_unknown(m.bogomips, "{:.2f}"));
    line("kind:", fact(FactId::kind));
    for (const auto& e : m.evidence) line("", e);
    for (const auto& d : m.pci) {
        std::string ids = d.vendor_id || d.device_id
                              ? fmt::format(" [{:04x}:{:04x}]", d.vendor_id, d.device_id)
                              : "";
        std::string name =
            d.vendor_name.empty() ? d.device_name : d.vendor_name + " " + d.device_name;
        // Without a name the class says what the device is.
        std::string what = name.empty()           ? d.class_name
                           : d.class_name.empty() ? name
                                                  : d.class_name + ": " + name;
        if (what.empty()) what = "unknown device";
        line("pci:", fmt::format("{} {}{}{}", d.slot, what, ids,
                                 d.irq ? fmt::format(" IRQ {}", *d.irq) : ""));
    }
    return out;
}

namespace {
std::string system_text(const SystemReport& r, const FormatOptions&) {
    std::string out;
    for (size_t k = 0; k < r.machines.size(); ++k) {
        if (r.machines.size() > 1) out += fmt::format("{}machine {}:\n", k ? "\n" : "", k + 1);
        out += machine_text(r.machines[k]);
    }
    if (const auto& b = r.build)
        out += fmt::format("{:<11}{}\n{:<11}{}\n{:<11}{}\n{:<11}{}\n", "libcrypto:", b->libcrypto,
                           "built:", b->compiler, "", b->cpuinfo, "program:", b->speedlab);
    return out;
}

std::string system_json(const SystemReport& r, const FormatOptions&) {
    if (r.machines.size() != 1) {
        nlohmann::json j = nlohmann::json::array();
        for (const auto& m : r.machines) j.push_back(to_json(m));
        return json_text(j);
    }
    auto j = to_json(r.machines[0]);
    if (const auto& b = r.build) {
        j["libcrypto"] = {
            {"version", b->libcrypto}, {"compiler", b->compiler}, {"cpuinfo", b->cpuinfo}};
        j["speedlab"] = b->speedlab;
    }
    return json_text(j);
}
}  // namespace

const Formats<SystemReport>& system_formats() {
    static const Formats<SystemReport> formats{{{"text", system_text}, {"json", system_json}}};
    return formats;
}

}  // namespace speedlab::report
