#pragma once
// The lab of issue 35's test: three machines measured every night for 60
// nights at 2% noise (seeded, so every run of a test sees the same values):
// lab-drop falls by 10% from night 31 on; lab-quiet is noise alone; lab-upgrade
// changes to a new OpenSSL build at night 46, which is 15% faster. As a bundle
// of measured runs, with their dates, that `speedlab import` reads.
#include <chrono>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/run.h"

namespace speedlab::testing {

inline Run night_run(const std::string& machine, int night, const std::string& version,
                     double value) {
    using namespace std::chrono;
    year_month_day day{sys_days{year{2026} / 9 / 1} + days{night}};
    Run r;
    r.label = machine + " night " + std::to_string(night + 1);
    r.when = std::to_string(int(day.year())) + "-" + (unsigned(day.month()) < 10 ? "0" : "") +
             std::to_string(unsigned(day.month())) + "-" + (unsigned(day.day()) < 10 ? "0" : "") +
             std::to_string(unsigned(day.day())) + "T03:00:00Z";
    r.source = "measured";
    r.program = "speedlab 0.1.0";
    r.version = version;
    r.timing = Timing::user_cpu;
    r.machine.edit().label = machine;
    r.machine.edit().hostname = machine;
    Measurement m;
    m.algorithm = "md5";
    m.operation = Operation::throughput;
    m.parameter = 8192;
    m.value = value;
    r.measurements.push_back(m);
    return r;
}

inline std::vector<Run> lab_nights() {
    std::mt19937_64 rng(35);
    std::normal_distribution<double> noise(0, 0.02);
    std::vector<Run> runs;
    for (int n = 0; n < 60; ++n) {
        double level = 600e6;
        runs.push_back(night_run("lab-drop", n, "libcrypto 3.0.13",
                                 level * (n >= 30 ? 0.9 : 1) * std::exp(noise(rng))));
        runs.push_back(night_run("lab-quiet", n, "libcrypto 3.0.13", level * std::exp(noise(rng))));
        runs.push_back(night_run("lab-upgrade", n, n >= 45 ? "libcrypto 3.5.0" : "libcrypto 3.0.13",
                                 level * (n >= 45 ? 1.15 : 1) * std::exp(noise(rng))));
    }
    return runs;
}

// {"format": "speedlab-bundle", "version": 1, "runs": [...]}
inline std::string lab_bundle() {
    nlohmann::json runs = nlohmann::json::array();
    for (const auto& r : lab_nights()) runs.push_back(to_json(r, false));
    return json_text({{"format", "speedlab-bundle"}, {"version", 1}, {"runs", runs}});
}

}  // namespace speedlab::testing
