// libFuzzer target: the bundle reader must never crash, recurse without end or
// accept a run that could not be stored, whatever bytes it is given.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "store/bundle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    try {
        for (const auto& run : speedlab::store::read_bundle(text, "fuzz")) {
            if (run.processes < 1) __builtin_trap();
            for (const auto& m : run.measurements)
                if (m.parameter < 0) __builtin_trap();
        }
    } catch (const speedlab::store::BundleError&) {
    }
    return 0;
}
