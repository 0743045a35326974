#pragma once
// A machine's figures over its runs, in order of time or of benchmark version,
// with each change the gate of `speedlab check` would flag (beyond the
// threshold and beyond noise) marked: which release made md5 slower.
#include <string>
#include <vector>

#include "core/run.h"

namespace speedlab::serve {

enum class HistoryOrder { time, version };

struct HistoryPoint {
    size_t run = 0;  // index into the runs given
    double value = 0;
    bool step = false;  // flagged against the run before it that has this figure
    double change = 0;  // value / the value before, where there is one
};

struct FigureHistory {
    std::string metric;  // "md5@8192"
    std::vector<HistoryPoint> points;
    size_t steps() const;
};

// RUNS sorted in ORDER (in place), then one history per figure at least two
// runs have, in the order figures first appear.
std::vector<FigureHistory> histories(std::vector<Run>& runs, HistoryOrder order, double threshold,
                                     double noise);

// "0.9.8k" before "1.0.0": numbers compared as numbers.
bool version_less(const std::string& a, const std::string& b);

}  // namespace speedlab::serve
