#include "core/run.h"

#include "core/enum_names.h"

namespace speedlab {

namespace {
constexpr std::pair<Timing, std::string_view> kTimingNames[] = {{Timing::user_cpu, "user-cpu"},
                                                                {Timing::wall, "wall"}};
}  // namespace

std::string to_string(Timing timing) {
    return std::string(name_in(kTimingNames, timing).value_or("unknown"));
}

Timing parse_timing(const std::string& text) {
    return value_in(kTimingNames, text).value_or(Timing::unknown);
}

const Measurement* Run::find(const std::string& algorithm, Operation op, int64_t parameter) const {
    for (const auto& m : measurements)
        if (m.algorithm == algorithm && m.operation == op && m.parameter == parameter) return &m;
    return nullptr;
}

}  // namespace speedlab
