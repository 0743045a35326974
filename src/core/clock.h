#pragma once
// Wall-clock facts recorded with runs.
#include <string>
#include <string_view>

namespace speedlab {

// Now as ISO 8601 UTC, e.g. "2026-12-02T12:59:34Z".
std::string utc_now();

// YYYY-MM-DD of a real day (2026-13-45 and trailing words are not).
bool valid_day(std::string_view day);

}  // namespace speedlab
