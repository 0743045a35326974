#include "compare/history.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "core/build.h"
#include "core/statistics.h"

namespace speedlab::compare {

bool version_less(const std::string& a, const std::string& b) {
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (std::isdigit(static_cast<unsigned char>(a[i])) &&
            std::isdigit(static_cast<unsigned char>(b[j]))) {
            size_t ei = i, ej = j;
            while (ei < a.size() && std::isdigit(static_cast<unsigned char>(a[ei]))) ++ei;
            while (ej < b.size() && std::isdigit(static_cast<unsigned char>(b[ej]))) ++ej;
            auto na = a.substr(i, ei - i), nb = b.substr(j, ej - j);
            na.erase(0, std::min(na.find_first_not_of('0'), na.size()));
            nb.erase(0, std::min(nb.find_first_not_of('0'), nb.size()));
            if (na.size() != nb.size()) return na.size() < nb.size();
            if (na != nb) return na < nb;
            i = ei, j = ej;
        } else {
            if (a[i] != b[j]) return a[i] < b[j];
            ++i, ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

std::string measured_date(const Run& run) {
    if (!run.measured_at.empty()) return run.measured_at;  // measured, or stated by its text
    return run.source == "measured" ? run.when : std::string();
}

void sort_runs(std::vector<Run>& runs) {
    bool dated = std::all_of(runs.begin(), runs.end(),
                             [](const Run& r) { return !measured_date(r).empty(); });
    std::stable_sort(runs.begin(), runs.end(), [&](const Run& a, const Run& b) {
        if (!dated && a.version != b.version) return version_less(a.version, b.version);
        std::string da = measured_date(a), db = measured_date(b);
        return da != db ? da < db : a.id < b.id;
    });
}

namespace {
HistoryPoint point_of(size_t run, const Measurement& m) {
    HistoryPoint p{run, m.value, std::nullopt, std::nullopt};
    if (auto i = median_interval(m.samples)) p.low = i->low, p.high = i->high;
    return p;
}

// Each run's build, the builds numbered in the order of their first run.
void find_builds(const std::vector<Run>& runs, History& h) {
    std::map<std::string, size_t> index;
    std::vector<std::string> keys, names;
    for (const auto& r : runs) {
        std::string key = build_key(r);
        auto [it, added] = index.try_emplace(key, keys.size());
        if (added) keys.push_back(key), names.push_back(build_name(r));
        h.run_build.push_back(it->second);
    }
    auto unique = unique_build_names(keys, names);
    for (size_t b = 0; b < keys.size(); ++b) h.builds.push_back({keys[b], unique[b]});
}
}  // namespace

History history(std::vector<Run>& runs, const ChangePointOptions& options) {
    sort_runs(runs);
    History h;
    h.dated = !runs.empty() && std::all_of(runs.begin(), runs.end(),
                                           [](const Run& r) { return !measured_date(r).empty(); });
    find_builds(runs, h);
    std::map<std::pair<std::string, size_t>, size_t> seen;  // (metric, build) -> series
    for (size_t r = 0; r < runs.size(); ++r)
        for (const auto& m : runs[r].measurements) {
            if (!(m.value > 0)) continue;
            auto key = std::make_pair(metric_key(m), h.run_build[r]);
            auto [it, added] = seen.try_emplace(key, h.series.size());
            if (added) h.series.push_back({key.first, key.second, {}, {}});
            h.series[it->second].points.push_back(point_of(r, m));
        }
    // Figures in the order they first appear, each figure's builds in order.
    std::map<std::string, size_t> first;
    for (size_t i = 0; i < h.series.size(); ++i) first.try_emplace(h.series[i].metric, i);
    std::stable_sort(h.series.begin(), h.series.end(), [&](const Series& a, const Series& b) {
        size_t fa = first[a.metric], fb = first[b.metric];
        return fa != fb ? fa < fb : a.build < b.build;
    });
    std::erase_if(h.series, [](const Series& s) { return s.points.size() < 2; });
    for (auto& s : h.series) {
        std::vector<double> values;
        values.reserve(s.points.size());
        for (const auto& p : s.points) values.push_back(p.value);
        s.changes = change_points(values, options);
    }
    return h;
}

}  // namespace speedlab::compare
