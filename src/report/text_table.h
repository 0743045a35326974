#pragma once
// A text table that fits a width: columns as wide as their widest cell, two
// spaces apart; a table wider than the width is split into blocks of columns,
// each repeating the leading key columns, as `openssl speed` prints its sizes
// in blocks. A single column wider than the width has its cells shortened.
#include <cstddef>
#include <string>
#include <vector>

namespace speedlab::report {

struct TextTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<bool> right;  // per column: aligned right (numbers)
    size_t keys = 1;          // leading columns repeated in every block
    size_t gap = 2;           // spaces between columns
};

// The table in lines of at most `width` columns (UTF-8 counted as columns),
// blocks separated by an empty line; trailing spaces trimmed.
std::string render_table(const TextTable& t, size_t width);

// `s` cut to `n` columns with "~" at the end when longer.
std::string shorten_columns(const std::string& s, size_t n);

}  // namespace speedlab::report
