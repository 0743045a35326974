#include "bench/combine.h"

#include <map>
#include <tuple>

#include "core/statistics.h"

namespace speedlab::bench {

std::vector<std::vector<const Measurement*>> shared_figures(const std::vector<Run>& runs) {
    using Key = std::tuple<std::string, Operation, int64_t>;
    std::map<Key, std::vector<const Measurement*>> by_key;
    for (const auto& run : runs)
        for (const auto& m : run.measurements)
            by_key[{m.algorithm, m.operation, m.parameter}].push_back(&m);
    std::vector<std::vector<const Measurement*>> out;
    for (const auto& first : runs.front().measurements) {
        auto& all = by_key[{first.algorithm, first.operation, first.parameter}];
        if (all.size() == runs.size()) out.push_back(std::move(all));
    }
    return out;
}

Run median_of_repetitions(const std::vector<Run>& repetitions) {
    Run out = repetitions.front();
    out.measurements.clear();
    for (const auto& all : shared_figures(repetitions)) {
        Measurement m = *all.front();
        m.samples.clear();
        int64_t count = 0;
        double seconds = 0;
        for (const Measurement* x : all) {
            m.samples.push_back(x->value);
            count += x->count.value_or(0);
            seconds += x->seconds.value_or(0);
        }
        m.value = summarize(m.samples).median;
        m.count = count;
        m.seconds = seconds;
        if (m.samples.size() < 2) m.samples.clear();
        out.measurements.push_back(std::move(m));
    }
    for (const auto& run : repetitions) out.complete = out.complete && run.complete;
    return out;
}

}  // namespace speedlab::bench
