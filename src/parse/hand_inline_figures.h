#pragma once
// Figures a person typed inline under the `openssl speed` command that gave
// them ("- `ML-DSA-87 verify/s = 102012.8`", "candidate (SLH-DSA-SHAKE-256f)
// verify/s = 7360.8"): one run per command, its options (-multi, -elapsed) from it.
#include <deque>
#include <string>
#include <vector>

#include "core/run.h"
#include "parse/clean_line.h"
#include "parse/hand_table.h"

namespace speedlab::parse {

// Appends a run per command to `runs`; lines `used` (openssl's own output) are skipped.
void read_inline_figures(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                         const std::string& file_name, const RawLines& raw_lines,
                         std::deque<Run>& runs);

}  // namespace speedlab::parse
