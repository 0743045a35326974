#pragma once
// The pieces of the data files other tools write (CSV, TSV, Markdown pipe
// rows): cells, numbers as printed, lines with their numbers. Shared by the
// readers of such files (read_columns, read_metrics).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/run.h"

namespace speedlab::import {

// A number as a file printed it: its value and the step of its last digit
// ("998287360.0": 0.1); never NaN or infinite.
struct PrintedNumber {
    double value = 0;
    double step = 1;
};
std::optional<PrintedNumber> printed_number(std::string_view cell);

// The cells of a line separated by SEP, trimmed, quotes ("...") removed; a
// pipe row's empty cells before its first and after its last pipe dropped.
std::vector<std::string_view> cells_of(std::string_view line, char sep);

// The lines of TEXT (CR LF or LF), each with its 1-based number.
struct NumberedLine {
    size_t number = 0;
    std::string_view text;
};
std::vector<NumberedLine> numbered_lines(std::string_view text);

// A run read from a data file of NAME: imported, its raw text the lines
// FIRST..LAST it was read from, its source those lines, a note saying how
// (none while FIRST is 0: lines not known yet).
Run data_file_run(const std::string& name, const std::string& program, std::string_view text,
                  size_t first, size_t last, const std::string& how);
// The same from TEXT's lines split once: a reader making a run per line
// (bars, result lines) would otherwise split the whole text for each run.
Run data_file_run(const std::string& name, const std::string& program,
                  const std::vector<NumberedLine>& lines, size_t first, size_t last,
                  const std::string& how);

}  // namespace speedlab::import
