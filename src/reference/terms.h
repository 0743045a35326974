#pragma once
// Each source's terms of use under the runs a command printed (`reference
// list`, `rank`): whoever reads figures from the set reads what they may do.
#include <string>
#include <vector>

#include "reference/set.h"

namespace speedlab::reference {

// "sources and their terms:" and a line per source of RUNS, in the order first
// met, with how many of RUNS it gave (each run counted once), wrapped at WIDTH.
// Nothing when RUNS is empty.
std::string terms_text(const std::vector<const ReferenceRun*>& runs, size_t width);

}  // namespace speedlab::reference
