#pragma once
// The machine a run was measured on: what was captured live, or what an
// imported text said about it. Unknown facts stay empty, never guessed.
#include <optional>
#include <string>
#include <vector>

namespace speedlab {

struct PciDevice {
    std::string slot;         // "00:07.1" (bus:device.function)
    unsigned vendor_id = 0;   // 0x8086
    unsigned device_id = 0;   // 0x122e
    std::string class_name;   // "IDE interface", where known
    std::string vendor_name;  // from pci.ids or the source text
    std::string device_name;
    std::optional<int> irq;
    std::vector<unsigned long long> bars;  // non-zero base addresses, as printed
    bool operator==(const PciDevice&) const = default;
};

enum class MachineKind { unknown, physical, virtual_machine, emulated };
std::string to_string(MachineKind kind);
MachineKind parse_machine_kind(const std::string& text);

struct Machine {
    std::string label;  // the user's name for it, e.g. "tilia"
    MachineKind kind = MachineKind::unknown;
    std::string emulator;               // "PCem", "qemu-x86_64 7.2.0 -cpu Westmere"
    std::vector<std::string> evidence;  // why kind was decided, one fact per line
    std::string hostname;
    std::string uname;           // whole `uname -a` line
    std::string kernel_release;  // "2.4.18-3"
    std::string architecture;    // "i586", "x86_64"
    std::string distribution;
    std::string cpu_vendor;  // "GenuineIntel"
    std::optional<int> cpu_family, cpu_model, cpu_stepping;
    std::string cpu_name;  // model name line, e.g. "Pentium 75 - 200"
    std::string cpu_core;  // decoded core name, e.g. "P54C"
    std::optional<double> cpu_mhz;
    std::string cpu_cache;  // "256 KB"
    std::vector<std::string> cpu_flags;
    std::vector<std::string> cpu_bugs;  // "f00f_bug" and the like where "yes"
    int cpu_count = 0;
    std::optional<long long> memory_kb;     // usable, as MemTotal says
    std::optional<long long> installed_kb;  // the kernel's "Memory: .../73728k available"
    std::optional<long long> swap_kb;
    std::optional<double> bogomips;  // the kernel's figure
    std::vector<PciDevice> pci;
    // The name it had before `machine merge` (machines.merged_from), which
    // `machine split` gives back; not a fact: bundles carry it beside them.
    std::string merged_from;

    bool empty() const;
    bool operator==(const Machine&) const = default;
};

// Equal machines hash alike: a few facts that tell most machines apart.
struct MachineHash {
    size_t operator()(const Machine& m) const;
};

}  // namespace speedlab
