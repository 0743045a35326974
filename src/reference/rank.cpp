#include "reference/rank.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "compare/interval.h"
#include "compare/ratio.h"
#include "core/text.h"

namespace speedlab::reference {

namespace {
// Each closer machine's library version or build differing costs this much
// closeness (10%), so a machine of the same build wins a near tie.
const double kDiffers = std::log(1.10);
constexpr size_t kLeastShared = 3;  // figures a mean needs to place a machine

// One process's share of a -multi run's figure: machines compare per core.
Measurement per_process(const Measurement& m, int processes) {
    if (processes <= 1) return m;
    Measurement out = m;
    double n = processes;
    out.value /= n;
    out.printed_step /= n;
    for (auto& s : out.samples) s /= n;
    return out;
}

std::map<std::string, Measurement> figures_of(const Run& run) {
    std::map<std::string, Measurement> out;
    for (const auto& m : run.measurements)
        if (m.value > 0) out.emplace(metric_key(m), per_process(m, run.processes));
    return out;
}

bool wanted(const std::vector<MetricKey>& metrics, const std::string& key) {
    if (metrics.empty()) return true;
    return std::any_of(metrics.begin(), metrics.end(),
                       [&](const MetricKey& k) { return metric_key(k) == key; });
}

// A reference run the user imported is itself: it does not rank against itself.
bool is_itself(const Run& run, const ReferenceRun& r) {
    return run.label == r.run.label && run.source_sha256 == r.run.source_sha256;
}

using Figures = std::vector<std::pair<const ReferenceRun*, Measurement>>;

// The percentile, and its 95% range: the share of machines this run is
// surely above (the ratio's interval above 1) to the share it may be above
// (all but those surely above it), as printed precision and noise allow.
FigureRank rank_figure(const std::string& key, const Measurement& mine, const Figures& theirs,
                       double noise) {
    FigureRank f{key, mine.value, theirs.size(), 0, 0, 0, std::nullopt, std::nullopt};
    double below = 0, surely_below = 0, surely_above = 0;
    for (const auto& [r, m] : theirs) {
        double v = m.value;
        if (v < mine.value) below += 1;
        if (v == mine.value) below += 0.5;
        if (v <= mine.value && (!f.below || v > f.below->value)) f.below = Neighbour{r, v};
        if (v > mine.value && (!f.above || v < f.above->value)) f.above = Neighbour{r, v};
        auto stats = compare::ratio_stats(m, mine, false, noise);  // mine over theirs
        if (stats.low > 1) surely_below += 1;
        if (stats.high < 1) surely_above += 1;
    }
    double n = static_cast<double>(theirs.size());
    if (n > 0) {
        f.percentile = 100 * below / n;
        f.percentile_low = 100 * surely_below / n;
        f.percentile_high = 100 * (n - surely_above) / n;
    }
    return f;
}

double score(const Closeness& c) {
    return std::abs(std::log(c.mean.ratio)) + (c.same_version ? 0 : kDiffers) +
           (c.build_known && !c.same_build ? kDiffers : 0);
}
}  // namespace

std::string library_version(const std::string& version) {
    auto words = lower_ascii(version);
    std::string lib, number;
    size_t at = words.find(' ');
    lib = words.substr(0, at);
    if (at != std::string::npos) {
        size_t end = words.find(' ', at + 1);
        number = words.substr(at + 1, end == std::string::npos ? end : end - at - 1);
    }
    if (lib == "libcrypto") lib = "openssl";
    return number.empty() ? lib : lib + " " + number;
}

std::string build_kind(const std::string& options) {
    size_t at = options.find("bn(");
    if (at == std::string::npos) return "";
    size_t end = options.find(')', at);
    return end == std::string::npos ? "" : options.substr(at, end - at + 1);
}

Ranking rank(const Run& run, const ReferenceSet& set, const std::vector<MetricKey>& metrics,
             double noise, size_t top) {
    Ranking out;
    out.noise = noise;
    out.version = library_version(run.version);
    auto mine = figures_of(run);
    std::map<std::string, Figures> by_figure;
    std::string my_build = build_kind(run.options);
    for (const auto& r : set.runs) {
        if (is_itself(run, r)) continue;
        compare::MeanBuilder mean;
        for (const auto& [key, theirs] : figures_of(r.run)) {
            auto it = mine.find(key);
            if (it == mine.end() || !wanted(metrics, key)) continue;
            by_figure[key].emplace_back(&r, theirs);
            compare::RatioCell cell;
            auto stats = compare::ratio_stats(theirs, it->second, false, noise);
            cell.ratio = stats.ratio;
            cell.uncertainty = stats.uncertainty;
            cell.coarse =
                !compare::fit_for_mean(theirs, noise) || !compare::fit_for_mean(it->second, noise);
            mean.add(key, cell);
        }
        auto estimate = mean.result();
        if (r.facts.kind == "emulated" || estimate.figures < kLeastShared) continue;
        std::string theirs_build = build_kind(r.run.options);
        out.closest.push_back({&r, estimate, library_version(r.facts.version) == out.version,
                               theirs_build == my_build,
                               !theirs_build.empty() && !my_build.empty()});
    }
    for (const auto& m : run.measurements) {  // in the run's own order
        std::string key = metric_key(m);
        auto it = by_figure.find(key);
        if (it == by_figure.end() || !mine.count(key)) continue;
        out.figures.push_back(rank_figure(key, mine[key], it->second, noise));
        by_figure.erase(it);
    }
    std::stable_sort(out.closest.begin(), out.closest.end(),
                     [](const Closeness& a, const Closeness& b) { return score(a) < score(b); });
    if (out.closest.size() > top) out.closest.resize(top);
    return out;
}

}  // namespace speedlab::reference
