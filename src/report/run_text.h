#pragma once
// One stored run as `speedlab show` prints it: text (its facts, then its
// figures as openssl speed prints them), json, or openssl's -mr records.
#include "core/run.h"
#include "report/formats.h"

namespace speedlab::report {

const Formats<Run>& run_formats();
// What `speedlab run` prints of the run it measured: openssl's table alone, the
// run's JSON (without a source text: it has none), or the -mr records.
const Formats<Run>& measured_run_formats();

}  // namespace speedlab::report
