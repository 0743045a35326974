#pragma once
// One stored run as `speedlab show` prints it: text (its facts, then its
// figures as openssl speed prints them), json, or openssl's -mr records.
#include "core/run.h"
#include "report/formats.h"

namespace speedlab::report {

const Formats<Run>& run_formats();

}  // namespace speedlab::report
