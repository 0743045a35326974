#include "bench/runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <map>
#include <memory>
#include <optional>
#include <variant>

#include "bench/providers.h"
#include "bench/public_key.h"
#include "bench/symmetric.h"
#include "bench/timer.h"
#include "core/algorithm.h"
#include "core/build_info.h"
#include "core/clock.h"
#include "core/error.h"
#include "core/statistics.h"

namespace speedlab::bench {

namespace {

// One figure to measure: a symmetric kernel at one size, or one public-key op.
struct Figure {
    std::string id;
    Operation operation = Operation::throughput;
    int64_t parameter = 0;
    const SymmetricKernel* symmetric = nullptr;
    const PublicKeyOp* public_key = nullptr;
    std::string family{};  // "rsa", "dsa": larger sizes are skipped after a <=1-op result
    int bits = 0;
    std::vector<double> samples{};
    int64_t count = 0;
    double seconds = 0;
    bool skipped = false;
};

std::string family_of(const std::string& id) {
    auto family = key_size_family(id);
    return family.empty() ? id : std::string(family);
}

// An aligned buffer as large as the largest block, filled once.
struct Buffer {
    std::unique_ptr<uint8_t[], decltype(&std::free)> data{nullptr, &std::free};
    explicit Buffer(size_t n) {
        size_t size = (std::max<size_t>(n, 64) + 63) / 64 * 64 + 64;
        data.reset(static_cast<uint8_t*>(std::aligned_alloc(64, size)));
        for (size_t i = 0; i < size; ++i) data[i] = static_cast<uint8_t>(i);
    }
};

}  // namespace

void describe_environment(Run& run) {
    run.program = fmt::format("speedlab {} ({})", SPEEDLAB_VERSION, SPEEDLAB_COMPILER);
    run.version = "libcrypto " + libcrypto_version();
    run.built_on = libcrypto_built_on();
    run.options = libcrypto_options();
    run.compiler = libcrypto_compiler();
    run.cpuinfo = libcrypto_cpuinfo();
    if (const char* cap = std::getenv("OPENSSL_ia32cap")) run.cpu_mask = cap;
}

namespace {

double wall_now() {
    return clock_now(Timing::wall);
}

// The interval the JSON and the text report (median_interval), from three
// repetitions on: two that happen to agree prove little.
bool reached(const Figure& f, double precision) {
    auto interval = median_interval(f.samples);
    return f.samples.size() >= 3 && interval && interval->half_width <= precision;
}

// Progress of figure `f`: fixed rounds count down; adaptive rounds say how
// many figures still need repetitions and how much of the budget is left.
void report_progress(const RunOptions& opt, const std::vector<Figure>& figures, const Figure& f,
                     int round, size_t done, double elapsed) {
    std::string what = f.symmetric ? fmt::format("{}, {} bytes", f.id, f.parameter)
                                   : fmt::format("{} {}", f.id, to_string(f.operation));
    if (opt.precision > 0) {
        size_t left =
            static_cast<size_t>(std::count_if(figures.begin(), figures.end(), [&](const Figure& g) {
                return !g.skipped && !reached(g, opt.precision);
            }));
        what += fmt::format(" (round {}, {} figure(s) not yet within {:.1f}%)", round + 1, left,
                            100 * opt.precision);
        opt.on_progress({done, 0, what, std::max(0.0, opt.max_seconds - elapsed)});
        return;
    }
    const size_t total = figures.size() * static_cast<size_t>(opt.repeat);
    if (opt.repeat > 1) what += fmt::format(" (round {}/{})", round + 1, opt.repeat);
    double left = 0;
    for (size_t k = done; k < total; ++k)
        left += figures[k % figures.size()].symmetric ? opt.seconds : opt.public_key_seconds;
    opt.on_progress({done, total, what, left});
}

std::string figure_name(const Figure& f) {
    return f.symmetric ? fmt::format("{}@{}", f.id, f.parameter)
                       : fmt::format("{} {}", f.id, to_string(f.operation));
}

// One run of the timing loop on F's kernel; Error(failed) when an operation fails.
Timed time_figure(Figure& f, const RunOptions& opt, Buffer& buffer) {
    if (!f.symmetric) return time_operation(opt.public_key_seconds, opt.timing, f.public_key->op);
    uint8_t* buf = buffer.data.get();
    const auto& op = f.symmetric->op;
    auto len = static_cast<size_t>(f.parameter);
    return time_operation(opt.seconds, opt.timing, [&] {
        op(buf, len);
        return true;
    });
}

// One timed repetition of a figure; its sample, or the reason it has none.
void time_once(Figure& f, const RunOptions& opt, Buffer& buffer, RunOutcome& out,
               std::map<std::string, int>& stop_above) {
    Timed t;
    // On a busy machine a short repetition may be given no user time the kernel
    // can see; its rate would be 0 (a sample that drags the median down). A
    // repetition on the wall clock may have stood still (SIGSTOP, a suspended
    // virtual machine): its rate would be as low as the stall was long. Either
    // is timed again, up to three times in all.
    int stalls = 0;
    auto rate = [&] {
        double units = f.symmetric ? static_cast<double>(t.count) * static_cast<double>(f.parameter)
                                   : static_cast<double>(t.count);
        return units / t.seconds;
    };
    // A slice of CPU time too small to be true (a busy machine's accounting)
    // gives a rate no machine gives: timed again too.
    auto believable = [&] { return plausible_figure(rate()); };
    for (int attempt = 0; attempt < 3; ++attempt) {
        try {
            t = time_figure(f, opt, buffer);
        } catch (const Error& e) {  // a broken call is not timed again
            out.failures.push_back(
                fmt::format("{} {}: {}", f.id, to_string(f.operation), e.what()));
            f.skipped = true;
            return;
        }
        if (t.interrupted || (t.seconds > 0 && !t.stalled && believable())) break;
        if (t.stalled) ++stalls;
    }
    if (t.interrupted) {
        out.interrupted = true;
        return;
    }
    if (t.seconds <= 0 || t.stalled || !believable()) {
        out.run.notes.push_back(fmt::format("{}: {} in three tries; repetition left out",
                                            figure_name(f),
                                            t.stalled ? "the process stood still past its timing"
                                            : t.seconds > 0 ? "no believable CPU time measured"
                                                            : "no CPU time measured"));
        return;
    }
    if (stalls > 0)
        out.run.notes.push_back(
            fmt::format("{}: the process stood still past its timing (stopped or suspended); "
                        "timed again",
                        figure_name(f)));
    f.samples.push_back(rate());
    f.count += t.count;
    f.seconds += t.seconds;
    if (f.public_key && t.count <= 1) {
        // openssl speed: "if longer than 10s, don't do any more" of this family.
        stop_above[f.family] = f.bits;
        out.run.notes.push_back(
            fmt::format("{} {}: at most one operation in the time allowed; "
                        "larger {} keys skipped, as openssl speed does",
                        f.id, to_string(f.operation), f.family));
    }
}

// Whether round `round` should run: fixed repetitions, or (adaptive) until
// every figure is precise enough or the budget is spent after a whole round.
bool another_round(const std::vector<Figure>& figures, const RunOptions& opt, int round,
                   double elapsed) {
    int min_rounds = opt.precision > 0 ? std::max(3, opt.repeat) : opt.repeat;
    if (opt.precision <= 0) return round < min_rounds;
    if (round > 0 && elapsed > opt.max_seconds) return false;
    if (round < min_rounds) return true;
    return std::any_of(figures.begin(), figures.end(),
                       [&](const Figure& f) { return !f.skipped && !reached(f, opt.precision); });
}

// Repetitions go round the whole list, so slow drift spreads over every figure.
void measure_rounds(std::vector<Figure>& figures, const RunOptions& opt, RunOutcome& out) {
    int64_t largest =
        opt.sizes.empty() ? 64 : *std::max_element(opt.sizes.begin(), opt.sizes.end());
    Buffer buffer(static_cast<size_t>(largest));
    size_t done = 0;
    double start = wall_now();
    for (int round = 0; !out.interrupted && another_round(figures, opt, round, wall_now() - start);
         ++round) {
        std::map<std::string, int> stop_above;  // family -> bits beyond which openssl stops
        for (auto& f : figures) {
            if (out.interrupted) break;
            if (f.skipped) continue;
            if (f.public_key && stop_above.count(f.family) && f.bits > stop_above[f.family]) {
                f.skipped = true;
                continue;
            }
            if (opt.precision > 0 &&
                (reached(f, opt.precision) || (round > 0 && wall_now() - start > opt.max_seconds)))
                continue;
            if (opt.on_progress) report_progress(opt, figures, f, round, done, wall_now() - start);
            time_once(f, opt, buffer, out, stop_above);
            ++done;
        }
    }
}

// Figures into the run: the median of the repetitions. With fixed repetitions a
// figure is kept only when every one completed, unless Ctrl-C ended the run:
// then it keeps the repetitions it has, and a note says how many; adaptive ones
// keep what they have.
void collect(const std::vector<Figure>& figures, const RunOptions& opt, RunOutcome& out) {
    Run& run = out.run;
    for (const auto& f : figures) {
        if (f.samples.empty()) continue;
        bool short_of = opt.precision <= 0 && static_cast<int>(f.samples.size()) != opt.repeat;
        if (short_of && !out.interrupted) continue;
        Measurement m;
        m.algorithm = f.id;
        m.operation = f.operation;
        m.parameter = f.parameter;
        m.value = f.samples.size() > 1 ? summarize(f.samples).median : f.samples.front();
        m.count = f.count;
        m.seconds = f.seconds;
        if (f.samples.size() > 1) m.samples = f.samples;
        if (short_of)
            run.notes.push_back(fmt::format("{}: {} of {} repetition(s), interrupted",
                                            metric_key(m), f.samples.size(), opt.repeat));
        if (opt.precision > 0 && !reached(f, opt.precision)) out.imprecise.push_back(metric_key(m));
        run.measurements.push_back(std::move(m));
    }
    run.complete = !out.interrupted;
    if (out.interrupted) run.notes.push_back("interrupted: the run is partial");
    if (opt.precision > 0)
        run.notes.push_back(fmt::format(
            "repeated until each figure's median was within {:.3g}% (95%) or {:.3g} s were "
            "spent; {} of {} figure(s) did not get there",
            100 * opt.precision, opt.max_seconds, out.imprecise.size(), run.measurements.size()));
}

}  // namespace

namespace {
// Every kernel set up and checked against its known answer before anything is
// timed. One that cannot be set up, or fails its check, is reported and never
// timed: the others still run.
struct Kernels {
    std::vector<SymmetricKernel> symmetric;
    std::vector<PublicKeyKernel> public_key;
};
Kernels set_up_kernels(const RunOptions& opt, RunOutcome& out) {
    Kernels k;
    k.symmetric.reserve(opt.ids.size());
    k.public_key.reserve(opt.ids.size());
    auto usable = [&](const std::string& id, const auto& setup, const std::string& backend) {
        if (!setup.kernel) {
            out.failures.push_back(
                fmt::format("{}: known-answer check failed: {}", id, setup.check.detail));
            return false;
        }
        out.run.notes.push_back(fmt::format("{}: {}{}", id, setup.check.detail,
                                            backend.empty() ? "" : " (" + backend + ")"));
        return true;
    };
    for (const auto& id : opt.ids) {
        try {
            if (kind_of(id) == AlgorithmKind::public_key) {
                auto setup = make_public_key_kernel(id);
                if (usable(id, setup, "")) k.public_key.push_back(std::move(*setup.kernel));
            } else {
                auto setup = make_symmetric_kernel(id);
                if (usable(id, setup, setup.kernel ? setup.kernel->backend : ""))
                    k.symmetric.push_back(std::move(*setup.kernel));
            }
        } catch (const Error& e) {
            out.failures.push_back(fmt::format("{}: {}", id, e.what()));
        }
    }
    return k;
}

// The figures in the order they are measured: each cipher at every size, then
// each public-key operation.
std::vector<Figure> figures_of(const Kernels& kernels, const RunOptions& opt) {
    std::vector<Figure> figures;
    for (const auto& k : kernels.symmetric)
        for (int64_t size : opt.sizes)
            figures.push_back({.id = k.id, .parameter = size, .symmetric = &k});
    for (const auto& k : kernels.public_key)
        for (const auto& op : k.ops)
            figures.push_back({.id = k.id,
                               .operation = op.operation,
                               .public_key = &op,
                               .family = family_of(k.id),
                               .bits = k.bits});
    return figures;
}
}  // namespace

RunOutcome run_benchmarks(const RunOptions& opt) {
    RunOutcome out;
    Run& run = out.run;
    run.source = "measured";
    run.when = utc_now();
    run.measured_at = run.when;
    run.timing = opt.timing;
    describe_environment(run);
    Kernels kernels = set_up_kernels(opt, out);
    std::vector<Figure> figures = figures_of(kernels, opt);
    measure_rounds(figures, opt, out);
    collect(figures, opt, out);
    return out;
}

}  // namespace speedlab::bench
