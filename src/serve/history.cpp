#include "serve/history.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "compare/check.h"

namespace speedlab::serve {

size_t FigureHistory::steps() const {
    return static_cast<size_t>(
        std::count_if(points.begin(), points.end(), [](const auto& p) { return p.step; }));
}

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

std::vector<FigureHistory> histories(std::vector<Run>& runs, HistoryOrder order, double threshold,
                                     double noise) {
    std::stable_sort(runs.begin(), runs.end(), [&](const Run& a, const Run& b) {
        if (order == HistoryOrder::version && a.version != b.version)
            return version_less(a.version, b.version);
        return a.when != b.when ? a.when < b.when : a.id < b.id;
    });
    std::vector<FigureHistory> out;
    struct Seen {
        size_t history;           // index into out
        const Measurement* last;  // the figure in the last run that had it
    };
    std::map<std::string, Seen> seen;  // metric key -> its history so far
    for (size_t r = 0; r < runs.size(); ++r) {
        for (const auto& m : runs[r].measurements) {
            std::string key = metric_key(m);
            auto [it, added] = seen.try_emplace(key, Seen{out.size(), nullptr});
            if (added) out.push_back({key, {}});
            HistoryPoint p{r, m.value, false, 0};
            if (const Measurement* before = it->second.last;
                before && before->value > 0 && m.value > 0) {
                auto row = compare::check_figure(*before, m, threshold, noise);
                p.step = row.verdict == compare::Verdict::regression ||
                         row.verdict == compare::Verdict::improvement;
                p.change = row.stats.ratio;
            }
            it->second.last = &m;
            out[it->second.history].points.push_back(p);
        }
    }
    std::erase_if(out, [](const FigureHistory& h) { return h.points.size() < 2; });
    return out;
}

}  // namespace speedlab::serve
