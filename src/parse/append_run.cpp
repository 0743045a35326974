#include "parse/append_run.h"

#include <algorithm>

namespace speedlab::parse {

void append_run(Run& into, Run& run) {
    std::string_view before = into.raw_text.view();  // the appended lines follow it
    auto lines = static_cast<uint32_t>(std::count(before.begin(), before.end(), '\n'));
    for (auto& m : run.measurements) {
        if (m.line > 0) m.line += lines;
        into.measurements.push_back(std::move(m));
    }
    into.raw_text.append(run.raw_text);
    if (!into.sources.empty() && !run.sources.empty())
        into.sources[0].last_line = run.sources[0].last_line;
}

}  // namespace speedlab::parse
