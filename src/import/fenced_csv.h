#pragma once
// A CSV with named columns that a harness wrote, pasted into a text inside a
// code fence (a README's ```csv block): read as the columns reader reads a
// CSV file, with what the text above states where its columns name nothing
// (issue 34, MISSES.md section 16: tiber's `implementation,16 bytes,...`).
#include <deque>
#include <span>
#include <string>

#include "import/file_cells.h"
#include "import/reader.h"

namespace speedlab::import {

// What a text states above a table: the one algorithm it names, the unit it
// gives ("throughput (KB/s)"); empty or 0 where it states none.
struct StatedAround {
    std::string algorithm;
    double factor = 0;  // to bytes/s
};

// The factor to bytes/s of a word that is a byte-rate unit whole ("KB/s",
// "MiB/s"), as a CSV's column names give them; 0 for any other word.
double stated_byte_unit(std::string_view word);

// The CSV of LINES (its header first) read as read_columns reads a CSV file:
// a column naming each row's program ("implementation") keeps openssl's rows
// only; nothing when LINES are no such CSV (read_columns.cpp).
Read read_csv_lines(const Input& input, std::span<const NumberedLine> lines,
                    const StatedAround& stated);

// Every fenced CSV of INPUT's text outside lines [first, last) of RUNS read
// already (fenced_csv.cpp).
Read read_fenced_csv(const Input& input, const std::deque<Run>& runs);

// The same for a CSV pasted into prose without a fence, a header and two rows
// or more, in a text naming `openssl speed` (fenced_csv.cpp).
Read read_prose_csv(const Input& input, const std::deque<Run>& runs);

}  // namespace speedlab::import
