#include "reference/terms.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "core/text.h"
#include "report/comparison_parts.h"

namespace speedlab::reference {

std::string terms_text(const std::vector<const ReferenceRun*>& runs, size_t width) {
    struct Source {
        std::string name, terms;
        size_t runs = 0;
    };
    std::vector<Source> sources;
    std::set<int> seen;
    for (const auto* r : runs) {
        if (!seen.insert(r->id).second) continue;
        const auto& f = r->facts;
        auto it = std::find_if(sources.begin(), sources.end(), [&](const Source& s) {
            return s.name == f.citation.source && s.terms == f.terms;
        });
        if (it == sources.end()) it = sources.insert(sources.end(), {f.citation.source, f.terms});
        ++it->runs;
    }
    if (sources.empty()) return "";
    std::string out = "sources and their terms:\n";
    for (const auto& s : sources)
        out += report::detail::wrap(
            terminal_safe(fmt::format("  {} ({} run{}): {}", s.name, s.runs, s.runs == 1 ? "" : "s",
                                      s.terms.empty() ? "terms not recorded" : s.terms)),
            width, "    ");
    return out;
}

}  // namespace speedlab::reference
