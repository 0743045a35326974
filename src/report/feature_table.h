#pragma once
// The table of `experiment features`: native / masked per figure and CPU
// feature, laid out to fit 120 columns whatever the cells hold.
#include <string>
#include <vector>

#include "compare/ratio.h"

namespace speedlab::report {

// `table` has the native run first, then one run per feature of `names`.
std::string feature_table(const compare::Comparison& table, const std::vector<std::string>& names);

// Terminal columns of UTF-8 text ("±" is two bytes, one column).
size_t display_columns(const std::string& s);

}  // namespace speedlab::report
