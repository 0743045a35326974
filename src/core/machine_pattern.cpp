#include "core/machine_pattern.h"

#include <fnmatch.h>

#include "core/metric_pattern.h"
#include "core/text.h"

namespace speedlab {

namespace {
std::string nothing_matched(std::string_view pattern, const std::vector<std::string>& names) {
    std::string out = "no machine '" + std::string(pattern) + "'";
    if (names.empty()) return out + " (no machines stored)";
    std::string closest;
    for (const auto& n : closest_names(pattern, names, 3))
        closest += (closest.empty() ? "" : ", ") + n;
    return out + "; the closest: " + closest + " (see speedlab machines)";
}
}  // namespace

MachineMatch exact_machine(std::string_view name, const std::vector<std::string>& names) {
    MachineMatch out;
    std::string want = lower_ascii(name);
    for (const auto& n : names)
        if (n == name) return {{n}, {}};  // exact case first: "PCem" and "pcem" may both exist
    for (const auto& n : names)
        if (lower_ascii(n) == want) out.names.push_back(n);
    if (out.names.empty()) out.error = nothing_matched(name, names);
    return out;
}

MachineMatch match_machines(std::string_view pattern, const std::vector<std::string>& names) {
    MachineMatch out = exact_machine(pattern, names);
    if (!out.names.empty() || pattern.empty()) return out;
    out.error.clear();
    std::string want = lower_ascii(pattern);
    if (want.find_first_of("*?[") != std::string::npos) {
        for (const auto& n : names)
            if (fnmatch(want.c_str(), lower_ascii(n).c_str(), 0) == 0) out.names.push_back(n);
    } else {
        for (const auto& n : names)
            if (lower_ascii(n).find(want) != std::string::npos) out.names.push_back(n);
    }
    if (out.names.empty()) out.error = nothing_matched(pattern, names);
    return out;
}

}  // namespace speedlab
