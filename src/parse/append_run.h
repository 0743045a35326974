#pragma once
// One run's figures and text appended to another's (neighbouring invocations,
// a -multi harness's sections): the appended figures' source lines move past
// the text they now follow, so the run page marks the right lines.
#include "core/run.h"

namespace speedlab::parse {

// Moves RUN's figures into INTO after its raw text, appends RUN's raw text and
// extends INTO's first source to RUN's last line. Notes are the caller's.
void append_run(Run& into, Run& run);

}  // namespace speedlab::parse
