#include "core/machine.h"

namespace speedlab {

std::string to_string(MachineKind kind) {
    switch (kind) {
        case MachineKind::physical:
            return "physical";
        case MachineKind::virtual_machine:
            return "virtual";
        case MachineKind::emulated:
            return "emulated";
        case MachineKind::unknown:
            break;
    }
    return "unknown";
}

MachineKind parse_machine_kind(const std::string& text) {
    if (text == "physical") return MachineKind::physical;
    if (text == "virtual") return MachineKind::virtual_machine;
    if (text == "emulated") return MachineKind::emulated;
    return MachineKind::unknown;
}

bool Machine::empty() const {
    return label.empty() && uname.empty() && cpu_vendor.empty() && cpu_name.empty() && !cpu_mhz &&
           !memory_kb && !bogomips && pci.empty() && emulator.empty();
}

}  // namespace speedlab
