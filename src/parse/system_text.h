#pragma once
// The system text around runs (cpuinfo, meminfo, uname, PCI lists, /proc/pci,
// dmesg): the machine described so far, and the machines described before it.
#include <cstddef>
#include <vector>

#include "core/machine.h"
#include "core/shared.h"
#include "core/shared_pool.h"
#include "parse/clean_line.h"
#include "parse/line_facts.h"

namespace speedlab::parse {

// Whether a line of these facts can hold a word any reader below starts from.
bool may_name_machine(LineFacts facts);

class MachineReader {
  public:
    explicit MachineReader(const std::vector<CleanLine>& lines) : lines_(lines) {}

    // Reads line `i`, or the block that starts there (`i` moves to its last
    // line); true when it told something about the machine.
    bool read(size_t& i);

    const Machine& current() const { return machine_; }
    // The current machine as runs hold it: one copy while it stays the same,
    // which the runs after it share.
    const Shared<Machine>& shared_current() {
        if (shared_version_ != version_) {
            shared_ = described_.get(machine_);
            shared_version_ = version_;
        }
        return shared_;
    }
    // The first machine the text described (for runs printed before it).
    const Machine& first() const { return first_; }
    // A run took the current machine: a second description starts another.
    void take() { taken_ = true; }
    // Every machine described, in order (a second cpuinfo or meminfo starts
    // the next), if asked for before the first line is read.
    void keep_all() { keep_all_ = true; }
    std::vector<Machine> all() &&;

  private:
    bool cpuinfo(size_t& i);
    bool lscpu(size_t& i);
    bool memory_and_release(std::string_view line);
    bool proc_pci(size_t& i);
    void new_machine_if_taken(bool already_known);
    void remember();
    void merge_pci(std::vector<PciDevice>& devices);

    const std::vector<CleanLine>& lines_;
    Machine machine_, first_;
    bool taken_ = false, keep_all_ = false;
    bool from_release_file_ = false;           // the distribution came from a release file
    size_t version_ = 0, shared_version_ = 0;  // lines read that may have changed machine_
    Shared<Machine> shared_;
    SharedPool<Machine, MachineHash> described_;  // a text may describe one machine many times
    std::vector<Machine> earlier_;
};

}  // namespace speedlab::parse
