#pragma once
// Helpers shared by the tests: fixture files and parsed runs.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "core/run.h"
#include "parse/speed_parser.h"

namespace speedlab::testing {

inline std::string fixture_path(const std::string& name) {
    return std::string(SPEEDLAB_TEST_DATA) + "/" + name;
}

// The five seed texts' paths, each after a space: the words of one import.
inline std::string seed_paths() {
    std::string out;
    for (const char* s :
         {"seed000-redhat73-pcem.txt", "seed001-redhat62-pcem.txt", "seed002-mandrake72-pcem.txt",
          "seed003-sslcmp-i386-i486.txt", "seed004-athlon-p3.txt"})
        out += " " + fixture_path(s);
    return out;
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

// The runs of a fixture in a vector, as the store and reports take them.
inline std::vector<Run> fixture_runs(const std::string& name) {
    auto runs = parse_fixture(name).runs;
    return {std::make_move_iterator(runs.begin()), std::make_move_iterator(runs.end())};
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
