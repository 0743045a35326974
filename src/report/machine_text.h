#pragma once
// A machine's facts as aligned text (sysinfo, show).
#include <string>

#include "core/machine.h"

namespace speedlab::report {

std::string machine_text(const Machine& machine);

}  // namespace speedlab::report
