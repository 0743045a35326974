#pragma once
// A sentence just above a table may say its figures are no rates ("16 and
// 256 bytes are reported in raw cycles, 8192 bytes is cycles/byte"): then a
// figure without a unit of its own is not openssl's k, whatever the text
// names elsewhere (a README that runs "openssl md5" on its test output).
#include <vector>

#include "parse/clean_line.h"

namespace speedlab::parse {

// Whether one of the three lines of text above line `first` names cycles or
// time per operation as the table's unit.
bool caption_names_other_unit(const std::vector<CleanLine>& lines, size_t first);

}  // namespace speedlab::parse
