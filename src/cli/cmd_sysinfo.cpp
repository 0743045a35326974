// speedlab sysinfo: this machine, or the machines a saved system text describes.
#include <fmt/format.h>

#include "bench/providers.h"
#include "cli/commands.h"
#include "cli/format_option.h"
#include "core/build_info.h"
#include "parse/speed_parser.h"
#include "report/machine_text.h"
#include "sysinfo/capture.h"

namespace speedlab::cli {

namespace {
struct SysinfoArgs {
    std::string format = "text", decode;
};

std::vector<Machine> decode_file(const SysinfoArgs& a) {
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
    return machines;
}
}  // namespace

Command add_sysinfo(CLI::App& app, Global&) {
    auto a = std::make_shared<SysinfoArgs>();
    add_format_option(app, a->format, report::system_formats());
    app.add_option("--decode", a->decode,
                   "decode saved system text (cpuinfo, meminfo, PCI lists, dmesg) from FILE");
    return [a]() -> int {
        report::SystemReport r;
        if (!a->decode.empty()) {
            r.machines = decode_file(*a);
        } else {
            r.machines = {sysinfo::capture_machine()};
            r.build = {
                bench::libcrypto_version(), bench::libcrypto_compiler(), bench::libcrypto_cpuinfo(),
                fmt::format("speedlab {} built with {}", SPEEDLAB_VERSION, SPEEDLAB_COMPILER)};
        }
        return write_formatted(a->format, report::system_formats().render(a->format, r));
    };
}

}  // namespace speedlab::cli
