#include "cli/numbers.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include "cli/commands.h"
#include "core/clock.h"

namespace speedlab::cli {

std::optional<double> read_number(std::string_view text) {
    size_t digits = 0, points = 0;
    for (char c : text) {
        if (c >= '0' && c <= '9')
            ++digits;
        else if (c == '.')
            ++points;
        else
            return std::nullopt;
    }
    if (digits == 0 || points > 1 || digits > 30) return std::nullopt;
    double v = 0;
    auto [end, ec] =
        std::from_chars(text.data(), text.data() + text.size(), v, std::chars_format::fixed);
    if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::optional<double> read_percent(std::string_view text) {
    if (!text.empty() && text.back() == '%') text.remove_suffix(1);
    return read_number(text);
}

std::optional<int64_t> read_count(std::string_view text) {
    if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != text.npos)
        return std::nullopt;
    int64_t n = 0;
    std::from_chars(text.data(), text.data() + text.size(), n);
    return n;
}

CLI::Validator seconds_range() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            auto v = read_number(text);
            if (!v || *v < 0.01 || *v > 3600)
                return "seconds must be from 0.01 to 3600, not '" + text + "'";
            return {};
        },
        "SECONDS in [0.01, 3600]");
}

// A transform: the value CLI11 converts is the number without its '%'.
CLI::Validator percent_range(double low, double high) {
    return CLI::Validator(
        [low, high](std::string& text) -> std::string {
            auto v = read_percent(text);
            if (!v || *v < low || *v > high)
                return fmt::format("expected a percentage from {} to {}, found '{}'", low, high,
                                   text);
            if (text.back() == '%') text.pop_back();
            return {};
        },
        fmt::format("PERCENT in [{}, {}]", low, high));
}

CLI::Validator day_check() {
    return CLI::Validator(
        [](const std::string& d) {
            return valid_day(d) ? std::string()
                                : "expected a date as YYYY-MM-DD, found '" + d + "'";
        },
        "YYYY-MM-DD");
}

}  // namespace speedlab::cli
