#pragma once
// Helpers shared by the tests: fixture files and parsed runs.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/run.h"
#include "parse/speed_parser.h"

namespace speedlab::testing {

inline std::string fixture_path(const std::string& name) {
    return std::string(SPEEDLAB_TEST_DATA) + "/" + name;
}

inline std::string read_fixture(const std::string& name) {
    std::ifstream in(fixture_path(name), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline parse::ParsedText parse_fixture(const std::string& name) {
    return parse::parse_speed_text(read_fixture(name), name);
}

inline const Measurement& figure(const Run& run, const std::string& algorithm, Operation op,
                                 int64_t parameter = 0) {
    const Measurement* m = run.find(algorithm, op, parameter);
    if (!m) throw std::runtime_error("no figure " + algorithm + " in run " + run.label);
    return *m;
}

inline double throughput(const Run& run, const std::string& algorithm, int64_t bytes) {
    return figure(run, algorithm, Operation::throughput, bytes).value;
}

}  // namespace speedlab::testing
