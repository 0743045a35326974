#include "core/clock.h"

#include <cctype>
#include <chrono>
#include <ctime>

namespace speedlab {

std::string utc_now() {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

bool valid_day(std::string_view d) {
    if (d.size() != 10 || d[4] != '-' || d[7] != '-') return false;
    for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (!std::isdigit(static_cast<unsigned char>(d[i]))) return false;
    auto number = [&](size_t at, size_t n) { return std::stoi(std::string(d.substr(at, n))); };
    std::chrono::year_month_day day{std::chrono::year(number(0, 4)),
                                    std::chrono::month(static_cast<unsigned>(number(5, 2))),
                                    std::chrono::day(static_cast<unsigned>(number(8, 2)))};
    return day.ok();
}

}  // namespace speedlab
