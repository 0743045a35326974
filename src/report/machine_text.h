#pragma once
// A machine's facts as aligned text, and what `speedlab sysinfo` prints.
#include <optional>
#include <string>
#include <vector>

#include "core/machine.h"
#include "report/formats.h"

namespace speedlab::report {

// What sysinfo reports: the machines a saved text describes, or this one with
// the libcrypto and speedlab that would measure it.
struct SystemReport {
    struct Build {
        std::string libcrypto, compiler, cpuinfo, speedlab;
    };
    std::vector<Machine> machines;
    std::optional<Build> build;  // this machine's
};
// text, json (one machine an object, several an array).
const Formats<SystemReport>& system_formats();

std::string machine_text(const Machine& machine);

}  // namespace speedlab::report
