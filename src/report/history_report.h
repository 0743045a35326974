#pragma once
// `speedlab history MACHINE` in text, JSON, CSV and Markdown (docs/json.md):
// each series (figure and build) with its points and the changes found in it.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compare/history.h"
#include "core/run.h"
#include "report/formats.h"

namespace speedlab::report {

// {"machine", "series": [{"metric", "build", "points": [...], "changes": [...]}]}
nlohmann::json history_document(const std::string& machine, const std::vector<Run>& runs,
                                const compare::History& h);
// A machine's history as its formats print it.
struct HistoryView {
    std::string machine;
    const std::vector<Run>& runs;
    const compare::History& history;
};
// text (the builds, then each change in words), json (history_document), csv
// (one line per point, with the change that starts there), markdown (the
// builds and the changes as tables).
const Formats<HistoryView>& history_formats();

// "-10.0% [-11.2%, -8.8%]": a change's ratio with its 95% interval.
std::string change_text(const compare::ChangePoint& c);

}  // namespace speedlab::report
