#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "cli/commands.h"
#include "cli/reference_source.h"
#include "cli/width.h"
#include "compare/interval.h"
#include "compare/ratio.h"
#include "core/algorithm_registry.h"
#include "core/metric_pattern.h"
#include "core/text.h"
#include "report/compare_runs.h"
#include "report/comparison.h"
#include "store/database.h"

namespace speedlab::cli {

namespace {
struct CompareArgs {
    size_t width = 0;
    std::vector<std::string> runs;
    std::string metrics, baseline, format = "text", output, units = "si";
    bool side_by_side = false, all = false, ratios_only = false;
    double noise_percent = 100 * compare::kDefaultNoise;
};

// "run 12", or a reference run's "ref:LABEL" (it has no id).
std::string run_name(const Run& run) {
    return run.id ? fmt::format("run {}", run.id) : run.label;
}

// The runs WORDS name, two at least.
std::vector<Run> runs_compared(const store::Database& db, const std::vector<std::string>& words) {
    std::vector<Run> runs = resolve_with_reference(db, words);
    if (runs.size() < 2)
        throw Error(ErrorKind::usage,
                    fmt::format("compare needs two runs or more, and {} names one ({})",
                                terminal_safe(fmt::format("{}", fmt::join(words, " "))),
                                runs.empty() ? "deleted meanwhile" : run_name(runs.front())));
    return runs;
}

// --baseline: a run's id, label or machine; none given, the first run.
size_t baseline_index(const std::vector<Run>& runs, const std::string& name) {
    if (name.empty()) return 0;
    auto it = std::find_if(runs.begin(), runs.end(), [&](const Run& r) {
        return (r.id && std::to_string(r.id) == name) || r.label == name ||
               r.machine->label == name;
    });
    if (it == runs.end())
        throw Error(ErrorKind::usage, "--baseline " + name + " is not one of the runs compared");
    return static_cast<size_t>(it - runs.begin());
}

// Examples from the registry: the classic suite's first digest, its first
// cipher by the name 3.x prints, its largest RSA key and a cipher family.
std::string metrics_help() {
    const AlgorithmInfo *digest = nullptr, *printed = nullptr, *cipher = nullptr, *key = nullptr;
    for (const auto& a : algorithm_table()) {
        if (!a.has(kClassic)) continue;
        if (!digest && a.kind == AlgorithmKind::digest) digest = &a;
        if (!printed && a.kind == AlgorithmKind::cipher && a.row_3x != a.id) printed = &a;
        if (a.kind == AlgorithmKind::cipher) cipher = &a;
        if (a.family == kRsaFamily) key = &a;
    }
    return fmt::format(
        "figures to show side by side: ids or printed names, e.g. {0}@8192,{1}.sign, {2}@8192, "
        "{0} (every size), {1} (sign and verify), {3}, '{4}-*@8192'",
        digest->id, key->id, printed->row_3x, key->family, cipher->family);
}
}  // namespace

Command add_compare(CLI::App& app, Global& global) {
    auto a = std::make_shared<CompareArgs>();
    app.add_option("runs", a->runs,
                   "two or more runs (the first is A, the baseline): ids, ranges (3-9), labels or "
                   "their start, machine names, machine:NAME (all its runs), all, ref:TEXT (a "
                   "reference machine)")
        ->required()
        ->expected(1, 1000);
    app.add_option("--metrics", a->metrics, metrics_help());
    app.add_option("--baseline", a->baseline,
                   "run the others are compared with (default: the first)");
    app.add_flag("--side-by-side", a->side_by_side, "side-by-side table even for two runs");
    app.add_flag("--all", a->all, "also the figures fewer than two runs have");
    app.add_option("--noise", a->noise_percent,
                   "run-to-run noise assumed for a figure measured once, in percent (default 2)")
        ->transform(percent_range(0, 50));
    auto* format_option = app.add_option("--format", a->format,
                                         report::comparison_formats().help() +
                                             " (default: from the -o file's extension, else text)")
                              ->check(CLI::IsMember(report::comparison_formats().names()));
    app.add_option("-o,--output", a->output,
                   "write to this file instead of stdout; .html .md .csv .json .txt choose the "
                   "format unless --format does");
    app.add_option("--units", a->units,
                   "throughput in text: si (kB/s, MB/s, GB/s; default) or openssl (the k of "
                   "openssl speed)")
        ->check(CLI::IsMember({"si", "openssl"}));
    app.add_flag("--ratios-only", a->ratios_only,
                 "two runs: only the ratios, in the sslcmp layout (with the seconds columns)");
    add_width_option(app, a->width);
    return [a, &global, format_option]() -> int {
        store::Database db(global.database_path(), store::Access::read);
        std::vector<Run> runs = runs_compared(db, a->runs);
        std::vector<MetricKey> metrics;
        if (!a->metrics.empty())
            metrics = select_metrics(a->metrics, compare::metric_keys(runs), "--metrics");
        size_t baseline = baseline_index(runs, a->baseline);
        std::string_view format = report::comparison_formats().find(a->format)->name;
        if (format_option->count() == 0 && !a->output.empty())
            format = report::format_of_path(a->output).value_or("text");
        report::FormatOptions options{.width = a->output.empty() ? output_width(a->width) : 100,
                                      .units = *report::parse_units(a->units),
                                      .ratios_only = a->ratios_only};
        compare::CompareRequest request{baseline, std::move(metrics), a->noise_percent / 100,
                                        a->all, a->side_by_side};
        std::string compared = report::compare_runs(runs, request, format, options);
        // Names from imported files reach a terminal (or a page) as `list` shows them.
        const std::string text =
            format == "json" || format == "csv" ? std::move(compared) : terminal_safe(compared);
        write_output(text, a->output);
        if (!a->output.empty()) fmt::print(stderr, "wrote {} ({})\n", a->output, format);
        return Exit::ok;
    };
}

}  // namespace speedlab::cli
