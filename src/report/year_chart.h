#pragma once
// A figure against the year on a log scale: thirty years of machines on one
// axis, each a point with its facts on hover (<title>), and the user's own
// runs drawn over them in colour (the reference set's /reference page).
#include <string>
#include <vector>

namespace speedlab::report {

struct YearPoint {
    double year = 0;       // fractional: 1998.5 is the middle of 1998
    double value = 0;      // > 0
    std::string hover;     // what <title> says
    bool own = false;      // one of the user's runs: in colour, over the others
    bool undated = false;  // measured when, not known: drawn in a band of its own at the right
};

// An empty string when no point has a positive value.
std::string year_chart(const std::string& title, const std::string& unit,
                       const std::vector<YearPoint>& points);

}  // namespace speedlab::report
