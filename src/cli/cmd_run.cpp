#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>

#include "bench/multi.h"
#include "bench/runner.h"
#include "bench/selection.h"
#include "bench/timer.h"
#include "cli/child_run.h"
#include "cli/commands.h"
#include "cli/format_option.h"
#include "cli/measure.h"
#include "cli/numbers.h"
#include "compare/interval.h"
#include "core/algorithm.h"
#include "core/algorithm_registry.h"
#include "core/cpu_features.h"
#include "core/statistics.h"
#include "report/run_text.h"
#include "store/database.h"
#include "sysinfo/capture.h"
#include "sysinfo/conditions_probe.h"

namespace speedlab::cli {

namespace {
struct RunArgs {
    std::vector<std::string> algorithms;
    double seconds = 0;
    std::vector<int64_t> bytes;
    int repeat = 1;
    bool quick = false, elapsed = false, no_store = false;
    std::string label, machine, format = "text", under;
    std::optional<std::string> multi, precision;
    double max_seconds = 0;
    std::vector<std::string> cpu_mask;
};

// The options a child `speedlab run` needs to measure the same figures.
std::vector<std::string> child_arguments(const RunArgs& a) {
    std::vector<std::string> out = a.algorithms;
    if (a.seconds > 0) out.insert(out.end(), {"--seconds", fmt::format("{}", a.seconds)});
    if (a.quick) out.push_back("--quick");
    if (!a.bytes.empty())
        out.insert(out.end(), {"--bytes", fmt::format("{}", fmt::join(a.bytes, ","))});
    if (a.repeat > 1) out.insert(out.end(), {"--repeat", std::to_string(a.repeat)});
    if (a.precision) out.insert(out.end(), {"--precision", *a.precision});
    if (a.max_seconds > 0)
        out.insert(out.end(), {"--max-seconds", fmt::format("{}", a.max_seconds)});
    if (a.elapsed) out.push_back("--elapsed");
    return out;
}
}  // namespace

// Repetitions far from the others (modified z-score above 3.5): a moment of
// disturbance the median has set aside, worth knowing about.
void warn_about_outliers(const Run& run) {
    std::string list;
    size_t count = 0;
    for (const auto& m : run.measurements)
        if (auto o = outliers(m.samples); !o.empty() && run.processes == 1) {
            count += o.size();
            if (list.size() < 80) list += (list.empty() ? "" : ", ") + metric_key(m);
        }
    if (count > 0)
        fmt::print(stderr,
                   "speedlab: warning: {} repetition(s) stand far from the others ({}): something "
                   "disturbed the machine for a moment; the median sets them aside\n",
                   count, list);
}

// Figures whose repetitions spread more than 3% are not to be trusted blindly,
// nor a run the machine's conditions disturbed.
void warn_about_spread(const Run& run) {
    warn_about_outliers(run);
    for (const auto& d : sysinfo::disturbances(run.conditions))
        fmt::print(stderr, "speedlab: warning: {}\n", d);
    auto noisy = compare::noisy_figures(run, 0.03);
    if (noisy.empty()) return;
    std::string list;
    for (size_t k = 0; k < noisy.size() && k < 5; ++k)
        list += fmt::format("{}{} {:.1f}%", k ? ", " : "", noisy[k].first, 100 * noisy[k].second);
    if (run.processes > 1) {
        fmt::print(stderr,
                   "speedlab: note: {} figure(s) differ by more than 3% between the processes "
                   "({}{}): they did not get equal shares of the machine\n",
                   noisy.size(), list, noisy.size() > 5 ? ", ..." : "");
        return;
    }
    fmt::print(stderr,
               "speedlab: warning: {} figure(s) vary by more than 3% between repetitions ({}{}): "
               "the machine was busy or changed its clock; compare them with care\n",
               noisy.size(), list, noisy.size() > 5 ? ", ..." : "");
}

int print_and_store(Run& run, const RunArgs& a, Global& global, int code) {
    warn_about_spread(run);
    run.machine.edit().label =
        a.machine.empty() ? name_from_text(run.machine->hostname, NameKind::machine) : a.machine;
    // Named by default as people tell runs apart: machine, day, library version.
    run.label = !a.label.empty() ? a.label
                                 : name_from_text(fmt::format("{} {} {}", run.machine->label,
                                                              run.when.substr(0, 10), run.version),
                                                  NameKind::label);
    if (!run.measurements.empty() || a.format == "json") {
        std::string text = report::measured_run_formats().render(a.format, run);
        try {  // stored even when stdout fails
            write_output(text, "");
        } catch (const Error& e) {
            print_error(e.what());
            if (code == Exit::ok) code = Exit::failure;
        }
    }
    if (!a.no_store && !run.measurements.empty()) {
        try {
            store::Database db(global.database_path());
            if (a.label.empty())  // a second run of the day gets " #2"
                db.in_write([&] {
                    std::string base = run.label;
                    for (int k = 2; db.label_in_use(run.label); ++k)
                        run.label = fmt::format("{} #{}", base, k);
                    db.insert(run);
                });
            else
                db.insert(run);
            fmt::print(stderr, "stored as run {}{} in {}\n", run.id,
                       run.complete ? "" : " (marked partial)", db.where());
        } catch (const std::exception& e) {
            print_error(std::string("results not stored: ") + e.what());
            if (code == Exit::ok) code = Exit::failure;
        }
    }
    if (run.measurements.empty() && code != Exit::interrupted)
        throw Error(ErrorKind::failed, "nothing was measured");
    return code;
}

// "1%" or "1" (percent) to 0.01; 0 when it is not a percentage in (0, 50].
double percentage(const std::string& text) {
    auto v = read_percent(text);
    return v && *v > 0 && *v <= 50 ? *v / 100 : 0;
}

// A figure that did not reach the precision asked for, with the precision it
// did reach (the JSON's precision_reached, from the same median_interval).
std::string reached_instead(const Run& run, const std::string& key) {
    for (const auto& m : run.measurements) {
        if (metric_key(m) != key) continue;
        auto i = median_interval(m.samples);
        return i ? fmt::format("{} \u00b1{:.2f}%", key, 100 * i->half_width)
                 : key + " (1 repetition)";
    }
    return key;
}

// Figures that did not reach the precision asked for, said plainly.
void warn_imprecise(const Run& run, const std::vector<std::string>& imprecise, double precision) {
    if (imprecise.empty()) return;
    std::string list;
    for (size_t k = 0; k < imprecise.size() && k < 6; ++k)
        list += (k ? ", " : "") + reached_instead(run, imprecise[k]);
    fmt::print(
        stderr,
        "speedlab: warning: {} figure(s) did not reach +-{:.3g}% in the time allowed ({}{}): "
        "the machine is too noisy for that precision now; see the 95% column of show\n",
        imprecise.size(), 100 * precision, list, imprecise.size() > 6 ? ", ..." : "");
}

// --multi N or all; 0 when it is neither (given empty too: "--multi ''").
int process_count(const std::optional<std::string>& text) {
    if (!text) return 1;
    if (*text == "all") return static_cast<int>(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
    auto n = read_count(*text);
    return n && *n >= 1 && *n <= bench::kMaxProcesses ? static_cast<int>(*n) : 0;
}

// --under and --cpu-mask: the benchmark runs in a child process, which is the
// only way a wrapper can run it and libcrypto can see OPENSSL_ia32cap.
int run_elsewhere(const RunArgs& a, Global& global) {
    ChildRun child;
    child.wrapper = split_command(a.under);
    child.run_args = child_arguments(a);
    std::string mask_names;
    if (!a.cpu_mask.empty()) {
        child.ia32cap = ia32cap_mask(a.cpu_mask);
        mask_names = fmt::format("{}", fmt::join(a.cpu_mask, ","));
    }
    if (isatty(STDERR_FILENO))
        fmt::print(stderr, "running{}{} ...\n", a.under.empty() ? "" : " under '" + a.under + "'",
                   child.ia32cap.empty() ? "" : " with OPENSSL_ia32cap=" + child.ia32cap);
    sysinfo::ConditionsProbe probe;
    probe.start();
    auto result = run_child(child);
    if (!result.run)
        throw Error(result.interrupted ? ErrorKind::interrupted : ErrorKind::failed,
                    result.why + "\nnothing stored");
    Run& run = *result.run;
    run.machine = sysinfo::capture_machine();
    run.conditions = probe.finish(run.machine);
    record_wrapper(run, a.under);
    if (!mask_names.empty()) run.cpu_mask = mask_names + " (OPENSSL_ia32cap=" + child.ia32cap + ")";
    int code = result.interrupted ? Exit::interrupted : run.complete ? Exit::ok : Exit::failure;
    if (result.interrupted) run.complete = false;
    return print_and_store(run, a, global, code);
}

namespace {
// The number of processes --multi asks for, once the options are known to go together.
int checked_process_count(const RunArgs& a) {
    int processes = process_count(a.multi);
    if (processes == 0)
        throw Error(ErrorKind::usage, fmt::format("--multi: expected 1 to {} processes or 'all', "
                                                  "found '{}'",
                                                  bench::kMaxProcesses, a.multi.value_or("")));
    if (a.precision && percentage(*a.precision) == 0)
        throw Error(
            ErrorKind::usage,
            "--precision: expected a percentage from 0 to 50 (1%), found '" + *a.precision + "'");
    if (processes > 1 && (!a.under.empty() || !a.cpu_mask.empty()))
        throw Error(ErrorKind::usage, "--multi cannot be combined with --under or --cpu-mask");
    return processes;
}

// What to measure and how long: --quick and --precision choose short
// repetitions, and a time budget of ten rounds of the list.
bench::RunOptions run_options(const RunArgs& a, std::vector<std::string> ids) {
    bench::RunOptions opt;
    if (a.precision) opt.precision = percentage(*a.precision);
    if (a.quick && opt.precision == 0) opt.precision = 0.02;
    double s = a.seconds > 0 ? a.seconds : a.quick ? 0.1 : opt.precision > 0 ? 0.2 : 0;
    if (s > 0) opt.seconds = opt.public_key_seconds = s;
    // A size or an algorithm named twice is measured once.
    if (!a.bytes.empty()) opt.sizes = unique_in_order(a.bytes);
    opt.ids = unique_in_order(ids);
    opt.repeat = a.repeat;
    opt.timing = a.elapsed ? Timing::wall : Timing::user_cpu;
    if (opt.precision > 0) {
        size_t figures = 0;
        for (const auto& id : opt.ids)
            figures += kind_of(id) == AlgorithmKind::public_key ? 2 : opt.sizes.size();
        opt.max_seconds = a.max_seconds > 0 ? a.max_seconds
                          : a.quick         ? 20
                                            : 10 * static_cast<double>(figures) * opt.seconds;
    }
    return opt;
}

// Learns that the store is unreachable before minutes of measuring.
void check_store(Global& global) {
    try {
        store::Database db(global.database_path());
    } catch (const std::exception& e) {
        throw Error(ErrorKind::io, std::string(e.what()) +
                                       "\nnothing measured (--no-store measures without storing)");
    }
}

// The classic suite's first openssl speed arguments and an EVP name, from the registry.
std::string algorithms_help() {
    std::vector<std::string_view> words;
    for (const auto& id : ids_with(kClassic)) {
        auto arguments = algorithm_info(id)->arguments;
        auto word = arguments.substr(0, arguments.find(' '));
        if (std::find(words.begin(), words.end(), word) == words.end()) words.push_back(word);
    }
    words.resize(std::min<size_t>(words.size(), 9));
    // An EVP name: a cipher openssl speed selects with -evp only.
    auto table = algorithm_table();
    auto evp = std::find_if(table.begin(), table.end(), [](const AlgorithmInfo& i) {
        return i.kind == AlgorithmKind::cipher && !i.evp.empty() && i.arguments.empty();
    });
    return fmt::format("openssl speed names ({} ...), EVP names ({}), 'classic' (default) or 'all'",
                       fmt::join(words, " "), evp->id);
}
}  // namespace

Command add_run(CLI::App& app, Global& global) {
    auto a = std::make_shared<RunArgs>();
    app.add_option("algorithms", a->algorithms, algorithms_help());
    app.add_option("--seconds", a->seconds,
                   "seconds per figure (default 3 symmetric, 10 public key)")
        ->check(seconds_range());
    app.add_option("--bytes", a->bytes, "block sizes (default 16,64,256,1024,8192,16384)")
        ->delimiter(',')
        ->allow_extra_args(false)  // "--bytes 8192 md5": md5 is an algorithm
        ->check(CLI::Range(int64_t{1}, int64_t{64} << 20));
    app.add_option("--repeat", a->repeat, "repetitions per figure: median, min, max, cv")
        ->check(CLI::Range(1, 1000));
    app.add_flag("--quick", a->quick,
                 "the classic suite to about +-2% in about 20 s (0.1 s repetitions, round-robin)");
    app.add_option("--precision", a->precision,
                   "repeat each figure (round-robin) until its median's 95% interval is within "
                   "+-P, e.g. 1%");
    app.add_option("--max-seconds", a->max_seconds,
                   "time budget for --precision (default 10 rounds of the list)")
        ->check(CLI::Range(0.1, 86400.0));
    app.add_flag("--elapsed", a->elapsed, "time with the wall clock instead of user CPU time");
    app.add_option("--label", a->label, "label of the stored run")
        ->transform(name_rule(NameKind::label));
    app.add_option("--machine", a->machine, "your name for this machine")
        ->transform(name_rule(NameKind::machine));
    add_format_option(app, a->format, report::measured_run_formats());
    app.add_flag("--no-store", a->no_store, "do not store the run");
    app.add_option("--under", a->under,
                   "run inside this wrapper or emulator, e.g. 'qemu-x86_64 -cpu Westmere'");
    app.add_option("--cpu-mask", a->cpu_mask,
                   "CPU features libcrypto must not use (aesni,avx2,sha,...)")
        ->delimiter(',')
        ->allow_extra_args(false);  // "--bytes 8192 md5": md5 is an algorithm
    app.add_option("--multi", a->multi,
                   "N processes at once, or 'all' (one per online CPU), as openssl speed -multi: "
                   "each figure is their sum, timed on the wall clock");
    return [a, &global]() -> int {
        int processes = checked_process_count(*a);
        auto ids = bench::select_algorithms(a->algorithms);  // or exit 2 listing the names
        if (!a->no_store) check_store(global);
        if (!a->under.empty() || !a->cpu_mask.empty()) return run_elsewhere(*a, global);
        bench::RunOptions opt = run_options(*a, std::move(ids));
        auto outcome = measure_here(opt, processes);
        warn_imprecise(outcome.run, outcome.imprecise, opt.precision);
        Run& run = outcome.run;
        int code = outcome.interrupted        ? Exit::interrupted
                   : outcome.failures.empty() ? Exit::ok
                                              : Exit::failure;
        return print_and_store(run, *a, global, code);
    };
}

}  // namespace speedlab::cli
