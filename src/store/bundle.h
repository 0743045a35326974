#pragma once
// Bundles: runs that travel between stores as one JSON document (docs/json.md),
// with their machines, samples, notes and raw source text, read back losslessly.
#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/run.h"

namespace speedlab::store {

inline constexpr int kBundleVersion = 1;

struct BundleError : Error {
    explicit BundleError(const std::string& what) : Error(ErrorKind::input, what) {}
};

// {"format": "speedlab-bundle", "version": 1, "runs": [...]}, indented, final newline,
// a run at a time so `export` holds one run in memory: bundle_head(), bundle_run()
// for each (FIRST for the first), bundle_tail(). A run's machine carries
// "merged_from" when `machine merge` gave it its name.
std::string bundle_head(const std::string& exported_by);
std::string bundle_run(const Run& run, bool first);
std::string bundle_tail(bool any_runs);

// True when the text is JSON rather than benchmark text (its first non-blank is { or [).
bool looks_like_json(const std::string& text);

// The runs of a bundle, of one run as `show --format json` prints it, or of an
// array of runs (`import --format json`). BundleError says what was expected
// and where ("NAME: ..."), so nothing is stored from a damaged document.
// Read as a stream (`prefix`: what was already read of `in`), one run in
// memory at a time; nesting deeper than kMaxJsonDepth is refused.
std::vector<Run> read_bundle(std::istream& in, const std::string& name, std::string prefix = {});
std::vector<Run> read_bundle(const std::string& text, const std::string& name);

}  // namespace speedlab::store
