#pragma once
// A heading over a table names the machine of its figures: "# RPI 4B" over
// one machine's rows, whether a person typed them or openssl printed them.
#include <string>
#include <string_view>
#include <vector>

#include "parse/clean_line.h"

namespace speedlab::parse {

// "### Raspberry Pi 4", "**Rock 5B**", a title over its rule ("Pi 4" over
// "----"): the title line `k` gives, unless it names the results themselves
// ("Results", "OpenSSL speed") or is a sentence; else empty.
std::string heading_name(const std::vector<CleanLine>& lines, size_t k);

// Whether a title names the results themselves ("Results", "OpenSSL speed",
// "Executing benchmark twice ..."), not a machine.
bool names_results(std::string_view title);

// Whether LINE states a rate ("302MB/s @1k", "39.43 MB/s", "5045 sign/s") or
// a count in seconds ("81797 sha512's in 3.00s"): figures, no name.
bool states_rate(std::string_view line);

// The heading above the table whose first figure row is line `first`: only
// the table's own header and rule rows (cells between pipes) and blank lines
// may come between. Empty when there is none.
std::string heading_over_rows(const std::vector<CleanLine>& lines, size_t first);

}  // namespace speedlab::parse
