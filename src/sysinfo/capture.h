#pragma once
// Live capture of this machine's facts; what cannot be read stays unknown.
#include "core/machine.h"

namespace speedlab::sysinfo {

Machine capture_machine();

}  // namespace speedlab::sysinfo
