#pragma once
// `speedlab reference list` and `show` in their formats.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reference/set.h"
#include "report/formats.h"

namespace speedlab::reference {

// The fields `list --format json` gives one run (docs/cli.md).
nlohmann::json summary_json(const ReferenceRun& run);
std::string list_json(const std::vector<const ReferenceRun*>& runs);

using RunList = std::vector<const ReferenceRun*>;
// text (one line per run cut to the width, the CPU column giving way first),
// json, csv, markdown; text and markdown end with each source's terms
// (reference/terms.h).
const report::Formats<RunList>& list_formats();
// text (the run's facts, its citation and the source lines its figures came
// from), json (the run as `show` prints it, with its reference facts).
const report::Formats<ReferenceRun>& show_formats();

}  // namespace speedlab::reference
