#include "bogomips/calibrate.h"

#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

#include "bogomips/delay_loops.h"

namespace speedlab::bogomips {

namespace {

uint64_t now_ns() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return static_cast<uint64_t>(ts.tv_sec) * 1000000000u + static_cast<uint64_t>(ts.tv_nsec);
}

// Emulated jiffies: ticks of 1/HZ s since an arbitrary start. Unlike the
// kernel's, no interrupt handler shortens the tick.
struct Jiffies {
    uint64_t ns_per_tick;
    explicit Jiffies(int hz) : ns_per_tick(1000000000u / static_cast<uint64_t>(hz)) {}
    uint64_t now() const { return now_ns() / ns_per_tick; }
    uint64_t next_edge() const {
        uint64_t t = now();
        uint64_t n;
        while ((n = now()) == t) {
        }
        return n;
    }
};

void run_delay(Loop loop, unsigned long loops) {
    auto n = static_cast<uint32_t>(std::min<unsigned long>(loops, 0x7fffffffu));
    switch (loop) {
        case Loop::plain:
            delay_plain(n);
            break;
        case Loop::aligned:
            delay_aligned(n);
            break;
        case Loop::tsc:
            delay_tsc(n);
            break;
    }
}

struct KernelVersion {
    int major = 0, minor = 0, patch = 0;
    bool operator>=(const KernelVersion& o) const {
        if (major != o.major) return major > o.major;
        if (minor != o.minor) return minor > o.minor;
        return patch >= o.patch;
    }
};
std::optional<KernelVersion> parse_kernel(const std::string& release) {
    KernelVersion v;
    if (std::sscanf(release.c_str(), "%d.%d.%d", &v.major, &v.minor, &v.patch) < 2)
        return std::nullopt;
    return v;
}

// BogoMips per MHz of the loop delay (the BogoMips mini-HOWTO's table).
std::optional<std::pair<double, std::string>> loop_ratio(const Machine& m) {
    if (!m.cpu_family) return std::nullopt;
    int f = *m.cpu_family, model = m.cpu_model.value_or(-1);
    const std::string& v = m.cpu_vendor;
    bool intel = v == "GenuineIntel", amd = v == "AuthenticAMD", cyrix = v == "CyrixInstead";
    if (f == 3) return std::pair{0.18, std::string("386DX (386SX: 0.14)")};
    if (f == 4)
        return cyrix ? std::pair{0.34, std::string("Cyrix 486")}
                     : std::pair{0.50, std::string("486")};
    if (f == 5) {
        if (intel && (model == 4 || model == 8)) return std::pair{2.00, std::string("Pentium MMX")};
        if (intel) return std::pair{0.40, std::string("Pentium")};
        if (amd) return std::pair{2.00, std::string("AMD K5/K6")};
        if (cyrix) return std::pair{1.00, std::string("Cyrix 5x86/6x86")};
        if (v == "NexGenDriven") return std::pair{0.75, std::string("NexGen Nx586")};
        return std::pair{2.00, std::string("Centaur/VIA")};
    }
    if (f == 6) {
        if (intel && model == 1) return std::pair{0.99, std::string("Pentium Pro")};
        if (intel) return std::pair{1.00, std::string("Pentium II/III, Celeron")};
        if (amd) return std::pair{1.00, std::string("AMD K7 Athlon")};
        return std::pair{1.00, std::string("686-class")};
    }
    return std::pair{2.00, std::string("Pentium 4 and later")};
}

}  // namespace

namespace {
// Each delay loop's name (--loop) and the kernels that used it.
struct LoopName {
    Loop loop;
    const char* name;
    const char* kernels;
};
constexpr LoopName kLoops[] = {
    {Loop::plain, "plain", "DEC/JNS loop of Linux 1.x and 2.0 up to 2.0.30"},
    {Loop::aligned, "aligned", "aligned-jump DEC/JNS loop of 2.0.31+, 2.2 and 2.4 without TSC"},
    {Loop::tsc, "tsc", "TSC delay of 2.2.15pre11+ and 2.4"},
};
const LoopName& loop_name(Loop loop) {
    return kLoops[static_cast<size_t>(loop)];  // in the enum's order
}
}  // namespace

std::string to_string(Loop loop) {
    return loop_name(loop).name;
}

std::optional<Loop> parse_loop(const std::string& name) {
    for (const auto& l : kLoops)
        if (name == l.name) return l.loop;
    return std::nullopt;
}

std::string describe(Loop loop) {
    return loop_name(loop).kernels;
}

double bogomips_of(unsigned long lpj, int hz) {
    return static_cast<double>(lpj) * hz / 500000.0;
}

std::string kernel_line(unsigned long lpj, int hz, bool rounded) {
    unsigned long h = static_cast<unsigned long>(hz);
    if (rounded) {  // 1.3.26-2.2.17: loops_per_sec + 2500, then the divisions
        unsigned long lps = lpj * h + 2500;
        return fmt::format("Calibrating delay loop... {}.{:02} BogoMIPS", lps / 500000,
                           (lps / 5000) % 100);
    }
    return fmt::format("Calibrating delay loop... {}.{:02} BogoMIPS", lpj / (500000 / h),
                       (lpj / (5000 / h)) % 100);
}

namespace {

// Times the scheduler took the CPU from this thread (Linux: per thread).
long involuntary_switches() {
    rusage u{};
    getrusage(RUSAGE_THREAD, &u);
    return u.ru_nivcsw;
}

// Whether `lpj` loops fit inside one tick. An overrun while preempted says
// nothing about the loop (a fit does): timed again, up to 20 times.
bool fits(const Jiffies& jiffies, Loop loop, unsigned long lpj, Calibration& c) {
    for (int tries = 0;; ++tries) {
        long before = involuntary_switches();
        uint64_t ticks = jiffies.next_edge();
        run_delay(loop, lpj);
        if (jiffies.now() == ticks) return true;
        if (involuntary_switches() == before) return false;
        if (tries == 20) {
            ++c.disturbed;
            return false;
        }
        ++c.retried;
    }
}

}  // namespace

Calibration calibrate(Loop loop, int hz) {
    Jiffies jiffies(hz);
    // A few ticks of the same loop first, so the core has left any idle clock.
    for (uint64_t until = jiffies.now() + 5; jiffies.now() < until;) run_delay(loop, 4096);
    Calibration c;
    c.loop = loop;
    c.hz = hz;
    // Coarse: double until one delay no longer fits inside a tick.
    unsigned long lpj = 1ul << 12;
    while ((lpj <<= 1) != 0 && lpj < (1ul << 31))
        if (!fits(jiffies, loop, lpj, c)) break;
    // Refine: 8 more bits, keeping each one that still fits inside a tick.
    lpj >>= 1;
    unsigned long loopbit = lpj;
    for (int precision = 8; precision-- > 0 && (loopbit >>= 1) != 0;)
        if (fits(jiffies, loop, lpj | loopbit, c)) lpj |= loopbit;
    c.lpj = lpj;
    c.bogomips = std::floor(bogomips_of(lpj, hz) * 100) / 100;
    return c;
}

double measure_tsc_mhz(double seconds) {
    uint64_t t0 = now_ns(), c0 = read_tsc();
    uint64_t until = t0 + static_cast<uint64_t>(seconds * 1e9);
    uint64_t t1;
    while ((t1 = now_ns()) < until) {
    }
    uint64_t c1 = read_tsc();
    return static_cast<double>(c1 - c0) / static_cast<double>(t1 - t0) * 1000.0;
}

namespace {

bool tsc_delay_kernel(KernelVersion v) {
    return v >= KernelVersion{2, 4, 0} || (v.major == 2 && v.minor == 3 && v.patch >= 52) ||
           (v.major == 2 && v.minor == 2 && v.patch >= 15);
}

// Without the clock (a machine known only from a table of BogoMips): the
// clock the figure implies under the kernel's delay loop, per CPU class
// when the CPU is unknown too.
std::optional<Explanation> explain_clock(const Machine& m, KernelVersion v) {
    Explanation e;
    double b = *m.bogomips;
    std::string who = (m.emulator.empty() ? m.label : m.emulator) + ", Linux " + m.kernel_release;
    if (tsc_delay_kernel(v)) {
        e.delay = "TSC delay";
        e.expected_ratio = 2.0;
        e.implied_mhz = b / 2;
        e.text = fmt::format(
            "{}: {:.2f} with the TSC delay (2.00 x MHz) means a clock of about {:.1f} MHz on any "
            "CPU with a TSC (Pentium and later).",
            who, b, e.implied_mhz);
    } else {
        e.delay = "loop delay";
        if (auto ratio = loop_ratio(m)) {
            e.expected_ratio = ratio->first;
            e.implied_mhz = b / ratio->first;
            e.text = fmt::format(
                "{}: {:.2f} with the loop delay means about {:.1f} MHz on a {} "
                "({:.2f} x MHz).",
                who, b, e.implied_mhz, ratio->second, ratio->first);
        } else {
            e.text = fmt::format(
                "{}: {:.2f} with the loop delay means, by CPU: about {:.1f} MHz on a Pentium "
                "(0.40 x MHz), {:.1f} on a 486 (0.50), {:.1f} on a Pentium Pro/II/III or Athlon "
                "(1.00), {:.1f} on a Pentium MMX or K6 (2.00).",
                who, b, b / 0.40, b / 0.50, b, b / 2.00);
        }
        if (v.major == 2 && v.minor == 2 && v.patch == 14)
            e.text +=
                " Vendor 2.2.14 kernels (Red Hat 6.2) may carry the 2.2.15 TSC delay (2 x MHz).";
        if (m.emulator == "PCem" || m.emulator == "86Box")
            e.text += fmt::format(
                " {}'s recompiler charges 2 cycles per DEC/JNS pass on an emulated Pentium "
                "(about 1.0 x MHz): an emulated clock of about {:.1f} MHz.",
                m.emulator, b);
    }
    e.text += " The CPU's clock is not known, so nothing is compared.";
    return e;
}

// What an emulator does to the figure: PCem's recompiler, QEMU's host TSC,
// Bochs's instruction clock.
void add_emulator_note(const Machine& m, double mhz, Explanation& e) {
    bool pcem = m.emulator == "PCem" || m.emulator == "86Box";
    if (pcem && e.delay == "loop delay" && m.cpu_family == 5) {
        double model = 1.0 * mhz;
        e.text += fmt::format(
            " {}'s recompiler charges 2 cycles per DEC/JNS pass on an emulated Pentium, so it "
            "gives about 1.0 x MHz = {:.1f}: {}.",
            m.emulator, model,
            std::fabs(*m.bogomips / model - 1) < 0.05
                ? "the figure matches that model"
                : "the figure does not match that model either");
    } else if (m.emulator == "QEMU" && e.delay == "TSC delay") {
        e.text +=
            " Under QEMU the guest TSC follows the host's, so expect 2 x the host's TSC MHz, not "
            "the guest's.";
    } else if (m.emulator == "Bochs") {
        e.text +=
            " Bochs counts time in instructions: about ips/10^6 (loop) or twice that (TSC), "
            "whatever the MHz.";
    }
}

}  // namespace

std::optional<Explanation> explain(const Machine& m) {
    if (!m.bogomips) return std::nullopt;
    auto version = parse_kernel(m.kernel_release);
    if (!m.cpu_mhz || *m.cpu_mhz <= 0) {
        if (!version) return std::nullopt;
        return explain_clock(m, *version);
    }
    bool has_tsc = m.cpu_flags.empty() ||
                   std::find(m.cpu_flags.begin(), m.cpu_flags.end(), "tsc") != m.cpu_flags.end();
    // Kernel unknown: with a TSC the likeliest kernel is 2.2.15 or later (TSC
    // delay); the explanation says it assumed so.
    bool assumed = !version;
    if (!version && !(has_tsc && !m.cpu_flags.empty())) return std::nullopt;
    if (!version) version = KernelVersion{2, 4, 0};
    KernelVersion v = *version;
    bool tsc_kernel = tsc_delay_kernel(v);
    Explanation e;
    double mhz = *m.cpu_mhz;
    std::string cpu_class;
    if (has_tsc && tsc_kernel) {
        e.delay = "TSC delay";
        e.expected_ratio = 2.0;
        cpu_class = "any CPU with a TSC";
    } else {
        auto ratio = loop_ratio(m);
        if (!ratio) return std::nullopt;
        e.delay = "loop delay";
        e.expected_ratio = ratio->first;
        cpu_class = "a " + ratio->second;
    }
    e.expected = e.expected_ratio * mhz;
    e.factor = *m.bogomips / e.expected;
    std::string who = m.emulator.empty() ? std::string() : m.emulator + ", ";
    e.text = fmt::format(
        "{}{}: {:.2f} at {:.1f} MHz, expected about {:.{}f} for {} with the {} "
        "({:.2f} x MHz): {:.2f}x.",
        who,
        assumed ? "kernel unknown (assumed 2.2.15 or later, which use the TSC delay)"
                : "Linux " + m.kernel_release,
        *m.bogomips, mhz, e.expected, e.expected < 100 ? 1 : 0, cpu_class, e.delay,
        e.expected_ratio, e.factor);
    if (e.delay == "loop delay" && v.major == 2 && v.minor == 2 && v.patch == 14)
        e.text +=
            " Vendor 2.2.14 kernels (Red Hat 6.2) may carry the 2.2.15 TSC delay, which would give "
            "2 x MHz.";
    add_emulator_note(m, mhz, e);
    return e;
}

}  // namespace speedlab::bogomips
