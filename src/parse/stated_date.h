#pragma once
// The date a text states for the runs that follow it: a mail's `Date:`
// header, a log line's time stamp, a post's date on a line of its own. Never
// a `built on:` line, a kernel's build date or a version's release date:
// those say when software was made, not when it was measured.
#include <deque>
#include <string>
#include <string_view>

#include "core/run.h"

namespace speedlab::parse {

// The line's date as ISO 8601 UTC ("2002-05-14T08:31:00Z", or "2002-05-14"
// when it states no time); "" when the line states none.
std::string stated_date(std::string_view line);

// Each run without one takes the date stated nearest before its first line
// (or on it); runs before any stated date keep measured_at empty.
void date_runs(std::string_view text, std::deque<Run>& runs);

}  // namespace speedlab::parse
