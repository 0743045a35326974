#include "reference/select.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>

#include "core/error.h"
#include "core/text.h"

namespace speedlab::reference {

namespace {
bool holds(const std::string& text, const std::string& pattern) {
    if (pattern.find_first_of("*?") != std::string::npos)
        return fnmatch(lower_ascii(pattern).c_str(), lower_ascii(text).c_str(), 0) == 0;
    return lower_ascii(text).find(lower_ascii(pattern)) != std::string::npos;
}

// `--kind emulated` means emulated; cloud includes the set's virtual machines.
bool kind_matches(const std::string& kind, const std::string& wanted) {
    if (wanted.empty()) return true;
    if (wanted == "cloud") return kind == "cloud" || kind == "virtual";
    return kind == wanted;
}
}  // namespace

bool matches(const ReferenceRun& run, const Filter& filter) {
    if (!filter.cpu.empty() && !holds(run.machine_text(), filter.cpu)) return false;
    auto year = run.measured_year();
    if (filter.before && (!year || *year >= *filter.before)) return false;
    if (filter.after && (!year || *year <= *filter.after)) return false;
    return kind_matches(run.facts.kind, filter.kind);
}

std::vector<const ReferenceRun*> filtered(const ReferenceSet& set, const Filter& filter) {
    std::vector<const ReferenceRun*> out;
    for (const auto& r : set.runs)
        if (matches(r, filter)) out.push_back(&r);
    return out;
}

std::vector<const ReferenceRun*> named(const ReferenceSet& set, const std::string& text) {
    for (const auto& r : set.runs)
        if (std::to_string(r.id) == text || r.run.label == text) return {&r};
    std::vector<const ReferenceRun*> out;
    for (const auto& r : set.runs)
        if (holds(r.run.label, text) || holds(r.machine_text(), text)) out.push_back(&r);
    return out;
}

OneRun one_named(const ReferenceSet& set, const std::string& text) {
    auto runs = named(set, text);
    if (runs.empty())
        throw Error(ErrorKind::not_found,
                    fmt::format("no reference run '{}' (an id, a label, or part of a CPU name and "
                                "clock, as `speedlab reference list` prints them)",
                                terminal_safe(text)));
    std::stable_sort(runs.begin(), runs.end(), [](auto* a, auto* b) {
        return a->run.measurements.size() > b->run.measurements.size();
    });
    std::string note;
    if (runs.size() > 1)
        note = fmt::format("ref:{} names {} reference runs; took {} ({}, {} figures, the most)",
                           terminal_safe(text), runs.size(), runs[0]->run.label,
                           runs[0]->machine_text(), runs[0]->run.measurements.size());
    return {runs[0], note};
}

store::OutsideLookup outside_lookup(const ReferenceSet& set) {
    return [&set](const std::string& text) {
        auto one = one_named(set, text);
        store::OutsideRun out{one.run->run, one.note};
        out.run.label = "ref:" + out.run.label;
        return out;
    };
}

}  // namespace speedlab::reference
