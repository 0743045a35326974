#include <fmt/format.h>
#include <sched.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "bogomips/calibrate.h"
#include "cli/commands.h"
#include "core/json.h"
#include "core/statistics.h"
#include "core/text.h"
#include "store/database.h"
#include "sysinfo/capture.h"

namespace speedlab::cli {

namespace {
struct BogomipsArgs {
    std::string loop = "all", format = "text", explain;
    int hz = 100, repeat = 12;
};

// Like the kernel, the calibration must not move between CPUs mid-loop.
void pin_to_current_cpu() {
    int cpu = sched_getcpu();
    if (cpu < 0) return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    sched_setaffinity(0, sizeof set, &set);
}

int explain_run(const BogomipsArgs& a, Global& global) {
    store::Database db(global.database_path(), store::Access::read);
    auto run = db.find(a.explain);
    if (!run) throw Error(ErrorKind::usage, "no run '" + a.explain + "' (see speedlab list)");
    auto e = bogomips::explain(run->machine);
    if (!e)
        throw Error(ErrorKind::failed, "run " + a.explain +
                                           " lacks what an explanation needs: BogoMips, and the "
                                           "CPU MHz or the kernel release");
    if (a.format == "json") {
        nlohmann::json j{
            {"delay", e->delay},   {"expected_ratio", e->expected_ratio}, {"expected", e->expected},
            {"factor", e->factor}, {"implied_mhz", e->implied_mhz},       {"text", e->text}};
        return write_output(json_text(j), "");
    }
    // The explanation names the machine: shown as `list` shows names.
    return write_output(terminal_safe(e->text + "\n"), "");
}

// The best of --repeat calibrations of LOOP: its lines appended to TEXT, its
// JSON returned; a spread or a disturbance is warned about on stderr.
nlohmann::json calibrate_loop(bogomips::Loop loop, const BogomipsArgs& a, double tsc_mhz,
                              std::string& text) {
    std::vector<double> values;
    bogomips::Calibration best;
    int retried = 0, disturbed = 0;
    for (int i = 0; i < a.repeat; ++i) {
        auto c = bogomips::calibrate(loop, a.hz);
        values.push_back(c.bogomips);
        retried += c.retried, disturbed += c.disturbed;
        if (c.lpj > best.lpj) best = c;
    }
    if (disturbed)
        fmt::print(stderr,
                   "speedlab: warning: the {} loop: {} trial(s) overran their tick while "
                   "another process had the CPU, even timed again 20 times: the figure "
                   "may read low\n",
                   bogomips::to_string(loop), disturbed);
    Summary s = summarize(values);
    double spread = s.max > 0 ? (s.max - s.min) / s.max : 0;
    double per_clock = best.bogomips / tsc_mhz;
    if (spread > 0.02)
        fmt::print(stderr,
                   "speedlab: warning: the {} loop's calibrations spread over {:.1f}% "
                   "(more than 2%): the CPU was busy or changed its clock; the best is "
                   "shown\n",
                   bogomips::to_string(loop), 100 * spread);
    text += fmt::format("{} (lpj={})\n", bogomips::kernel_line(best.lpj, a.hz), best.lpj);
    text += fmt::format("  {} loop: {}; best of {}: {:.2f}, spread {:.1f}%, {:.3f} x TSC MHz\n",
                        bogomips::to_string(loop), bogomips::describe(loop), s.n, best.bogomips,
                        100 * spread, per_clock);
    return {{"loop", bogomips::to_string(loop)},
            {"hz", a.hz},
            {"lpj", best.lpj},
            {"bogomips", best.bogomips},
            {"runs", values},
            {"spread", spread},
            {"retried", retried},
            {"disturbed", disturbed},
            {"per_tsc_mhz", per_clock},
            {"kernel_line", bogomips::kernel_line(best.lpj, a.hz)}};
}
}  // namespace

Command add_bogomips(CLI::App& app, Global& global) {
    auto a = std::make_shared<BogomipsArgs>();
    app.add_option(
           "--loop", a->loop,
           "plain (Linux 1.x-2.0.30), aligned (2.0.31-2.4 without TSC), tsc (2.2.15+, 2.4) or all")
        ->check(CLI::IsMember({"plain", "aligned", "tsc", "all"}));
    app.add_option("--hz", a->hz,
                   "timer ticks per second of the emulated kernel (i386 up to 2.4: 100)")
        ->check(CLI::IsMember({100, 250, 300, 1000}));
    app.add_option("--repeat", a->repeat,
                   "calibrations per loop; the best is reported, as disturbances only lower it")
        ->check(CLI::Range(1, 50));
    app.add_option("--format", a->format, "text or json")->check(CLI::IsMember({"text", "json"}));
    app.add_option("--explain", a->explain,
                   "explain the BogoMips figure of a stored run's machine (id or label)");
    return [a, &global]() -> int {
        if (!a->explain.empty()) return explain_run(*a, global);
        pin_to_current_cpu();
        std::vector<bogomips::Loop> loops;
        if (a->loop == "all")
            loops = {bogomips::Loop::plain, bogomips::Loop::aligned, bogomips::Loop::tsc};
        else
            loops = {*bogomips::parse_loop(a->loop)};
        double tsc_mhz = bogomips::measure_tsc_mhz();
        Machine here = sysinfo::capture_machine();
        nlohmann::json results = nlohmann::json::array();
        std::string text = fmt::format(
            "TSC: {:.3f} MHz (timed against CLOCK_MONOTONIC_RAW); kernel's BogoMIPS here: {}\n",
            tsc_mhz, here.bogomips ? fmt::format("{:.2f}", *here.bogomips) : "unknown");
        for (auto loop : loops) results.push_back(calibrate_loop(loop, *a, tsc_mhz, text));
        if (a->format == "json") {
            nlohmann::json j{{"tsc_mhz", tsc_mhz},
                             {"kernel_bogomips", or_null(here.bogomips)},
                             {"calibrations", results}};
            return write_output(json_text(j), "");
        }
        return write_output(text, "");
    };
}

}  // namespace speedlab::cli
