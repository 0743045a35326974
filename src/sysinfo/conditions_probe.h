#pragma once
// Reading the conditions of a run from /proc and /sys: pure parsers of the
// texts (tested on fixtures) and the live capture around a measurement.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/conditions.h"
#include "core/machine.h"

namespace speedlab::sysinfo {

// The aggregate "cpu" line of /proc/stat, in clock ticks.
struct CpuTimes {
    uint64_t user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
    uint64_t total() const { return user + nice + system + idle + iowait + irq + softirq + steal; }
};
std::optional<CpuTimes> parse_proc_stat(std::string_view text);
// Share of the elapsed CPU time that was stolen (0 when nothing elapsed).
double steal_share(const CpuTimes& before, const CpuTimes& after);

// /proc/loadavg: the 1-minute figure.
std::optional<double> parse_loadavg(std::string_view text);

// /proc/PID/stat: name and user+system ticks. The name is in parentheses and
// may itself hold spaces and parentheses.
struct ProcessTicks {
    int pid = 0;
    std::string name;
    uint64_t ticks = 0;
};
std::optional<ProcessTicks> parse_pid_stat(std::string_view text);
// The processes that used more than `min_share` of a CPU between two samples.
std::vector<BusyProcess> busiest(const std::vector<ProcessTicks>& before,
                                 const std::vector<ProcessTicks>& after, double seconds,
                                 long ticks_per_second, double min_share = 0.1);

// Around a measurement: start() reads load, busy processes and /proc/stat;
// finish() reads /proc/stat again for steal time and other work, and takes
// whether the machine is virtual from its capture (capture_machine).
class ConditionsProbe {
  public:
    void start();
    Conditions finish(const Machine& machine);

  private:
    Conditions c_;
    std::optional<CpuTimes> start_times_;
    uint64_t own_start_ = 0;
};

// In plain words, what is likely to have disturbed the figures ("steal time 7%
// during the run: figures may read low"); empty when nothing is.
std::vector<std::string> disturbances(const Conditions& c);

// One line for `show`: "load 0.12 at start on 2 CPUs; steal 0.0%; governor performance".
std::string describe(const Conditions& c);

}  // namespace speedlab::sysinfo
