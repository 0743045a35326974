#include <fmt/format.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bench/providers.h"
#include "cli/commands.h"
#include "core/build_info.h"
#include "core/json.h"
#include "core/text.h"
#include "parse/speed_parser.h"
#include "report/machine_text.h"
#include "sysinfo/capture.h"

namespace speedlab::cli {

namespace {
// What sysinfo prints comes from files and the system: as the import summary
// prints such text, valid UTF-8 without control characters.
std::string printable(std::string_view text) {
    return terminal_safe(valid_utf8(text));
}

struct SysinfoArgs {
    std::string format = "text", decode;
};

int decode_file(const SysinfoArgs& a) {
    auto text = read_input(a.decode, parse::kMaxInputBytes);
    std::vector<parse::UnusedLine> unrecognised;
    auto machines = parse::parse_system_machines(text, a.decode, unrecognised);
    if (machines.empty()) {
        std::string first = unrecognised.empty()
                                ? "an empty file"
                                : "'" + unrecognised.front().text.substr(0, 80) + "'";
        size_t line = unrecognised.empty() ? 1 : unrecognised.front().line;
        throw Error(ErrorKind::input,
                    fmt::format("{}:{}: expected /proc/cpuinfo, /proc/meminfo, uname -a, lspci, "
                                "/proc/bus/pci/devices, /proc/pci or dmesg text; found {}",
                                a.decode, line, first));
    }
    if (a.format == "json") {
        // One machine: the object as before; several: an array.
        nlohmann::json j = machines.size() == 1 ? to_json(machines[0]) : nlohmann::json::array();
        if (machines.size() > 1)
            for (const auto& m : machines) j.push_back(to_json(m));
        return write_output(json_text(j), "");
    }
    std::string out;
    for (size_t k = 0; k < machines.size(); ++k) {
        if (machines.size() > 1) out += fmt::format("{}machine {}:\n", k ? "\n" : "", k + 1);
        out += report::machine_text(machines[k]);
    }
    return write_output(printable(out), "");
}
}  // namespace

Command add_sysinfo(CLI::App& app, Global&) {
    auto a = std::make_shared<SysinfoArgs>();
    app.add_option("--format", a->format, "text or json")->check(CLI::IsMember({"text", "json"}));
    app.add_option("--decode", a->decode,
                   "decode saved system text (cpuinfo, meminfo, PCI lists, dmesg) from FILE");
    return [a]() -> int {
        if (!a->decode.empty()) return decode_file(*a);
        Machine m = sysinfo::capture_machine();
        std::string crypto = bench::libcrypto_version();
        std::string flags = bench::libcrypto_compiler();
        std::string speedlab =
            fmt::format("speedlab {} built with {}", SPEEDLAB_VERSION, SPEEDLAB_COMPILER);
        if (a->format == "json") {
            auto j = to_json(m);
            j["libcrypto"] = {
                {"version", crypto}, {"compiler", flags}, {"cpuinfo", bench::libcrypto_cpuinfo()}};
            j["speedlab"] = speedlab;
            return write_output(json_text(j), "");
        }
        std::string text = report::machine_text(m);
        text += fmt::format("{:<11}{}\n{:<11}{}\n{:<11}{}\n{:<11}{}\n", "libcrypto:", crypto,
                            "built:", flags, "", bench::libcrypto_cpuinfo(), "program:", speedlab);
        return write_output(printable(text), "");
    };
}

}  // namespace speedlab::cli
