#include "cli/measure.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cmath>

#include "bench/multi.h"
#include "bench/timer.h"
#include "sysinfo/capture.h"
#include "sysinfo/conditions_probe.h"

namespace speedlab::cli {

bench::RunOutcome measure_here(bench::RunOptions opt, int processes) {
    if (isatty(STDERR_FILENO))
        opt.on_progress = [](const bench::Progress& p) {
            if (p.total == 0)  // adaptive: the end is not known, only the budget
                fmt::print(stderr, "\r\033[K[{:>4}] {}  (at most {:.0f} s left)", p.done + 1,
                           p.what, std::ceil(p.seconds_left));
            else
                fmt::print(stderr, "\r\033[K[{:>3}/{}] {}  (about {:.0f} s left)", p.done + 1,
                           p.total, p.what, std::ceil(p.seconds_left));
            std::fflush(stderr);
        };
    bench::install_interrupt_handler();
    // Processes that share CPUs must be timed on the wall clock, as openssl does.
    if (processes > 1) opt.timing = Timing::wall;
    sysinfo::ConditionsProbe probe;
    probe.start();
    auto outcome =
        processes > 1 ? bench::run_processes(opt, processes) : bench::run_benchmarks(opt);
    outcome.run.machine = sysinfo::capture_machine();
    outcome.run.conditions = probe.finish(outcome.run.machine);
    if (opt.on_progress) fmt::print(stderr, "\r\033[K");
    for (const auto& f : outcome.failures) fmt::print(stderr, "speedlab: {}\n", f);
    return outcome;
}

}  // namespace speedlab::cli
