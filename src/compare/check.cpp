#include "compare/check.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "compare/ratio.h"

namespace speedlab::compare {

size_t CheckResult::regressions() const {
    return static_cast<size_t>(std::count_if(rows.begin(), rows.end(), [](const CheckRow& r) {
        return r.verdict == Verdict::regression;
    }));
}

size_t CheckResult::improvements() const {
    return static_cast<size_t>(std::count_if(rows.begin(), rows.end(), [](const CheckRow& r) {
        return r.verdict == Verdict::improvement;
    }));
}

size_t CheckResult::cannot_say() const {
    return static_cast<size_t>(std::count_if(rows.begin(), rows.end(), [](const CheckRow& r) {
        return r.verdict == Verdict::cannot_say;
    }));
}

bool CheckResult::passed() const {
    return regressions() == 0 && cannot_say() == 0 && (allow_missing || missing.empty());
}

std::string CheckResult::failures() const {
    std::vector<std::string> parts;
    if (size_t n = regressions()) parts.push_back(fmt::format("{} regression(s)", n));
    if (size_t n = cannot_say()) parts.push_back(fmt::format("{} figure(s) it cannot judge", n));
    if (!allow_missing && !missing.empty())
        parts.push_back(fmt::format("{} baseline figure(s) missing (--allow-missing accepts that)",
                                    missing.size()));
    return fmt::format("{}", fmt::join(parts, ", "));
}

CheckRow check_figure(const Measurement& a, const Measurement& b, double threshold, double noise) {
    CheckRow row;
    row.metric = metric_key(a);
    row.baseline = a.value;
    row.candidate = b.value;
    row.stats = ratio_stats(a, b, false, noise);
    if (!std::isfinite(row.stats.ratio) || !std::isfinite(row.stats.low) ||
        !std::isfinite(row.stats.high) || row.stats.ratio <= 0) {
        row.verdict = Verdict::cannot_say;
        return row;
    }
    // Beyond the threshold and beyond noise: the interval excludes "no change".
    if (row.stats.ratio < 1 - threshold && row.stats.significant && row.stats.high < 1)
        row.verdict = Verdict::regression;
    else if (row.stats.ratio > 1 + threshold && row.stats.significant && row.stats.low > 1)
        row.verdict = Verdict::improvement;
    return row;
}

void add_to_mean(MeanBuilder& mean, const CheckRow& row, const Measurement& a, const Measurement& b,
                 double noise) {
    RatioCell c;
    c.ratio = row.stats.ratio;
    c.uncertainty = row.stats.uncertainty;
    c.coarse = !fit_for_mean(a, noise) || !fit_for_mean(b, noise);
    mean.add(row.metric, c);
}

CheckResult check(const Run& baseline, const Run& candidate, double threshold, double noise,
                  bool allow_missing) {
    CheckResult out;
    out.allow_missing = allow_missing;
    out.threshold = threshold;
    out.noise = noise;
    MeanBuilder mean;
    for (const auto& a : baseline.measurements) {
        const Measurement* b = candidate.find(a.algorithm, a.operation, a.parameter);
        if (!b || b->value <= 0 || a.value <= 0) {
            out.missing.push_back(metric_key(a));
            continue;
        }
        CheckRow row = check_figure(a, *b, threshold, noise);
        if (row.verdict == Verdict::cannot_say) {
            out.rows.push_back(std::move(row));
            continue;
        }
        add_to_mean(mean, row, a, *b, noise);
        out.rows.push_back(std::move(row));
    }
    out.mean = mean.result();
    return out;
}

}  // namespace speedlab::compare
