#pragma once
// Wall-clock facts recorded with runs.
#include <string>

namespace speedlab {

// Now as ISO 8601 UTC, e.g. "2026-12-02T12:59:34Z".
std::string utc_now();

}  // namespace speedlab
