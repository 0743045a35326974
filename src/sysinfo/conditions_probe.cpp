#include "sysinfo/conditions_probe.h"

#include <dirent.h>
#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <map>
#include <thread>

#include "sysinfo/files.h"

namespace speedlab::sysinfo {

namespace {

// Whitespace-separated numbers from `text`, as many as there are; negative
// ones (tpgid -1 in /proc/PID/stat) count as 0.
std::vector<uint64_t> numbers(std::string_view text) {
    std::vector<uint64_t> out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        int64_t v = 0;
        auto [p, ec] = std::from_chars(text.data() + i, text.data() + text.size(), v);
        if (ec != std::errc{}) break;
        out.push_back(v < 0 ? 0 : static_cast<uint64_t>(v));
        i = static_cast<size_t>(p - text.data());
    }
    return out;
}

double own_cpu_seconds() {
    double total = 0;
    for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
        rusage ru{};
        getrusage(who, &ru);
        total += static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                 static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
    }
    return total;
}

std::vector<ProcessTicks> all_processes() {
    std::vector<ProcessTicks> out;
    DIR* dir = opendir("/proc");
    if (!dir) return out;
    int self = static_cast<int>(getpid());
    while (dirent* e = readdir(dir)) {
        int pid = std::atoi(e->d_name);
        if (pid <= 0 || pid == self) continue;
        if (auto p = parse_pid_stat(read_file(std::string("/proc/") + e->d_name + "/stat", 4096)))
            out.push_back(*p);
    }
    closedir(dir);
    return out;
}

std::optional<bool> read_boost() {
    std::string b = read_file("/sys/devices/system/cpu/cpufreq/boost", 64);
    if (!b.empty()) return b[0] == '1';
    std::string no_turbo = read_file("/sys/devices/system/cpu/intel_pstate/no_turbo", 64);
    if (!no_turbo.empty()) return no_turbo[0] == '0';
    return std::nullopt;
}

}  // namespace

std::optional<CpuTimes> parse_proc_stat(std::string_view text) {
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find('\n', at);
        std::string_view line = text.substr(at, end == std::string_view::npos ? end : end - at);
        if (line.size() > 4 && line.substr(0, 4) == "cpu ") {
            auto v = numbers(line.substr(4));
            if (v.size() < 4) return std::nullopt;
            v.resize(std::max<size_t>(v.size(), 8), 0);  // kernels before 2.6.11 lack steal
            return CpuTimes{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
        }
        if (end == std::string_view::npos) break;
        at = end + 1;
    }
    return std::nullopt;
}

double steal_share(const CpuTimes& before, const CpuTimes& after) {
    if (after.total() <= before.total() || after.steal < before.steal) return 0;
    return static_cast<double>(after.steal - before.steal) /
           static_cast<double>(after.total() - before.total());
}

std::optional<double> parse_loadavg(std::string_view text) {
    double v = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || v < 0) return std::nullopt;
    return v;
}

std::optional<ProcessTicks> parse_pid_stat(std::string_view text) {
    auto open = text.find('('), close = text.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return std::nullopt;
    ProcessTicks p;
    auto [q, ec] = std::from_chars(text.data(), text.data() + open, p.pid);
    if (ec != std::errc{}) return std::nullopt;
    p.name = std::string(text.substr(open + 1, close - open - 1));
    // After the name: state (a letter), then numbers; utime and stime are fields 14 and 15.
    std::string_view rest = text.substr(close + 1);
    auto state = rest.find_first_not_of(' ');
    if (state == std::string_view::npos) return std::nullopt;
    auto v = numbers(rest.substr(state + 1));
    if (v.size() < 13) return std::nullopt;
    p.ticks = v[10] + v[11];
    return p;
}

std::vector<BusyProcess> busiest(const std::vector<ProcessTicks>& before,
                                 const std::vector<ProcessTicks>& after, double seconds,
                                 long ticks_per_second, double min_share) {
    std::map<int, uint64_t> start;
    for (const auto& p : before) start[p.pid] = p.ticks;
    std::vector<BusyProcess> out;
    if (seconds <= 0 || ticks_per_second <= 0) return out;
    for (const auto& p : after) {
        auto it = start.find(p.pid);
        if (it == start.end() || p.ticks < it->second) continue;
        double share = static_cast<double>(p.ticks - it->second) /
                       static_cast<double>(ticks_per_second) / seconds;
        if (share >= min_share) out.push_back({p.pid, p.name, share});
    }
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return a.cpu_share > b.cpu_share; });
    if (out.size() > 5) out.resize(5);
    return out;
}

void ConditionsProbe::start() {
    c_ = Conditions{};
    c_.cpus = static_cast<int>(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
    c_.load1 = parse_loadavg(read_file("/proc/loadavg", 256));
    c_.governor =
        first_line(read_file("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", 256));
    c_.boost = read_boost();
    constexpr double kSample = 0.1;
    auto before = all_processes();
    std::this_thread::sleep_for(std::chrono::duration<double>(kSample));
    c_.busy = busiest(before, all_processes(), kSample, sysconf(_SC_CLK_TCK));
    start_times_ = parse_proc_stat(read_file("/proc/stat"));
    own_start_ =
        static_cast<uint64_t>(own_cpu_seconds() * static_cast<double>(sysconf(_SC_CLK_TCK)));
}

Conditions ConditionsProbe::finish(const Machine& machine) {
    c_.virtual_machine = machine.kind == MachineKind::virtual_machine;
    auto end = parse_proc_stat(read_file("/proc/stat"));
    if (start_times_ && end && end->total() > start_times_->total()) {
        c_.steal = steal_share(*start_times_, *end);
        auto busy = [](const CpuTimes& t) {
            return t.user + t.nice + t.system + t.irq + t.softirq;
        };
        double own = own_cpu_seconds() * static_cast<double>(sysconf(_SC_CLK_TCK)) -
                     static_cast<double>(own_start_);
        double other = static_cast<double>(busy(*end) - busy(*start_times_)) - own;
        c_.other_busy =
            std::clamp(other / static_cast<double>(end->total() - start_times_->total()), 0.0, 1.0);
    }
    return c_;
}

std::vector<std::string> disturbances(const Conditions& c) {
    std::vector<std::string> out;
    if (c.steal && *c.steal >= 0.02)
        out.push_back(
            fmt::format("steal time {:.0f}% during the run: the hypervisor gave CPU time "
                        "to others; figures may read low",
                        100 * *c.steal));
    if (c.other_busy && *c.other_busy >= 0.10)
        out.push_back(
            fmt::format("other work used {:.0f}% of the CPUs during the run: figures "
                        "may read low",
                        100 * *c.other_busy));
    // The load average lags by a minute (a build that just ended still counts),
    // so it is reported with processes seen busy, not alone.
    std::string busy;
    for (const auto& p : c.busy)
        if (p.cpu_share >= 0.2)
            busy += fmt::format("{}{} (pid {}) {:.0f}%", busy.empty() ? "" : ", ", p.name, p.pid,
                                100 * p.cpu_share);
    if (!busy.empty())
        out.push_back(
            "busy at the start: " + busy + " of a CPU" +
            (c.load1 ? fmt::format(" (load average {:.2f} on {} CPU(s))", *c.load1, c.cpus) : "") +
            "; figures may read low");
    static const char* kMoving[] = {"powersave", "ondemand", "conservative", "schedutil"};
    if (std::find(std::begin(kMoving), std::end(kMoving), c.governor) != std::end(kMoving))
        out.push_back("CPU frequency governor '" + c.governor +
                      "': the clock may change during the run ('performance' holds it)");
    if (c.boost && *c.boost)
        out.push_back(
            "turbo boost is on: figures depend on temperature and on how many cores "
            "are busy");
    return out;
}

std::string describe(const Conditions& c) {
    std::vector<std::string> parts;
    if (c.load1)
        parts.push_back(fmt::format("load {:.2f} at start on {} CPU(s)", *c.load1, c.cpus));
    if (c.steal) parts.push_back(fmt::format("steal {:.1f}%", 100 * *c.steal));
    if (c.other_busy) parts.push_back(fmt::format("other work {:.0f}%", 100 * *c.other_busy));
    parts.push_back("governor " + (c.governor.empty() ? std::string("unknown") : c.governor));
    if (c.boost) parts.push_back(*c.boost ? "boost on" : "boost off");
    if (c.virtual_machine) parts.push_back("virtual machine");
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : "; ") + p;
    return out;
}

}  // namespace speedlab::sysinfo
