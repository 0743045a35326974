#pragma once
// openssl's own row pasted whole into one cell of a person's or a script's
// table ("| SHA-256 | sha256  501521.32k ... 7413918.38k |"), as report
// scripts do with `openssl speed` output they grep.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parse/hand_table.h"

namespace speedlab::parse {

struct CellRow {
    std::string algorithm;                                // canonical id
    std::vector<std::pair<int64_t, HandNumber>> figures;  // block size, figure in k
};

// The row a cell holds: an algorithm's name, then five or six figures in
// openssl's k, at the default block sizes by their count (1.0's five, 1.1's
// six). Empty when the cell holds anything else.
std::optional<CellRow> openssl_row_in_cell(std::string_view cell);

}  // namespace speedlab::parse
