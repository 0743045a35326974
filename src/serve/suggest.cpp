#include "serve/suggest.h"

#include <algorithm>
#include <set>

namespace speedlab::serve {

namespace {
constexpr int64_t kLookedAt = 40;  // candidates loaded per group: a run page stays quick

size_t shared_figures(const Run& a, const Run& b) {
    return static_cast<size_t>(
        std::count_if(a.measurements.begin(), a.measurements.end(), [&](const Measurement& m) {
            return b.find(std::string(m.algorithm.view()), m.operation, m.parameter) != nullptr;
        }));
}
}  // namespace

std::vector<Suggestion> compare_suggestions(const store::Database& db, const Run& run,
                                            size_t most) {
    // Groups in the order people look: the machine's other builds, its CPU, any run.
    std::vector<std::pair<store::RunFilter, std::string>> groups;
    if (!run.machine->label.empty())
        groups.push_back({{.machine = run.machine->label}, "same machine"});
    if (!run.machine->cpu_name.empty())
        groups.push_back({{.cpu = run.machine->cpu_name}, "same CPU"});
    groups.push_back({{}, ""});
    std::vector<Suggestion> out;
    std::set<int64_t> seen{run.id};
    for (const auto& [filter, why] : groups) {
        std::vector<Suggestion> found;
        for (auto& summary : db.page(filter, store::RunOrder::newest, 0, kLookedAt)) {
            if (!seen.insert(summary.id).second) continue;
            auto other = db.load(summary.id);
            size_t shared = other ? shared_figures(run, *other) : 0;
            if (shared > 0) found.push_back({std::move(summary), shared, why});
        }
        std::stable_sort(found.begin(), found.end(),
                         [](const auto& a, const auto& b) { return a.shared > b.shared; });
        for (auto& s : found)
            if (out.size() < most) out.push_back(std::move(s));
        if (out.size() >= most) break;
    }
    return out;
}

}  // namespace speedlab::serve
