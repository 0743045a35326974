// libFuzzer target: the importer must never crash, hang or read out of bounds,
// whatever bytes it is given.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "parse/speed_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        auto parsed = speedlab::parse::parse_speed_text(text, "fuzz");
        for (const auto& run : parsed.runs)
            for (const auto& m : run.measurements)
                if (!(m.value > 0)) __builtin_trap();  // a stored figure is always positive
    } catch (const speedlab::parse::InputError&) {
    }
    return 0;
}
