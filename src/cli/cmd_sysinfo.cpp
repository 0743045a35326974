#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "core/json.h"
#include "sysinfo/capture.h"

namespace speedlab::cli {

Command add_sysinfo(CLI::App& app, Global&) {
    auto format = std::make_shared<std::string>("text");
    app.add_option("--format", *format, "text or json")->check(CLI::IsMember({"text", "json"}));
    return [format]() -> int {
        Machine mc = sysinfo::capture_machine();
        if (*format == "json") {
            write_output(to_json(mc).dump(2) + "\n", "");
            return Exit::ok;
        }
        auto opt = [](auto v) { return v ? fmt::format("{}", *v) : std::string("unknown"); };
        fmt::print("kernel:   {}\n", mc.uname.empty() ? "unknown" : mc.uname);
        fmt::print("distro:   {}\n", mc.distribution.empty() ? "unknown" : mc.distribution);
        fmt::print("cpu:      {} ({}, family {} model {} stepping {}){}\n", mc.cpu_name, mc.cpu_vendor,
                   opt(mc.cpu_family), opt(mc.cpu_model), opt(mc.cpu_stepping),
                   mc.cpu_core.empty() ? "" : ", " + mc.cpu_core);
        fmt::print("cpus:     {}\n", mc.cpu_count);
        fmt::print("MHz:      {}\n", opt(mc.cpu_mhz));
        fmt::print("memory:   {} kB\n", opt(mc.memory_kb));
        fmt::print("bogomips: {}\n", opt(mc.bogomips));
        fmt::print("kind:     {}\n", to_string(mc.kind));
        for (const auto& e : mc.evidence) fmt::print("          {}\n", e);
        for (const auto& d : mc.pci)
            fmt::print("pci {} {:04x}:{:04x} {} {}\n", d.slot, d.vendor_id, d.device_id, d.vendor_name, d.device_name);
        return Exit::ok;
    };
}

}  // namespace speedlab::cli
