#include "report/units.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/speed_table.h"

namespace speedlab::report {

namespace {
constexpr RateUnit kUnits[] = {{"B/s", 1}, {"kB/s", 1e3}, {"MB/s", 1e6}, {"GB/s", 1e9}};
}

RateUnit unit_of_value(double v) {
    RateUnit u = kUnits[0];
    for (const auto& x : kUnits)
        if (v >= x.scale * 0.9995) u = x;
    return u;
}

RateUnit unit_for_axis(double top) {
    for (const auto& x : kUnits)
        if (top / x.scale < 9999.5) return x;
    return kUnits[3];
}

int significant_digits(double value, double step) {
    // A stored step far below its figure (a bundle's 1e-300) makes the log
    // infinite, whose conversion to int is undefined: a double has 17 digits.
    double steps = value / step;
    if (!(steps >= 1)) return 1;
    if (!(steps < 1e17)) return 17;
    return std::max(1, static_cast<int>(std::floor(std::log10(steps) + 1e-9)) + 1);
}

std::string si_rate(double v, double step) {
    RateUnit u = unit_of_value(v);
    int digits = 4;
    if (step > 0 && v > 0) digits = std::min(significant_digits(v, step), 6);
    double scaled = v / u.scale;
    int before = scaled >= 1 ? static_cast<int>(std::floor(std::log10(scaled) + 1e-9)) + 1 : 1;
    int decimals = std::max(0, digits - before);
    return fmt::format("{:.{}f} {}", scaled, decimals, u.name);
}

std::string figure_text(const MetricKey& k, std::optional<double> v, double step, Units units) {
    if (!v) return "-";
    if (k.operation == Operation::throughput)
        return units == Units::openssl ? throughput_cell(*v) : si_rate(*v, step);
    if (k.operation == Operation::score) {
        Measurement m;
        m.value = *v;
        m.printed_step = step;
        return bogomips_cell(m) + " BogoMips";
    }
    // Slow operations keep three significant digits: 0.0753/s, never 0.1/s or 0.000.
    return *v >= 100 ? fmt::format("{:.1f}/s", *v) : fmt::format("{:.3g}/s", *v);
}

std::string figure_text(const std::string& metric, double value) {
    auto key = parse_metric_key(metric);
    return key ? figure_text(*key, value, 0, Units::si) : fmt::format("{:.6g}", value);
}

}  // namespace speedlab::report
