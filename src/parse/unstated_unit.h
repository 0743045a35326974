#pragma once
// A table of block sizes whose figures print no unit is read in openssl's k
// (1000s of bytes/s). Where every figure is far too small for that, a script
// rescaled them (GB/s, GiB/s: pandas' `*1000/pow(2, 30)`) and the unit is not
// in the table: storing them as k would make them 10^6 or 2^30 times too
// small, so the table is refused instead.
#include <string>
#include <vector>

#include "parse/hand_table.h"

namespace speedlab::parse {

// Below this many k (100 kB/s) no figure of openssl speed has been printed
// for a block-size table of any machine it runs on; a unit's figures are.
inline constexpr double kSmallestK = 100;

// Whether the figures under the size columns (`cols`, read from rows[0]) name
// no unit, in header or cell, and are all below kSmallestK: at least four.
// Why such a table gave no run, for the refusal.
inline constexpr const char* kUnstatedUnitWhy =
    "a table of block sizes whose figures print no unit and are too small for openssl's k "
    "(1000s of bytes/s): their unit (GB/s? GiB/s?) is not in the table; nothing imported";

bool unit_unstated_and_too_small(const std::vector<std::vector<std::string>>& rows,
                                 const std::vector<HeaderCell>& cols);

}  // namespace speedlab::parse
