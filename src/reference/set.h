#pragma once
// The shipped reference set (data/reference/reference.json): real machines'
// runs, each with the facts and citation its `reference` object gives, read
// from the bundle the set is; where speedlab finds it at run time.
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/run.h"

namespace speedlab::reference {

struct SetError : Error {
    explicit SetError(const std::string& what) : Error(ErrorKind::input, what) {}
};

struct Citation {
    std::string source, path, commit, folder, file, lines;
};

// A run's `reference` object (data/reference/README.md); what the source
// does not state is empty or null.
struct Facts {
    std::string cpu;
    std::optional<double> clock_mhz;
    std::optional<int> cores;
    std::string kind;  // physical, cloud, virtual or emulated
    std::string emulator, os, library, version, build_options;
    std::string measured_at;  // ISO 8601, or empty when only the year is known
    std::optional<int> year;
    Citation citation;
    std::string terms;
};

struct ReferenceRun {
    int id = 0;  // its place in the set, from 1
    Run run;
    Facts facts;
    // The year measured: measured_at's, else the year the source gives.
    std::optional<int> measured_year() const;
    // "Intel Pentium 100 MHz": the CPU and clock, as ref:TEXT and --cpu match.
    std::string machine_text() const;
};

struct ReferenceSet {
    std::string path;
    std::vector<ReferenceRun> runs;
};

// Reads the set; SetError names the file and what is wrong with it.
ReferenceSet load_set(const std::string& path);

// Where the set is: OPTION (--reference), else $SPEEDLAB_REFERENCE, else the
// installed share/speedlab/reference/ beside the binary's bin/, else the
// source tree's data/reference/ when the binary runs from its build
// directory. SetError when none is there.
std::string locate_set(const std::string& option);

}  // namespace speedlab::reference
