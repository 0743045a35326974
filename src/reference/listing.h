#pragma once
// `speedlab reference list` and `show` as text, JSON and CSV.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reference/set.h"

namespace speedlab::reference {

// The fields `list --format json` gives one run (docs/cli.md).
nlohmann::json summary_json(const ReferenceRun& run);
std::string list_json(const std::vector<const ReferenceRun*>& runs);
std::string list_csv(const std::vector<const ReferenceRun*>& runs);
// One line per run, cut to WIDTH columns (the CPU column gives way first),
// then each source's terms (reference/terms.h).
std::string list_text(const std::vector<const ReferenceRun*>& runs, size_t width);

// The run's facts, its citation and the source lines its figures came from.
std::string show_text(const ReferenceRun& run);
nlohmann::json show_json(const ReferenceRun& run);

}  // namespace speedlab::reference
