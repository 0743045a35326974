#include "core/machine.h"

#include <functional>

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

size_t MachineHash::operator()(const Machine& m) const {
    std::hash<std::string> text;
    size_t h = text(m.label);
    for (const std::string* s :
         {&m.hostname, &m.uname, &m.cpu_name, &m.kernel_release, &m.distribution, &m.emulator})
        h = h * 31 + text(*s);
    return h * 31 + m.cpu_flags.size() * 7 + m.pci.size();
}

bool Machine::empty() const {
    return label.empty() && uname.empty() && cpu_vendor.empty() && cpu_name.empty() && !cpu_mhz &&
           !memory_kb && !installed_kb && !swap_kb && !bogomips && pci.empty() && emulator.empty();
}

}  // namespace speedlab
