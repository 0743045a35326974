#include <fmt/format.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bench/providers.h"
#include "cli/commands.h"
#include "core/build_info.h"
#include "core/json.h"
#include "parse/speed_parser.h"
#include "report/machine_text.h"
#include "sysinfo/capture.h"

namespace speedlab::cli {

namespace {
struct SysinfoArgs {
    std::string format = "text", decode;
};

int decode_file(const SysinfoArgs& a) {
    std::string error;
    auto text = read_input(a.decode, parse::kMaxInputBytes, error);
    if (!text) return fail(Exit::bad_data, error);
    std::vector<parse::UnusedLine> unrecognised;
    Machine m;
    try {
        m = parse::parse_system_text(*text, a.decode, unrecognised);
    } catch (const parse::InputError& e) {
        return fail(Exit::bad_data, e.what());
    }
    if (m.empty() && m.kernel_release.empty()) {
        std::string first = unrecognised.empty()
                                ? "an empty file"
                                : "'" + unrecognised.front().text.substr(0, 80) + "'";
        size_t line = unrecognised.empty() ? 1 : unrecognised.front().line;
        return fail(Exit::bad_data,
                    fmt::format("{}:{}: expected /proc/cpuinfo, /proc/meminfo, uname -a, lspci, "
                                "/proc/bus/pci/devices, /proc/pci or dmesg text; found {}",
                                a.decode, line, first));
    }
    if (a.format == "json")
        return write_output(json_text(to_json(m)), "") ? Exit::ok : Exit::failure;
    return write_output(report::machine_text(m), "") ? Exit::ok : Exit::failure;
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
            return write_output(json_text(j), "") ? Exit::ok : Exit::failure;
        }
        std::string text = report::machine_text(m);
        text += fmt::format("{:<10}{}\n{:<10}{}\n{:<10}{}\n{:<10}{}\n", "libcrypto:", crypto,
                            "built:", flags, "", bench::libcrypto_cpuinfo(), "program:", speedlab);
        return write_output(text, "") ? Exit::ok : Exit::failure;
    };
}

}  // namespace speedlab::cli
