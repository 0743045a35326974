#pragma once
// The key by which a run is known to be stored already, whatever file it came
// from: the same mail saved as text and as a web page, a table repeated in
// several posts, are one run with several sources (run_sources, schema 6).
#include <string>

#include "core/run.h"

namespace speedlab::store {

// An imported run: sha256 of its machine facts, its build (program, version,
// built on, options, compiler, cpuinfo, timing, platform, mask, processes,
// complete) and its figures at the precision they were printed with; not its
// label, notes, sources or raw text. A measured run: its whole content with
// its time (content_sha256), so two measurements are one run only when truly
// identical.
std::string content_key(const Run& run);

}  // namespace speedlab::store
