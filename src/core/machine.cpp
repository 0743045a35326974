#include "core/machine.h"

#include <functional>

#include "core/enum_names.h"

namespace speedlab {

namespace {
constexpr std::pair<MachineKind, std::string_view> kKindNames[] = {
    {MachineKind::physical, "physical"},
    {MachineKind::virtual_machine, "virtual"},
    {MachineKind::emulated, "emulated"}};
}  // namespace

std::string to_string(MachineKind kind) {
    return std::string(name_in(kKindNames, kind).value_or("unknown"));
}

MachineKind parse_machine_kind(const std::string& text) {
    return value_in(kKindNames, text).value_or(MachineKind::unknown);
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
