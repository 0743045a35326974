#pragma once
// Which clean lines may start a typed table, marked in one pass over each
// line's bytes (memchr over the text, each byte once) before find_grids reads any: its start tests
// (pipe rows, grid rules, CSV, slash pairs, flattened rows and headers, diff
// hunks), which split cells, read numbers or look at the lines around, run
// only on lines whose marks allow one. Most lines of prose and of openssl's
// own output have none. The rules still read every line around a table
// (heading, caption, stated unit, command): only starts are filtered.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "parse/clean_line.h"

namespace speedlab::parse {

enum TableMark : uint8_t {
    kMarkPipe = 1,      // a '|'
    kMarkSlash = 2,     // a '/'
    kMarkBlank = 4,     // white space only (trim)
    kMarkStart = 8,     // a pipe, a first byte '+', '"' or ':', or kMarkSizes
    kMarkSizes = 16,    // "byte", "Byte", "BYTE" or "/s": a flattened header's sizes or rates
    kMarkWordRow = 32,  // a letter first and a digit last, no pipe: a flattened row's shape
    kMarkPlus = 64,     // a '+' among the first 16 bytes: a diff hunk's added line
};

class TableLines {
  public:
    // `text` is the text most lines are views of: each byte is searched for
    // over it in one pass, not line by line. A line `used` (openssl's own
    // output) starts no table: only whether it is blank or holds a slash is marked.
    TableLines(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
               std::string_view text);
    bool has(size_t i, uint8_t mark) const { return (marks_[i] & mark) != 0; }
    // Whether the next line that is not blank (two blank lines skipped at
    // most, as hand_slash_table.cpp's next_filled) holds a slash.
    bool slash_below(size_t i) const;
    // Whether line `i` may start any table find_grids reads (a diff hunk aside).
    bool may_start(const std::vector<CleanLine>& lines, size_t i) const;

  private:
    std::vector<uint8_t> marks_;
};

}  // namespace speedlab::parse
