#pragma once
// The kernel's calibrate_delay() in user space, and what a BogoMips figure
// should have been for a CPU, kernel and emulator.
#include <optional>
#include <string>
#include <vector>

#include "core/machine.h"

namespace speedlab::bogomips {

enum class Loop { plain, aligned, tsc };
std::string to_string(Loop loop);
std::optional<Loop> parse_loop(const std::string& name);
std::string describe(Loop loop);  // which kernels used it

struct Calibration {
    Loop loop = Loop::aligned;
    int hz = 100;
    unsigned long lpj = 0;  // loops per jiffy found
    double bogomips = 0;    // lpj * HZ / 500000, truncated to 2 decimals as 2.4+ prints it
    int retried = 0;        // trials that overran a tick while preempted, timed again
    int disturbed = 0;      // of them, still preempted when retries ran out: reads low
};

// One run of the 2.x-era coarse doubling and 8-bit refinement, against
// jiffies emulated from CLOCK_MONOTONIC_RAW at `hz`. The kernel ran it alone;
// a trial that overran its tick while another process had the CPU is timed again.
Calibration calibrate(Loop loop, int hz);

// "Calibrating delay loop... 149.50 BogoMIPS" with the 2.4+ truncating
// arithmetic; `rounded` uses the +2500 rounding of 1.3.26-2.2.17.
std::string kernel_line(unsigned long lpj, int hz, bool rounded = false);
double bogomips_of(unsigned long lpj, int hz);

// The TSC's rate, timed against CLOCK_MONOTONIC_RAW for `seconds`.
double measure_tsc_mhz(double seconds = 0.25);

// Why a BogoMips figure is what it is: expected ratio to the clock for the
// CPU and the kernel's delay loop, and the emulator's rule where one is known.
// Without the clock, the clock the figure implies. Needs the BogoMips and
// the clock or the kernel release.
struct Explanation {
    std::string delay;          // "TSC delay" or "loop delay"
    double expected_ratio = 0;  // BogoMips per MHz
    double expected = 0;        // BogoMips
    double factor = 0;          // measured / expected
    double implied_mhz = 0;     // clock unknown: the clock the figure implies (0: CPU unknown too)
    std::string text;           // one paragraph for people
};
std::optional<Explanation> explain(const Machine& machine);

}  // namespace speedlab::bogomips
