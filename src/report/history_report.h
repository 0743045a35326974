#pragma once
// `speedlab history MACHINE` in text, JSON and CSV (docs/json.md): each
// series (figure and build) with its points and the changes found in it.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compare/history.h"
#include "core/run.h"

namespace speedlab::report {

// {"machine", "series": [{"metric", "build", "points": [...], "changes": [...]}]}
nlohmann::json history_document(const std::string& machine, const std::vector<Run>& runs,
                                const compare::History& h);
// The same as text.
std::string history_json(const std::string& machine, const std::vector<Run>& runs,
                         const compare::History& h);
// One line per point: metric, build, index, run, date, value, interval, and
// the change that starts there (ratio, its interval, p).
std::string history_csv(const std::vector<Run>& runs, const compare::History& h);
// The builds, then each change in words; the series without one counted.
std::string history_text(const std::string& machine, const std::vector<Run>& runs,
                         const compare::History& h);

// "-10.0% [-11.2%, -8.8%]": a change's ratio with its 95% interval.
std::string change_text(const compare::ChangePoint& c);

}  // namespace speedlab::report
