#pragma once
// The regression gate's verdict in its formats: for people (text, markdown)
// and for machines (json, csv).
#include <string>

#include "compare/check.h"
#include "core/run.h"
#include "report/formats.h"

namespace speedlab::report {

struct CheckView {
    const compare::CheckResult& result;
    const Run& baseline;
    const Run& candidate;
};
// text (the figures beyond the threshold by verdict, then PASS or FAIL), json
// (docs/json.md), csv (one line per shared figure), markdown (every shared
// figure in a table between text's first and last lines).
const Formats<CheckView>& check_formats();

}  // namespace speedlab::report
