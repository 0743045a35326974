#pragma once
// The key by which a run is known to be stored already, whatever file it came
// from: the same mail saved as text and as a web page, a table repeated in
// several posts, are one run with several sources (run_sources, schema 6).
#include <string>
#include <string_view>

#include "core/run.h"

namespace speedlab::store {

// An imported run: sha256 of its machine facts, its build (program, version,
// built on, options, compiler, cpuinfo, timing, platform, mask, processes,
// complete) and its figures at the precision they were printed with; not its
// label, notes, sources or raw text. A measured run: its whole content with
// its time (content_sha256), so two measurements are one run only when truly
// identical.
std::string content_key(const Run& run);

// sha256 of a run's content: its JSON without the id, and its raw text.
std::string content_sha256(const Run& run);

// The SHA-256 of BYTES in lower-case hex: of a text imported (a source's
// sha256), of the keys above and of serve's short names of long files: the
// project's one SHA-256 helper.
std::string sha256_hex(std::string_view bytes);

}  // namespace speedlab::store
