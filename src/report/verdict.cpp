#include "report/verdict.h"

#include <fmt/format.h>

#include <cmath>

#include "report/comparison.h"

namespace speedlab::report {

using compare::Significance;

std::string factor(double ratio) {
    // "7370x", not "7.37e+03x"; "0.000136x" keeps three significant digits.
    return ratio >= 100 ? fmt::format("{:.0f}x", ratio) : fmt::format("{:.3g}x", ratio);
}

std::string range(double low, double high) {
    // One word for both ends where they agree: "120x to 150x slower".
    if (low > 2) return factor(low) + " to " + factor(high) + " faster";
    if (high < 0.5 && low > 0) return factor(1 / high) + " to " + factor(1 / low) + " slower";
    return percent(low) + " to " + percent(high);
}

std::string change_words(double ratio) {
    if (ratio > 2 || ratio < 0.5) return percent(ratio);
    std::string p = percent(ratio);
    if (p == "+0%") return "as fast";
    return p.substr(1) + (ratio >= 1 ? " faster" : " slower");
}

std::string verdict_headline(const compare::RunVerdict& v) {
    std::string s = fmt::format("{} against {}: {} faster, {} slower, {} within noise", v.run,
                                v.baseline, v.faster, v.slower, v.within_noise);
    if (v.unknown) s += fmt::format(", {} unsure", v.unknown);
    return s;
}

std::string mean_text(const compare::MeanEstimate& m) {
    if (m.empty())  // nothing shared, or nothing shared precise enough
        return m.left_out == 0 ? "no figures in common"
                               : "no geometric mean: no figure precise enough";
    std::string mean = percent(m.ratio);
    return fmt::format("geometric mean {} (95%: {}{}) over {} figure{}", mean, range(m.low, m.high),
                       m.within_noise() ? ", within noise" : "", m.figures,
                       m.figures == 1 ? "" : "s");
}

std::string left_out_text(const compare::MeanEstimate& m) {
    if (m.left_out == 0) return {};
    std::string s = fmt::format(
        "{} figure{} left out of the mean, printed with fewer than 3 significant digits or "
        "rounded beyond the noise floor: ",
        m.left_out, m.left_out == 1 ? "" : "s");
    for (size_t i = 0; i < m.left_out_metrics.size(); ++i)
        s += (i ? ", " : "") + m.left_out_metrics[i];
    if (m.left_out > m.left_out_metrics.size()) s += ", ...";
    return s;
}

std::string difference_sentence(const compare::Difference& d, const std::string& run,
                                const std::string& baseline) {
    const auto& c = d.cell;
    std::string s =
        fmt::format("{} is {} than {} in {}", run, change_words(*c.ratio), baseline, d.metric);
    if (change_words(*c.ratio) == "as fast")
        s = fmt::format("{} is as fast as {} in {}", run, baseline, d.metric);
    if (c.significance == Significance::within_noise) s += ", within noise";
    if (c.significance == Significance::unknown) s += ", unsure";
    if (c.low && c.high) s += " (95%: " + range(*c.low, *c.high) + ")";
    return s;
}

std::string difference_phrase(const compare::Difference& d) {
    const auto& c = d.cell;
    std::string s = change_words(*c.ratio) + " in " + d.metric;
    if (c.significance == Significance::within_noise) s += ", within noise";
    if (c.significance == Significance::unknown) s += ", unsure";
    if (c.low && c.high) s += " (95%: " + range(*c.low, *c.high) + ")";
    return s;
}

std::string left_out_rule() {
    return "left out of a geometric mean: figures printed with fewer than 3 significant digits, "
           "or rounded beyond the noise floor (a typed \"0.1\" would weigh as much as "
           "\"6242.30k\")";
}

std::string compact_line(const compare::RunVerdict& v) {
    std::string s = verdict_headline(v) + "; " + mean_text(v.mean);
    if (v.mean.left_out) s += fmt::format(", {} left out*", v.mean.left_out);
    if (!v.largest.empty()) s += "; largest: " + difference_phrase(v.largest.front());
    return s;
}

std::vector<std::string> verdict_lines(const std::vector<compare::RunVerdict>& verdicts) {
    std::vector<std::string> out;
    if (verdicts.size() > 4) {
        bool any_left_out = false;
        for (const auto& v : verdicts) {
            out.push_back(compact_line(v));
            any_left_out = any_left_out || v.mean.left_out > 0;
        }
        if (any_left_out) out.push_back("* " + left_out_rule());
        return out;
    }
    for (const auto& v : verdicts) {
        out.push_back(verdict_headline(v) + "; " + mean_text(v.mean));
        if (auto l = left_out_text(v.mean); !l.empty()) out.push_back("  " + l);
        for (size_t i = 0; i < v.largest.size(); ++i)
            out.push_back("  " + std::string(i == 0 ? "largest: " : "         ") +
                          difference_sentence(v.largest[i], v.run, v.baseline));
    }
    return out;
}

}  // namespace speedlab::report
