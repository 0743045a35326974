#include "core/run.h"

namespace speedlab {

std::string to_string(Timing timing) {
    switch (timing) {
        case Timing::user_cpu:
            return "user-cpu";
        case Timing::wall:
            return "wall";
        case Timing::unknown:
            break;
    }
    return "unknown";
}

Timing parse_timing(const std::string& text) {
    if (text == "user-cpu") return Timing::user_cpu;
    if (text == "wall") return Timing::wall;
    return Timing::unknown;
}

const Measurement* Run::find(const std::string& algorithm, Operation op, int64_t parameter) const {
    for (const auto& m : measurements)
        if (m.algorithm == algorithm && m.operation == op && m.parameter == parameter) return &m;
    return nullptr;
}

}  // namespace speedlab
