#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <set>

#include "bench/combine.h"
#include "bench/selection.h"
#include "cli/child_run.h"
#include "cli/commands.h"
#include "cli/format_option.h"
#include "compare/ratio.h"
#include "core/algorithm_registry.h"
#include "core/cpu_features.h"
#include "report/comparison.h"
#include "report/feature_table.h"
#include "store/database.h"
#include "sysinfo/capture.h"

namespace speedlab::cli {

namespace {
struct ExperimentArgs {
    std::vector<std::string> algorithms;
    std::vector<std::string> features;
    std::string under, label = "experiment", format = "text";
    double seconds = 0.3;
    std::string bytes = "8192";
    int repeat = 3;
    bool no_store = false;
};

std::vector<std::string> child_args(const ExperimentArgs& a,
                                    const std::vector<std::string>& default_algorithms) {
    std::vector<std::string> out = a.algorithms.empty() ? default_algorithms : a.algorithms;
    out.insert(out.end(), {"--seconds", fmt::format("{}", a.seconds), "--bytes", a.bytes});
    return out;  // one repetition per child: the rounds are interleaved (run_interleaved)
}

void progress(const std::string& what) {
    if (isatty(STDERR_FILENO)) fmt::print(stderr, "{}\n", what);
}

// The variants alternate repetition by repetition (A B C A B C ...), so drift
// of the machine (clock, other work) touches every variant alike. One run per
// variant: each figure the median of its repetitions, which are its samples.
// Ctrl-C ends the rounds: each variant keeps the repetitions it completed (at
// least one each, else nothing), the runs marked partial with their true count.
// Nothing measured: speedlab::Error, interrupted or failed, ending in AFTER.
std::vector<Run> run_interleaved(const std::vector<ChildRun>& variants,
                                 const std::vector<std::string>& names, int rounds,
                                 const char* after, bool& interrupted) {
    std::vector<std::vector<Run>> reps(variants.size());
    for (int round = 0; round < rounds && !interrupted; ++round)
        for (size_t v = 0; v < variants.size() && !interrupted; ++v) {
            progress(fmt::format("round {}/{}: {} ...", round + 1, rounds, names[v]));
            auto result = run_child(variants[v]);
            interrupted = result.interrupted;
            if (interrupted) break;  // its repetition is not whole
            if (!result.run) throw Error(ErrorKind::failed, names[v] + ": " + result.why + after);
            reps[v].push_back(std::move(*result.run));
        }
    if (std::any_of(reps.begin(), reps.end(), [](const auto& r) { return r.empty(); }))
        throw Error(ErrorKind::interrupted,
                    std::string("interrupted before every variant was measured once") + after);
    std::vector<Run> out;
    for (auto& r : reps) {
        out.push_back(bench::median_of_repetitions(r));
        out.back().notes.push_back(fmt::format(
            "{} repetition{} interleaved with the other variants of the experiment{}", r.size(),
            r.size() == 1 ? "" : "s",
            interrupted ? fmt::format(" (interrupted: {} were asked for)", rounds) : ""));
        if (interrupted) out.back().complete = false;
    }
    return out;
}

// Exit::ok, or after Ctrl-C (the runs stored and printed) the error that says they are partial.
int partial(bool interrupted) {
    if (interrupted) throw Error(ErrorKind::interrupted, "interrupted: the runs are partial");
    return Exit::ok;
}

// Stores the runs of an experiment in one transaction (all or nothing).
void store_all(std::vector<Run>& runs, const ExperimentArgs& a, Global& global) {
    if (a.no_store) return;
    store::Database db(global.database_path());
    db.insert(runs);
    fmt::print(stderr, "stored as runs {}..{} in {}\n", runs.front().id, runs.back().id,
               db.where());
}

void add_common(CLI::App& app, ExperimentArgs& a) {
    app.add_option("algorithms", a.algorithms, "what to measure (openssl speed names)");
    app.add_option("--seconds", a.seconds, "seconds per figure (default 0.3)")
        ->check(seconds_range());
    app.add_option("--bytes", a.bytes, "block sizes (default 8192)");
    app.add_option("--repeat", a.repeat,
                   "rounds: the variants alternate, one repetition each per round (default 3)")
        ->check(CLI::Range(1, 1000));
    app.add_option("--label", a.label, "label prefix of the stored runs")
        ->transform(name_rule(NameKind::label));
    add_format_option(app, a.format, report::comparison_formats());
    app.add_flag("--no-store", a.no_store, "do not store the runs");
}

int features(const ExperimentArgs& a, Global& global) {
    Machine machine = sysinfo::capture_machine();
    std::vector<std::string> names =
        a.features.empty() ? features_present(machine.cpu_flags) : a.features;
    if (names.empty())
        throw Error(ErrorKind::failed,
                    "this CPU shows none of the features libcrypto can be told to ignore");
    std::vector<std::string> defaults = ids_with(kFeatures);
    std::vector<ChildRun> variants{{{}, "", child_args(a, defaults)}};
    std::vector<std::string> labels{"native"};
    std::vector<std::string> masks{""};
    for (const auto& name : names) {
        std::string mask = ia32cap_mask({name});
        variants.push_back({{}, mask, child_args(a, defaults)});
        labels.push_back("without " + name);
        masks.push_back(name + " (OPENSSL_ia32cap=" + mask + ")");
    }
    bool interrupted = false;
    auto runs = run_interleaved(variants, labels, a.repeat, "; nothing stored", interrupted);
    runs[0].label = a.label + "-native";
    for (size_t i = 1; i < runs.size(); ++i) {
        runs[i].label = a.label + "-no-" + names[i - 1];
        runs[i].cpu_mask = masks[i];
    }
    for (auto& r : runs) {
        r.machine = machine;
        r.machine.edit().label = name_from_text(machine.hostname, NameKind::machine);
    }
    store_all(runs, a, global);
    // Side by side with the native run as baseline; the table is then inverted to native/masked.
    auto table = compare::side_by_side(runs, 0, {});
    if (a.format != "text") {
        write_output(report::render(table, a.format, runs), "");
        return partial(interrupted);
    }
    std::string out =
        "What each CPU feature is worth to libcrypto: native / masked per figure (above 1: the "
        "feature helps)\n" +
        report::feature_table(table, names);
    for (const auto& c : table.caveats)
        if (c.rfind("CPU feature masks differ", 0) != 0)
            out += "note: " + c + "\n";  // that is the experiment
    for (size_t i = 1; i < runs.size(); ++i) out += "masked: " + runs[i].cpu_mask + "\n";
    write_output(out, "");
    return partial(interrupted);
}

int emulator(const ExperimentArgs& a, Global& global) {
    if (a.under.empty())
        throw Error(ErrorKind::usage, "experiment emulator needs --under 'COMMAND'");
    std::vector<std::string> defaults = ids_with(kEmulator);
    Machine machine = sysinfo::capture_machine();
    bool interrupted = false;
    auto runs = run_interleaved(
        {{{}, "", child_args(a, defaults)}, {split_command(a.under), "", child_args(a, defaults)}},
        {"native", "under '" + a.under + "'"}, a.repeat, "\nnothing stored", interrupted);
    runs[0].label = a.label + "-native";
    runs[1].label = a.label + "-emulated";
    for (auto& r : runs) r.machine = machine;
    record_wrapper(runs[1], a.under);
    store_all(runs, a, global);
    // A = emulated, B = native: every cell reads "native is N times faster".
    auto table = compare::ratio_table(runs[1], runs[0]);
    write_output(report::render(table, a.format, runs), "");
    return partial(interrupted);
}
}  // namespace

Command add_experiment(CLI::App& app, Global& global) {
    app.require_subcommand(1);
    auto a = std::make_shared<ExperimentArgs>();
    auto* f = app.add_subcommand(
        "features", "what each CPU feature is worth: the suite with each one masked in turn");
    add_common(*f, *a);
    f->add_option("--features", a->features, "features to mask (default: those this CPU has)")
        ->delimiter(',')
        ->allow_extra_args(false);  // "--bytes 8192 md5": md5 is an algorithm
    auto* e =
        app.add_subcommand("emulator", "native and emulated back to back, and their ratio table");
    add_common(*e, *a);
    e->add_option("--under", a->under,
                  "the wrapper or emulator command, e.g. 'qemu-x86_64 -cpu Westmere'")
        ->required();
    auto* isa = app.add_subcommand(
        "isa", "speedlab's portable kernels built for several CPU levels, compared");
    add_isa_options(*isa);
    return [a, f, e, isa, &global]() -> int {
        if (!a->algorithms.empty()) bench::select_algorithms(a->algorithms);  // or exit 2
        if (f->parsed()) return features(*a, global);
        if (e->parsed()) return emulator(*a, global);
        if (isa->parsed()) return run_isa_experiment(global);
        return Exit::usage;
    };
}

}  // namespace speedlab::cli
