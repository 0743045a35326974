#include "compare/check_history.h"

#include <fmt/format.h>

#include <cmath>
#include <map>

#include "compare/change_points.h"
#include "compare/mean.h"
#include "core/build.h"
#include "core/statistics.h"

namespace speedlab::compare {

namespace {
// A figure's level: the median of its values since the last change, and their noise.
struct Level {
    double median = 0, noise = 0;
    size_t n = 0;
};

Level level_of(const std::vector<double>& values, double noise_floor) {
    size_t from = 0;
    if (auto changes = change_points(values); !changes.empty()) from = changes.back().index;
    std::vector<double> now(values.begin() + static_cast<std::ptrdiff_t>(from), values.end());
    std::vector<double> logs;
    for (double v : now) logs.push_back(std::log(v));
    Level l;
    l.median = summarize(now).median;
    l.n = now.size();
    // Five values say something about their own spread; fewer lean on the floor.
    l.noise = now.size() >= 5 ? std::max(series_noise(logs), 0.002) : noise_floor;
    return l;
}

// The candidate's figure against the level: a new value's 95% prediction interval.
CheckRow row_of(const std::string& metric, const Level& l, double value, double threshold) {
    CheckRow row;
    row.metric = metric;
    row.baseline = l.median;
    row.candidate = value;
    double n = static_cast<double>(l.n);
    row.stats.ratio = value / l.median;
    row.stats.uncertainty = l.noise * std::sqrt(1 + 1.5708 / n);
    double h = (l.n >= 2 ? t95(l.n - 1) : 1.96) * row.stats.uncertainty;
    row.stats.low = row.stats.ratio * std::exp(-h);
    row.stats.high = row.stats.ratio * std::exp(h);
    row.stats.significant = row.stats.low > 1 || row.stats.high < 1;
    if (row.stats.ratio < 1 - threshold && row.stats.high < 1) row.verdict = Verdict::regression;
    if (row.stats.ratio > 1 + threshold && row.stats.low > 1) row.verdict = Verdict::improvement;
    return row;
}
}  // namespace

std::optional<HistoryCheck> check_against_history(const std::vector<Run>& earlier,
                                                  const Run& candidate, double threshold,
                                                  double noise, bool allow_missing, size_t recent) {
    std::string key = build_key(candidate);
    std::vector<const Run*> same;
    for (const auto& r : earlier)
        if (r.id != candidate.id && build_key(r) == key) same.push_back(&r);
    if (same.empty()) return std::nullopt;
    if (same.size() > recent) same.erase(same.begin(), same.end() - static_cast<long>(recent));
    HistoryCheck out;
    out.runs = same.size();
    out.build = build_name(candidate);
    out.baseline = *same.back();  // its facts and figure list: the newest run of the build
    out.baseline.id = 0;
    out.baseline.label =
        fmt::format("the level of the last {} run(s) of {}", same.size(), out.build);
    CheckResult& res = out.result;
    res.threshold = threshold, res.noise = noise, res.allow_missing = allow_missing;
    MeanBuilder mean;
    for (auto& m : out.baseline.measurements) {
        std::vector<double> values;
        for (const Run* r : same)
            if (const auto* f = r->find(m.algorithm, m.operation, m.parameter); f && f->value > 0)
                values.push_back(f->value);
        const Measurement* c = candidate.find(m.algorithm, m.operation, m.parameter);
        if (!c || !(c->value > 0) || values.empty()) {
            res.missing.push_back(metric_key(m));
            continue;
        }
        Level l = level_of(values, noise);
        m.value = l.median;
        m.samples.clear();
        CheckRow row = row_of(metric_key(m), l, c->value, threshold);
        add_to_mean(mean, row, m, *c, noise);
        res.rows.push_back(std::move(row));
    }
    res.mean = mean.result();
    return out;
}

}  // namespace speedlab::compare
