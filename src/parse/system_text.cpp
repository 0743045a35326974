#include "parse/system_text.h"

#include <algorithm>
#include <array>
#include <tuple>

#include "core/text.h"
#include "parse/cells.h"
#include "sysinfo/decode.h"

namespace speedlab::parse {

bool MachineReader::cpuinfo(size_t& i) {
    std::string_view line = lines_[i].text();
    if (!contains(line, "vendor_id") || !contains(line, ":")) return false;
    std::string block(line);
    if (i > 0 && starts_with(trim(lines_[i - 1].text()), "processor"))
        block = std::string(lines_[i - 1].text()) + "\n" + block;
    size_t k = i + 1;
    for (; k < lines_.size() && k < i + 80; ++k) {
        std::string_view l = trim(lines_[k].text());
        if (l.empty() || starts_with(l, "Doing ") || starts_with(l, "$")) break;
        bool field = contains(l, ":");
        bool flag_words = std::all_of(l.begin(), l.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || ascii_digit(c) || c == ' ' || c == '_';
        });
        if (!field && !flag_words) break;
        block += "\n" + std::string(l);
    }
    Machine fresh;
    if (!sysinfo::decode_cpuinfo(block, fresh)) return false;
    new_machine_if_taken(!machine_.cpu_vendor.empty());
    Machine& mc = machine_;
    mc.cpu_vendor = fresh.cpu_vendor;
    mc.cpu_family = fresh.cpu_family;
    mc.cpu_model = fresh.cpu_model;
    mc.cpu_stepping = fresh.cpu_stepping;
    mc.cpu_name = fresh.cpu_name;
    mc.cpu_core = fresh.cpu_core;
    mc.cpu_mhz = fresh.cpu_mhz;
    mc.cpu_cache = fresh.cpu_cache;
    mc.cpu_flags = fresh.cpu_flags;
    mc.cpu_bugs = fresh.cpu_bugs;
    mc.cpu_count = fresh.cpu_count;
    if (fresh.bogomips) mc.bogomips = fresh.bogomips;
    remember();
    i = std::max(i, k - 1);  // the block's lines are not speed output
    return true;
}

// lscpu's report: its fields from this line on, while lines are "Key: value".
bool MachineReader::lscpu(size_t& i) {
    std::string block;
    size_t k = i;
    for (; k < lines_.size() && k < i + 60 && sysinfo::lscpu_line(lines_[k].text()); ++k)
        block += std::string(lines_[k].text()) + "\n";
    Machine fresh;
    if (!sysinfo::decode_lscpu(block, fresh)) return false;
    new_machine_if_taken(!machine_.cpu_name.empty());
    Machine& mc = machine_;
    for (auto s :
         {&Machine::architecture, &Machine::cpu_vendor, &Machine::cpu_name, &Machine::cpu_core})
        if (!(fresh.*s).empty()) mc.*s = fresh.*s;
    for (auto n : {&Machine::cpu_family, &Machine::cpu_model, &Machine::cpu_stepping})
        if (fresh.*n) mc.*n = fresh.*n;
    if (fresh.cpu_mhz) mc.cpu_mhz = fresh.cpu_mhz;
    if (fresh.bogomips) mc.bogomips = fresh.bogomips;
    if (!fresh.cpu_flags.empty()) mc.cpu_flags = fresh.cpu_flags;
    if (fresh.cpu_count > 0) mc.cpu_count = fresh.cpu_count;
    remember();
    i = std::max(i, k - 1);  // the block's lines are not speed output
    return true;
}

// /proc/pci: every line of a record ends in '.' or ':'.
bool MachineReader::proc_pci(size_t& i) {
    std::string_view line = lines_[i].text();
    if (!starts_with(trim(line), "Bus ") || !contains(line, ", device ") ||
        !contains(line, ", function "))
        return false;
    std::string block(line);
    size_t k = i + 1;
    for (; k < lines_.size(); ++k) {
        std::string_view l = trim(lines_[k].text());
        if (l.empty() || l.size() > 90 || (l.back() != '.' && l.back() != ':')) break;
        block += "\n" + std::string(l);
    }
    auto devices = sysinfo::decode_proc_pci(block);
    if (devices.empty()) return false;
    merge_pci(devices);
    i = k - 1;
    return true;
}

namespace {
// What each reader below needs to find in a line before it looks further;
// the dmesg needles are every string sysinfo::decode_dmesg_line starts from.
enum Need : uint64_t {
    kCpuinfo = 1 << 0,
    kMeminfo = 1 << 1,
    kBogomips = 1 << 2,
    kUname = 1 << 3,
    kPciDevices = 1 << 4,
    kLspci = 1 << 5,
    kProcPci = 1 << 6,
    kSwap = 3 << 7,
    kKernelMemory = 1 << 9,
    kRelease = 7 << 10,
    kLscpu = 3 << 13,
    kDmesg = ~uint64_t{0} << 15,
};
constexpr std::array<std::string_view, 26> kNeedles{
    "vendor_id", "MemTotal:", "Calibrating delay loop", "uname -a", "/proc/bus/pci/devices",
    "lspci", "Bus ",
    // swap, installed memory, the distribution
    "SwapTotal:", "Adding Swap:", "Memory: ", "release ", "PRETTY_NAME=", "DISTRIB_DESCRIPTION=",
    // lscpu's report
    "Architecture:", "Model name:",
    // dmesg: emulated and virtual devices, then the kernel's own lines
    "PCem", "86Box", "BOCHS", "QEMU ", "VBOX HARDDISK", "VMware Virtual", "Linux version ",
    "Detected ", "F0 0F bug", "Hypervisor detected: ", "CPU: "};
const Needles& system_needles() {
    static const Needles needles = std::apply([](auto... n) { return Needles{n...}; }, kNeedles);
    return needles;
}
}  // namespace

// Four lines in five cannot spell a needle (their letters are not all
// there): unwrap says so in each line's hints, and the search is skipped.
bool may_name_machine(LineFacts facts) {
    static constexpr auto kNeeds = [] {
        std::array<uint64_t, kNeedles.size()> needs{};
        for (size_t k = 0; k < kNeedles.size(); ++k) needs[k] = LineFacts::needs(kNeedles[k]);
        return needs;
    }();
    // With its early exit: a loop without one measured 12M, not 8M, per 2 MB.
    return std::any_of(kNeeds.begin(), kNeeds.end(), [&](uint64_t n) { return facts.may_hold(n); });
}

bool MachineReader::read(size_t& i) {
    if (!(lines_[i].hints() & kMayNameMachine)) return false;
    std::string_view line = lines_[i].text();  // a block read below moves i, not this
    // One pass tells which readers can match: most lines are none of these.
    uint64_t found = system_needles().found(line);
    // "release " stands for " release ": a needle starting with a space made
    // every space of a padded table a candidate.
    constexpr uint64_t kReleaseWord = 1 << 10;
    if ((found & kReleaseWord) && line.find(" release ") == std::string_view::npos)
        found &= ~kReleaseWord;
    if (!found) return false;
    ++version_;
    bool used = ((found & kCpuinfo) && cpuinfo(i)) || ((found & kLscpu) && lscpu(i));
    if (found & kMeminfo) {
        new_machine_if_taken(machine_.memory_kb.has_value());
        used = sysinfo::decode_meminfo(line, machine_) || used;
        remember();
    }
    if (auto bm = (found & kBogomips) ? sysinfo::decode_bogomips_line(line) : std::nullopt) {
        if (!machine_.bogomips) machine_.bogomips = bm;
        remember();
        used = true;
    }
    if (auto p = (found & kUname) ? line.find("uname -a") : std::string_view::npos;
        p != std::string_view::npos) {
        used = sysinfo::decode_uname(line.substr(p + 8), machine_) || used;
        remember();
    }
    if (auto p =
            (found & kPciDevices) ? line.find("/proc/bus/pci/devices") : std::string_view::npos;
        p != std::string_view::npos) {
        auto devices = sysinfo::decode_pci_devices(line.substr(p + 21));
        if (!devices.empty()) {
            sysinfo::name_pci_devices(devices);
            merge_pci(devices);
            used = true;
        }
    }
    if (auto p = (found & kLspci) ? line.find("lspci") : std::string_view::npos;
        p != std::string_view::npos) {
        auto devices = sysinfo::decode_lspci(line.substr(p + 5));
        if (!devices.empty()) {
            merge_pci(devices);
            used = true;
        }
    }
    used = ((found & kProcPci) && proc_pci(i)) || used;
    used = ((found & (kSwap | kKernelMemory | kRelease)) && memory_and_release(line)) || used;
    if ((found & kDmesg) && sysinfo::decode_dmesg_line(line, machine_)) {
        remember();
        used = true;
    }
    return used;
}

// Swap, installed memory and the distribution: a second different value of
// one is the next machine's.
bool MachineReader::memory_and_release(std::string_view line) {
    if (auto kb = sysinfo::decode_swap_line(line)) {
        if (machine_.swap_kb == kb) return true;  // meminfo and dmesg agree
        new_machine_if_taken(machine_.swap_kb.has_value());
        machine_.swap_kb = kb;
    } else if (auto installed = sysinfo::decode_kernel_memory_line(line)) {
        new_machine_if_taken(machine_.installed_kb.has_value());
        machine_.installed_kb = installed;
    } else if (auto distro = sysinfo::decode_release_line(line)) {
        if (machine_.distribution == *distro)
            return true;  // redhat-release beside mandrake-release
        new_machine_if_taken(from_release_file_);
        machine_.distribution = std::move(*distro);
        from_release_file_ = true;
    } else {
        return false;
    }
    remember();
    return true;
}

// `already_known`: the machine being built has the fact the new text brings.
void MachineReader::new_machine_if_taken(bool already_known) {
    if (taken_ && already_known) {
        if (keep_all_) earlier_.push_back(std::move(machine_));
        machine_ = Machine{};
        from_release_file_ = false;
    }
    taken_ = false;
}

void MachineReader::remember() {
    if (first_.empty() || first_.cpu_vendor == machine_.cpu_vendor) {
        if (first_.empty() || !taken_) first_ = machine_;
    }
}

void MachineReader::merge_pci(std::vector<PciDevice>& devices) {
    for (auto& d : devices) {
        auto it = std::find_if(machine_.pci.begin(), machine_.pci.end(),
                               [&](const PciDevice& e) { return e.slot == d.slot; });
        if (it == machine_.pci.end()) {
            machine_.pci.push_back(std::move(d));
            continue;
        }
        if (it->vendor_id == 0) it->vendor_id = d.vendor_id, it->device_id = d.device_id;
        if (it->class_name.empty()) it->class_name = d.class_name;
        // Names from pci.ids (by id) win over the names an old kernel printed.
        if (it->device_name.empty()) it->device_name = d.device_name;
        if (it->vendor_name.empty()) it->vendor_name = d.vendor_name;
        if (!it->irq) it->irq = d.irq;
        if (it->bars.empty()) it->bars = d.bars;
    }
    std::sort(machine_.pci.begin(), machine_.pci.end(),
              [](const auto& a, const auto& b) { return a.slot < b.slot; });
    sysinfo::name_pci_devices(machine_.pci);  // names by id, once both lists are in
    remember();
}

std::vector<Machine> MachineReader::all() && {
    earlier_.push_back(std::move(machine_));
    return std::move(earlier_);
}

}  // namespace speedlab::parse
