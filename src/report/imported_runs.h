#pragma once
// What `speedlab import` says of the runs it stored, or found with --dry-run:
// text (a line per run: its id, label, figures, version or BogoMips, CPU) or
// json (the runs as docs/json.md has them).
#include <vector>

#include "core/run.h"
#include "report/formats.h"

namespace speedlab::report {

struct ImportedRuns {
    const std::vector<Run>& runs;
    bool dry_run = false;  // found, not stored: no id yet
};
const Formats<ImportedRuns>& imported_formats();

}  // namespace speedlab::report
