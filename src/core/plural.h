#pragma once
// A count with its noun in the right number: "1 figure", "74 figures".
#include <cstdint>
#include <string>

namespace speedlab {

inline std::string counted(int64_t n, const std::string& noun) {
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

}  // namespace speedlab
