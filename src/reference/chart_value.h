#pragma once
// The value a run gets on the /reference chart: one figure, or the classic
// suite's geometric mean; per process, so -multi sums compare with one core.
#include <optional>
#include <string>
#include <vector>

#include "core/run.h"

namespace speedlab::reference {

// The chart's default: "classic".
inline constexpr const char* kClassic = "classic";

// The 8192-byte throughput figures of the chart's classic suite: the registry's
// rows flagged kReferenceMean (md5, sha1, sha256, rc4, des-cbc, des-ede3,
// bf-cbc, aes-128-cbc, aes-256-cbc), in its order.
const std::vector<std::string>& classic_suite();

struct ChartValue {
    double value = 0;    // bytes/s (throughput) or ops/s, per process
    size_t figures = 0;  // that entered it
};

// FIGURE: kClassic, or a metric key ("md5@8192", "rsa1024.sign"). Nothing
// when the run has none of it.
std::optional<ChartValue> chart_value(const Run& run, const std::string& figure);

// The year a run was measured ("2026-12-06T..." -> 2026.93), or nothing.
std::optional<double> fractional_year(const std::string& when);

}  // namespace speedlab::reference
