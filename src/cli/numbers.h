#pragma once
// The one way speedlab reads a number a person types: plain decimal digits
// (3, 0.5, .5), a percentage with or without '%' (3, 3%), a count of digits.
// No sign, exponent, hexadecimal (0x10, 0x1p3), inf, nan, spaces or nothing.
#include <cstdint>
#include <optional>
#include <string_view>

namespace speedlab::cli {

std::optional<double> read_number(std::string_view text);
std::optional<double> read_percent(std::string_view text);  // "3%" and "3": 3
std::optional<int64_t> read_count(std::string_view text);

}  // namespace speedlab::cli
