#include "report/check_report.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "compare/ratio.h"
#include "core/json.h"
#include "core/text.h"
#include "report/comparison_parts.h"
#include "report/speed_table.h"
#include "report/verdict.h"

namespace speedlab::report {

namespace {

std::string figure(double v, const std::string& metric) {
    return metric.find('@') != std::string::npos ? throughput_cell(v) : fmt::format("{:.4g}/s", v);
}

std::string rows_of(const compare::CheckResult& r, compare::Verdict verdict) {
    std::string out;
    for (const auto& row : r.rows) {
        if (row.verdict != verdict) continue;
        out += fmt::format("  {:<24} {:>14} -> {:<14} {:>+7.1f}%  (95%: {:+.1f}% to {:+.1f}%)\n",
                           row.metric, figure(row.baseline, row.metric),
                           figure(row.candidate, row.metric), 100 * (row.stats.ratio - 1),
                           100 * (row.stats.low - 1), 100 * (row.stats.high - 1));
    }
    return out;
}

const char* verdict_name(compare::Verdict v) {
    switch (v) {
        case compare::Verdict::regression:
            return "regression";
        case compare::Verdict::improvement:
            return "improvement";
        case compare::Verdict::cannot_say:
            return "cannot say";
        default:
            return "unchanged";
    }
}

// check follows one machine over time: against another machine's baseline a
// difference may be the machine's, not the change's. Names compared in any
// case; without both names, the CPUs.
std::vector<std::string> check_caveats(const Run& baseline, const Run& candidate) {
    auto caveats = compare::comparability_caveats({&baseline, &candidate});
    const Machine &a = baseline.machine, &b = candidate.machine;
    bool named = !a.label.empty() && !b.label.empty();
    bool differ = named ? lower_ascii(a.label) != lower_ascii(b.label)
                        : !a.cpu_name.empty() && !b.cpu_name.empty() && a.cpu_name != b.cpu_name;
    if (differ)
        caveats.insert(caveats.begin(),
                       fmt::format("machines differ: the baseline is of {}, the candidate of {}; "
                                   "a difference may be the machine's, not the change's",
                                   named ? a.label : a.cpu_name, named ? b.label : b.cpu_name));
    return caveats;
}

// "check: B against baseline A: ...", then its caveats: text and markdown begin alike.
std::string check_header(const CheckView& v) {
    const auto& r = v.result;
    std::string out = fmt::format(
        "check: {} against baseline {}: {} shared figure(s), threshold "
        "{:.1f}%, noise floor {:.1f}%\n",
        compare::run_label(v.candidate), compare::run_label(v.baseline), r.rows.size(),
        100 * r.threshold, 100 * r.noise);
    for (const auto& c : check_caveats(v.baseline, v.candidate)) out += "caveat: " + c + "\n";
    return out;
}

std::string verdict_line(const compare::CheckResult& r) {
    return r.passed() ? std::string("PASS: no regression\n")
                      : fmt::format("FAIL: {}\n", r.failures());
}

std::string check_text(const CheckView& v, const FormatOptions&) {
    const auto& r = v.result;
    std::string out = check_header(v);
    if (r.regressions() > 0)
        out += fmt::format("regressions (slower by more than {:.1f}%, beyond noise):\n",
                           100 * r.threshold) +
               rows_of(r, compare::Verdict::regression);
    if (r.improvements() > 0)
        out += fmt::format("improvements (faster by more than {:.1f}%, beyond noise):\n",
                           100 * r.threshold) +
               rows_of(r, compare::Verdict::improvement);
    if (r.cannot_say() > 0)
        out += "cannot say (a ratio or its interval is not a finite number):\n" +
               rows_of(r, compare::Verdict::cannot_say);
    out += mean_text(r.mean) + "\n";
    if (auto l = left_out_text(r.mean); !l.empty()) out += l + "\n";
    size_t same = r.rows.size() - r.regressions() - r.improvements() - r.cannot_say();
    out += fmt::format("{} figure(s) within the threshold or within noise\n", same);
    if (!r.missing.empty())
        out += fmt::format("{} baseline figure(s) the candidate lacks: {}{}\n", r.missing.size(),
                           r.missing.front(), r.missing.size() > 1 ? ", ..." : "");
    return out + verdict_line(r);
}

std::string check_json(const CheckView& v, const FormatOptions&) {
    const auto& r = v.result;
    const Run &baseline = v.baseline, &candidate = v.candidate;
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : r.rows)
        rows.push_back({{"metric", row.metric},
                        {"baseline", row.baseline},
                        {"candidate", row.candidate},
                        {"ratio", row.stats.ratio},
                        {"low", row.stats.low},
                        {"high", row.stats.high},
                        {"p_value", row.stats.p_value ? nlohmann::json(*row.stats.p_value)
                                                      : nlohmann::json(nullptr)},
                        {"verdict", verdict_name(row.verdict)}});
    nlohmann::json j{
        {"baseline", {{"id", baseline.id}, {"label", baseline.label}}},
        {"candidate", {{"id", candidate.id}, {"label", candidate.label}}},
        {"threshold", r.threshold},
        {"noise", r.noise},
        {"regressions", r.regressions()},
        {"improvements", r.improvements()},
        {"passed", r.passed()},
        {"cannot_say", r.cannot_say()},
        {"allow_missing", r.allow_missing},
        {"missing", r.missing},
        {"caveats", check_caveats(baseline, candidate)},
        {"figures", rows},
        {"mean",
         {{"geometric_mean",
           r.mean.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.mean.ratio)},
          {"low", r.mean.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.mean.low)},
          {"high", r.mean.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.mean.high)},
          {"figures", r.mean.figures},
          {"left_out", r.mean.left_out},
          {"left_out_metrics", r.mean.left_out_metrics}}}};
    return json_text(j);
}

std::string check_csv(const CheckView& v, const FormatOptions&) {
    std::string out = detail::csv_row(
        {"metric", "baseline", "candidate", "ratio", "low", "high", "p_value", "verdict"});
    for (const auto& row : v.result.rows)
        out += detail::csv_row(
            {row.metric, fmt::format("{}", row.baseline), fmt::format("{}", row.candidate),
             fmt::format("{}", row.stats.ratio), fmt::format("{}", row.stats.low),
             fmt::format("{}", row.stats.high), detail::number_or_empty(row.stats.p_value),
             verdict_name(row.verdict)});
    return out;
}

std::string check_markdown(const CheckView& v, const FormatOptions&) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& row : v.result.rows)
        rows.push_back({row.metric, figure(row.baseline, row.metric),
                        figure(row.candidate, row.metric),
                        fmt::format("{:+.1f}%", 100 * (row.stats.ratio - 1)),
                        fmt::format("{:+.1f}% to {:+.1f}%", 100 * (row.stats.low - 1),
                                    100 * (row.stats.high - 1)),
                        verdict_name(row.verdict)});
    return check_header(v) + "\n" +
           detail::markdown_grid({"figure", "baseline", "candidate", "change", "95%", "verdict"},
                                 rows, {false, true, true, true, true, false}) +
           "\n" + mean_text(v.result.mean) + "\n" + verdict_line(v.result);
}
}  // namespace

const Formats<CheckView>& check_formats() {
    static const Formats<CheckView> formats{{{"text", check_text},
                                             {"json", check_json},
                                             {"csv", check_csv},
                                             {"markdown", check_markdown}}};
    return formats;
}

}  // namespace speedlab::report
