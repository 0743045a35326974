#pragma once
// What the machine was doing while a run was measured: the evidence that
// tells a trustworthy figure from a disturbed one.
#include <optional>
#include <string>
#include <vector>

namespace speedlab {

struct BusyProcess {
    int pid = 0;
    std::string name;
    double cpu_share = 0;  // of one CPU, over the sampling interval (0.95 = 95%)
};

struct Conditions {
    std::optional<double> load1;       // 1-minute load average at the start
    int cpus = 0;                      // online CPUs
    std::vector<BusyProcess> busy;     // the busiest other processes at the start
    std::optional<double> steal;       // share of CPU time the hypervisor took, over the run
    std::optional<double> other_busy;  // share of all CPUs busy with other work, over the run
    std::string governor;              // CPU frequency governor of cpu0, "" when unknown
    std::optional<bool> boost;         // turbo/boost enabled, where /sys tells
    bool virtual_machine = false;

    bool empty() const { return !load1 && !steal && governor.empty() && busy.empty(); }
};

}  // namespace speedlab
