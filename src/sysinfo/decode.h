#pragma once
// Decoders for the system text of any Linux era: /proc/cpuinfo (also flattened
// onto one line by a web page), /proc/meminfo, uname -a, the kernel's BogoMIPS
// line, /proc/bus/pci/devices and lspci. Each fills the facts it finds.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/machine.h"

namespace speedlab::sysinfo {

// Returns true when at least vendor, family or model name was found.
bool decode_cpuinfo(std::string_view text, Machine& machine);
bool decode_meminfo(std::string_view text, Machine& machine);
// lscpu's report, one "Key: value" field a line ("Model name: Cortex-A8",
// "CPU max MHz: 1000.0000"); true when it named the CPU (model name or vendor).
bool decode_lscpu(std::string_view text, Machine& machine);
// One line of it as key and value, trimmed; none when the line is no field.
std::optional<std::pair<std::string_view, std::string_view>> lscpu_line(std::string_view line);
// "Linux p-rh73 2.4.18-3 #1 Thu Apr 18 07:31:07 EDT 2002 i586 unknown"
bool decode_uname(std::string_view line, Machine& machine);
// "Calibrating delay loop... 149.50 BogoMIPS" -> 149.50
std::optional<double> decode_bogomips_line(std::string_view line);
// Whitespace-separated /proc/bus/pci/devices records, one per device, or all
// run together on one line.
std::vector<PciDevice> decode_pci_devices(std::string_view text);
// "00:07.1 IDE interface: Intel Corp. 82371FB PIIX IDE [Triton I]" lines,
// also run together on one line.
std::vector<PciDevice> decode_lspci(std::string_view text);

// The obsolete /proc/pci: "Bus 0, device 7, function 1:" records followed by
// "IDE interface: Intel Corp. 82371FB PIIX IDE [Triton I] (rev 0)." and "IRQ 11." lines.
std::vector<PciDevice> decode_proc_pci(std::string_view text);
// One dmesg line: kernel release, detected MHz, CPU name, bugs, emulator and
// hypervisor evidence. Returns true when the line said something of these.
bool decode_dmesg_line(std::string_view line, Machine& machine);

// The distribution a line names: a release file's content ("Red Hat Linux
// release 7.3 (Valhalla)", also behind "cat /etc/redhat-release" on the same
// line), PRETTY_NAME= of os-release, DISTRIB_DESCRIPTION= of lsb-release.
std::optional<std::string> decode_release_line(std::string_view line);
// The release a vendor's compiler of the kernel names in the "Linux version"
// line: "(gcc version 2.96 20000731 (Red Hat Linux 7.3 2.96-110))" -> "Red Hat Linux 7.3".
std::optional<std::string> distribution_of_kernel_compiler(std::string_view line);
// Swap: "SwapTotal: 257032 kB" (meminfo), "Adding Swap: 257032k swap-space" (dmesg).
std::optional<long long> decode_swap_line(std::string_view line);
// Installed memory from the kernel: "Memory: 69796k/73728k available" -> 73728.
std::optional<long long> decode_kernel_memory_line(std::string_view line);

// "P54C" for GenuineIntel family 5 model 2; empty when unknown.
std::string cpu_core_name(std::string_view vendor, int family, int model);

// Fills vendor/device names from Debian's pci.ids where it is installed.
// `class_code` names ("IDE interface" for 0x0101) come from the same file.
void name_pci_devices(std::vector<PciDevice>& devices,
                      const std::string& pci_ids_path = "/usr/share/misc/pci.ids");
std::string pci_class_name(unsigned class_code,
                           const std::string& pci_ids_path = "/usr/share/misc/pci.ids");

}  // namespace speedlab::sysinfo
