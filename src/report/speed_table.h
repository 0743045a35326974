#pragma once
// A run printed the way `openssl speed` prints it: the human table, or the
// machine-readable `-mr` lines.
#include <string>

#include "core/run.h"

namespace speedlab::report {

// Header block, "The 'numbers' are in 1000s of bytes per second processed."
// table and the public-key tables; a statistics section when repeated.
std::string speed_table(const Run& run);

// `+H:` and `+F:`/`+F2:`... lines with OpenSSL 3.0's indexes and 1.1.1+ meaning.
std::string machine_readable(const Run& run);

// "624019.33k" or "9876.54 ": openssl speed's 13-column cell without padding.
std::string throughput_cell(double bytes_per_second);
// A BogoMips figure with the decimals its source printed ("29.80").
std::string bogomips_cell(const Measurement& m);
// "BogoMips 29.80\n" for a run with that figure, else empty.
std::string bogomips_line(const Run& run);

}  // namespace speedlab::report
