#include "sysinfo/capture.h"

#include <sys/klog.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sysinfo/decode.h"
#include "sysinfo/files.h"

namespace speedlab::sysinfo {

namespace {
unsigned hex_file(const std::filesystem::path& p) {
    std::string s = first_line(read_file(p, 64));
    try {
        return s.empty() ? 0 : static_cast<unsigned>(std::stoul(s, nullptr, 16));
    } catch (...) {
        return 0;
    }
}

// The kernel log, where this process may read it (root, or dmesg_restrict=0).
std::string kernel_log() {
    int size = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, nullptr, 0);
    if (size <= 0) return {};
    std::string log(static_cast<size_t>(size), '\0');
    int got = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, log.data(), size);
    log.resize(got > 0 ? static_cast<size_t>(got) : 0);
    return log;
}

void decide_kind(Machine& mc) {
    bool hypervisor =
        std::find(mc.cpu_flags.begin(), mc.cpu_flags.end(), "hypervisor") != mc.cpu_flags.end();
    std::string vendor = first_line(read_file("/sys/class/dmi/id/sys_vendor", 256));
    std::string product = first_line(read_file("/sys/class/dmi/id/product_name", 256));
    std::string xen = first_line(read_file("/sys/hypervisor/type", 64));
    if (!vendor.empty())
        mc.evidence.push_back("DMI system vendor: " + vendor +
                              (product.empty() ? "" : ", product: " + product));
    if (!xen.empty()) mc.evidence.push_back("/sys/hypervisor/type: " + xen);
    if (mc.kind == MachineKind::emulated) return;  // the kernel log named emulated devices
    if (hypervisor || !xen.empty()) {
        mc.kind = MachineKind::virtual_machine;
        if (hypervisor) mc.evidence.push_back("CPU flag 'hypervisor' is set");
    } else if (mc.kind == MachineKind::unknown && !mc.cpu_flags.empty()) {
        mc.kind = MachineKind::physical;
        mc.evidence.push_back("no 'hypervisor' CPU flag");
    }
}
}  // namespace

Machine capture_machine() {
    Machine mc;
    utsname u{};
    if (uname(&u) == 0) {
        mc.hostname = u.nodename;
        mc.kernel_release = u.release;
        mc.architecture = u.machine;
        mc.uname = std::string(u.sysname) + " " + u.nodename + " " + u.release + " " + u.version +
                   " " + u.machine;
    }
    decode_cpuinfo(read_file("/proc/cpuinfo"), mc);
    decode_meminfo(read_file("/proc/meminfo", 8192), mc);
    std::string os = read_file("/etc/os-release", 8192);
    if (auto p = os.find("PRETTY_NAME=\""); p != std::string::npos) {
        auto start = p + 13;
        mc.distribution = os.substr(start, os.find('"', start) - start);
    }
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/sys/bus/pci/devices", ec)) {
        PciDevice d;
        std::string name = entry.path().filename().string();  // 0000:00:07.1
        d.slot = name.size() > 5 ? name.substr(5) : name;
        d.vendor_id = hex_file(entry.path() / "vendor");
        d.device_id = hex_file(entry.path() / "device");
        d.class_name = pci_class_name(hex_file(entry.path() / "class") >> 8);
        std::string irq = first_line(read_file(entry.path() / "irq", 32));
        if (!irq.empty() && irq != "0") d.irq = std::atoi(irq.c_str());
        mc.pci.push_back(std::move(d));
    }
    std::sort(mc.pci.begin(), mc.pci.end(),
              [](const auto& a, const auto& b) { return a.slot < b.slot; });
    name_pci_devices(mc.pci);
    std::istringstream log(kernel_log());
    for (std::string line; std::getline(log, line);) {
        std::string text =
            line.substr(line.find('>') == std::string::npos ? 0 : line.find('>') + 1);
        if (auto b = decode_bogomips_line(text); b && !mc.bogomips) mc.bogomips = b;
        if (text.find("Hypervisor detected") != std::string::npos ||
            text.find("HARDDISK") != std::string::npos || text.find("PCem") != std::string::npos ||
            text.find("BOCHS") != std::string::npos)
            decode_dmesg_line(text, mc);
    }
    decide_kind(mc);
    return mc;
}

}  // namespace speedlab::sysinfo
