#include "reference/chart_value.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/algorithm_registry.h"

namespace speedlab::reference {

const std::vector<std::string>& classic_suite() {
    static const std::vector<std::string> suite = [] {
        std::vector<std::string> keys;
        for (const auto& id : ids_with(kReferenceMean)) keys.push_back(id + "@8192");
        return keys;
    }();
    return suite;
}

std::optional<ChartValue> chart_value(const Run& run, const std::string& figure) {
    double logs = 0;
    size_t n = 0;
    for (const auto& m : run.measurements) {
        if (m.value <= 0) continue;
        std::string key = metric_key(m);
        bool in = figure == kClassic ? std::find(classic_suite().begin(), classic_suite().end(),
                                                 key) != classic_suite().end()
                                     : key == figure;
        if (!in) continue;
        logs += std::log(m.value / std::max(run.processes, 1));
        ++n;
    }
    if (n == 0) return std::nullopt;
    return ChartValue{std::exp(logs / static_cast<double>(n)), n};
}

std::optional<double> fractional_year(const std::string& when) {
    if (when.size() < 4) return std::nullopt;
    int year = std::atoi(when.substr(0, 4).c_str());
    if (year < 1900 || year > 2200) return std::nullopt;
    double month = when.size() >= 7 ? std::atoi(when.substr(5, 2).c_str()) : 1;
    double day = when.size() >= 10 ? std::atoi(when.substr(8, 2).c_str()) : 1;
    return year + ((month - 1) * 30.4 + (day - 1)) / 365.25;
}

}  // namespace speedlab::reference
