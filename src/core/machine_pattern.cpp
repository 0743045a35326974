#include "core/machine_pattern.h"

#include <fnmatch.h>

#include "core/metric_pattern.h"
#include "core/text.h"

namespace speedlab {

std::string no_machine_message(std::string_view pattern, const std::vector<std::string>& names) {
    std::string out = "no machine '" + std::string(pattern) + "'";
    if (names.empty()) return out + " (no machines stored)";
    std::string closest;
    for (const auto& n : closest_names(pattern, names, 3))
        closest += (closest.empty() ? "" : ", ") + n;
    return out + "; the closest: " + closest + " (see speedlab machines)";
}

std::vector<std::string> exact_machine(std::string_view name,
                                       const std::vector<std::string>& names) {
    std::vector<std::string> out;
    std::string want = lower_ascii(name);
    for (const auto& n : names)
        if (n == name) return {n};  // exact case first: "PCem" and "pcem" may both exist
    for (const auto& n : names)
        if (lower_ascii(n) == want) out.push_back(n);
    return out;
}

std::vector<std::string> match_machines(std::string_view pattern,
                                        const std::vector<std::string>& names) {
    auto out = exact_machine(pattern, names);
    if (!out.empty() || pattern.empty()) return out;
    std::string want = lower_ascii(pattern);
    if (want.find_first_of("*?[") != std::string::npos) {
        for (const auto& n : names)
            if (fnmatch(want.c_str(), lower_ascii(n).c_str(), 0) == 0) out.push_back(n);
    } else {
        for (const auto& n : names)
            if (lower_ascii(n).find(want) != std::string::npos) out.push_back(n);
    }
    return out;
}

}  // namespace speedlab
