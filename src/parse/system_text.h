#pragma once
// The system text around runs (cpuinfo, meminfo, uname, PCI lists, /proc/pci,
// dmesg): the machine described so far, and the machines described before it.
#include <cstddef>
#include <vector>

#include "core/machine.h"
#include "parse/speed_parser.h"

namespace speedlab::parse {

class MachineReader {
  public:
    explicit MachineReader(const std::vector<CleanLine>& lines) : lines_(lines) {}

    // Reads line `i`, or the block that starts there (`i` moves to its last
    // line); true when it told something about the machine.
    bool read(size_t& i);

    const Machine& current() const { return machine_; }
    // The first machine the text described (for runs printed before it).
    const Machine& first() const { return first_; }
    // A run took the current machine: a second description starts another.
    void take() { taken_ = true; }
    // Every machine described, in order (a second cpuinfo or meminfo starts the next).
    std::vector<Machine> all() &&;

  private:
    bool cpuinfo(size_t& i);
    bool proc_pci(size_t& i);
    void new_machine_if_taken(bool already_known);
    void remember();
    void merge_pci(std::vector<PciDevice>& devices);

    const std::vector<CleanLine>& lines_;
    Machine machine_, first_;
    bool taken_ = false;
    std::vector<Machine> earlier_;
};

}  // namespace speedlab::parse
