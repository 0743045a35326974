#pragma once
// A machine's figures over its runs: one series per figure and build, in the
// order the runs were measured (their dates, else their versions, else their
// ids), with the changes compare/change_points finds in each. A new build
// starts a new series, so a step across builds is never called a change.
#include <optional>
#include <string>
#include <vector>

#include "compare/change_points.h"
#include "core/run.h"

namespace speedlab::compare {

struct HistoryBuild {
    std::string key;   // core/build.h's build_key
    std::string name;  // its short name, unique in the history
};

struct HistoryPoint {
    size_t run = 0;  // index into the runs (sorted)
    double value = 0;
    std::optional<double> low, high;  // the 95% interval of its repetitions' median
};

struct Series {
    std::string metric;  // "md5@8192"
    size_t build = 0;    // index into History::builds
    std::vector<HistoryPoint> points;
    std::vector<ChangePoint> changes;  // index: into points
};

struct History {
    std::vector<HistoryBuild> builds;  // in the order of their first run
    std::vector<size_t> run_build;     // each run's build
    std::vector<Series> series;        // figures in the order they first appear, then builds
    bool dated = false;                // every run has a measured date: the x axis is time
};

// Sorts RUNS in place (see above), then one series per figure and build that
// has at least two points, each with its changes.
History history(std::vector<Run>& runs, const ChangePointOptions& options = {});

// The date the run was measured ("2026-12-06T03:00:00Z"), or "" when not known.
std::string measured_date(const Run& run);

// Runs in the history's order: by measured date when every run has one, else
// by version (releases in order), then date, then id.
void sort_runs(std::vector<Run>& runs);

// "0.9.8k" before "1.0.0": numbers compared as numbers.
bool version_less(const std::string& a, const std::string& b);

}  // namespace speedlab::compare
