#pragma once
// A machine's facts as aligned text (sysinfo, show).
#include <string>

#include "core/machine.h"

namespace speedlab::report {

std::string machine_text(const Machine& machine);
// "73312 kB usable, 73728 kB installed (72 MiB)"; "unknown".
std::string memory_text(const Machine& machine);
// "72 MiB", "1.5 GiB": what a person says of a size in kB.
std::string mebibytes(long long kb);

}  // namespace speedlab::report
