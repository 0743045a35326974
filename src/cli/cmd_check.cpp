// speedlab check BASELINE [CANDIDATE]: the regression gate for continuous
// integration. Exit 0 when nothing regressed, 1 when something did, 2 on usage.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "cli/check_history.h"
#include "cli/commands.h"
#include "cli/format_option.h"
#include "cli/measure.h"
#include "cli/run_selection.h"
#include "compare/check.h"
#include "core/algorithm.h"
#include "core/clock.h"
#include "core/machine_pattern.h"
#include "report/check_report.h"
#include "store/database.h"

namespace speedlab::cli {

namespace {
struct CheckArgs {
    std::string baseline, candidate, format = "text", output, label, against = "run";
    double threshold_percent = 3, noise_percent = 2, seconds = 1;
    int repeat = 3;
    bool no_store = false, allow_missing = false;
};

// The baseline's algorithms and block sizes, measured here and now.
Run measure_like(const Run& baseline, const CheckArgs& a) {
    bench::RunOptions opt;
    std::vector<int64_t> sizes;
    for (const auto& m : baseline.measurements) {
        opt.ids.push_back(m.algorithm);
        if (m.operation == Operation::throughput) sizes.push_back(m.parameter);
    }
    opt.ids = unique_in_order(opt.ids);
    if (!sizes.empty()) opt.sizes = unique_in_order(sizes);
    opt.seconds = opt.public_key_seconds = a.seconds;
    opt.repeat = a.repeat;
    opt.timing = baseline.timing == Timing::wall ? Timing::wall : Timing::user_cpu;
    auto outcome = measure_here(opt, std::max(1, baseline.processes));
    if (outcome.interrupted) throw Error(ErrorKind::interrupted, "interrupted: nothing checked");
    warn_about_spread(outcome.run);
    outcome.run.machine.edit().label =
        name_from_text(outcome.run.machine->hostname, NameKind::machine);
    // Named as `list` shows it later: the machine and the day, not "now".
    outcome.run.label = !a.label.empty()
                            ? a.label
                            : name_from_text(fmt::format("{} {}", outcome.run.machine->label,
                                                         utc_now().substr(0, 10)),
                                             NameKind::label);
    return std::move(outcome.run);
}

// machine:NAME is its newest run (a CI gate's "the last good run").
bool names_machine(const std::string& word) {
    return word.rfind("machine:", 0) == 0;
}

// machine:PATTERN names one machine's latest run: a pattern that matches
// several machines would pick one silently, so it is refused with their names.
std::string ambiguous_machine(const store::Database& db, const std::string& name) {
    if (!names_machine(name)) return {};
    auto matched = match_machines(name.substr(8), db.machine_names());
    if (matched.size() < 2) return {};
    return fmt::format("'{}' matches {} machines ({}); give one: machine:NAME", name,
                       matched.size(), fmt::join(matched, ", "));
}

// A baseline of BogoMips alone gives `check` nothing to measure.
bool only_bogomips(const Run& run) {
    return std::all_of(run.measurements.begin(), run.measurements.end(),
                       [](const Measurement& m) { return m.algorithm.view() == kBogomipsId; });
}

// The run named as candidate, or else the baseline's figures measured now
// (stored unless --no-store).
Run candidate_for(store::Database& db, const Run& baseline, const CheckArgs& a) {
    if (!a.candidate.empty())
        return resolve_one(db, a.candidate, "check", names_machine(a.candidate));
    if (only_bogomips(baseline))
        throw Error(ErrorKind::usage,
                    fmt::format("run {} holds only BogoMips figures, which check cannot "
                                "measure; give a candidate run to check against it; nothing "
                                "measured",
                                baseline.id));
    Run candidate = measure_like(baseline, a);
    if (!a.no_store) {
        db.insert(candidate);
        fmt::print(stderr, "stored the candidate as run {} in {}\n", candidate.id, db.where());
    }
    return candidate;
}
}  // namespace

Command add_check(CLI::App& app, Global& global) {
    auto a = std::make_shared<CheckArgs>();
    app.add_option("baseline", a->baseline,
                   "the run to hold the line: id, label, or machine:NAME (its latest run)")
        ->required();
    app.add_option("candidate", a->candidate,
                   "a stored run; omitted: measure now with the baseline's algorithms and sizes");
    app.add_option("--threshold", a->threshold_percent,
                   "percent change that counts (default 3), when also beyond noise")
        ->transform(percent_range(0, 100));
    app.add_option("--noise", a->noise_percent,
                   "run-to-run noise of a figure measured once, in percent (default 2)")
        ->transform(percent_range(0, 50));
    add_format_option(app, a->format, report::check_formats());
    app.add_option("-o,--output", a->output, "write the verdict to this file");
    app.add_option("--seconds", a->seconds, "measuring now: seconds per repetition (default 1)")
        ->check(seconds_range());
    app.add_option("--repeat", a->repeat, "measuring now: repetitions per figure (default 3)")
        ->check(CLI::Range(1, 1000));
    app.add_option("--label", a->label, "measuring now: label of the candidate run")
        ->transform(name_rule(NameKind::label));
    app.add_flag("--no-store", a->no_store, "measuring now: do not store the candidate");
    app.add_flag("--allow-missing", a->allow_missing,
                 "pass although the candidate lacks some of the baseline's figures");
    app.add_option("--against", a->against,
                   "run: against BASELINE; history: the stored run BASELINE names against the "
                   "recent runs of its machine and build")
        ->check(CLI::IsMember({"run", "history"}));
    return [a, &global]() -> int {
        if (a->against == "history") {
            if (!a->candidate.empty())
                throw Error(ErrorKind::usage,
                            "--against history checks one stored run: name only it");
            store::Database db(global.database_path(), store::Access::read);
            return check_with_history(
                db, {a->baseline, a->format, a->output, a->threshold_percent / 100,
                     a->noise_percent / 100, a->allow_missing});
        }
        bool writes = a->candidate.empty() && !a->no_store;  // the candidate measured now
        store::Database db(global.database_path(),
                           writes ? store::Access::write : store::Access::read);
        for (const auto* name : {&a->baseline, &a->candidate})
            if (auto problem = ambiguous_machine(db, *name); !problem.empty())
                throw Error(ErrorKind::usage, problem + "; nothing checked");
        auto baseline = resolve_one(db, a->baseline, "check", names_machine(a->baseline));
        Run candidate = candidate_for(db, baseline, *a);
        auto result = compare::check(baseline, candidate, a->threshold_percent / 100,
                                     a->noise_percent / 100, a->allow_missing);
        if (result.rows.empty())
            throw Error(ErrorKind::usage, "the runs share no figure: nothing to check");
        write_formatted(a->format,
                        report::check_formats().render(a->format, {result, baseline, candidate}),
                        a->output);
        return result.passed() ? Exit::ok : Exit::failure;
    };
}

}  // namespace speedlab::cli
