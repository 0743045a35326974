// rank's text and JSON (reference/rank.h).
#include <fmt/format.h>

#include "compare/ratio.h"
#include "core/json.h"
#include "core/text.h"
#include "reference/rank.h"
#include "reference/terms.h"
#include "report/comparison_parts.h"

namespace speedlab::reference {

namespace {
using nlohmann::json;

std::string value_of(const std::string& key, double v) {
    auto k = parse_metric_key(key);
    return k ? report::detail::value_text(*k, v, 0, report::Units::si) : fmt::format("{:g}", v);
}

std::string name_of(const ReferenceRun& r) {
    return fmt::format("{} ({}, id {})", terminal_safe(r.machine_text()),
                       terminal_safe(r.run.label), r.id);
}

// What makes the comparison less direct: another library version or build.
std::string differences(const Closeness& c) {
    std::string out;
    if (!c.same_version) out += "version differs (" + c.run->facts.version + ")";
    if (c.build_known && !c.same_build)
        out += std::string(out.empty() ? "" : ", ") + "build differs (" +
               build_kind(c.run->run.options) + ")";
    return out.empty() ? "same version and build" : out;
}

json neighbour_json(const std::optional<Neighbour>& n) {
    if (!n) return nullptr;
    return {{"id", n->run->id},
            {"label", n->run->run.label},
            {"cpu", n->run->facts.cpu},
            {"clock_mhz", or_null(n->run->facts.clock_mhz)},
            {"value", n->value},
            {"source", n->run->facts.citation.source},
            {"terms", n->run->facts.terms}};
}
}  // namespace

std::string rank_text(const Run& run, const Ranking& g, size_t width) {
    std::string out = fmt::format(
        "{} ({}) among the reference machines; figures per process, ratios are this run's "
        "figure over theirs, with the 95% interval that printed precision and {:g}% noise "
        "allow\n\nclosest real machines (geometric mean over shared figures):\n",
        terminal_safe(compare::run_label(run)), terminal_safe(run.version), g.noise * 100);
    if (g.closest.empty()) out += "  none: no reference run shares 3 figures with it\n";
    for (const auto& c : g.closest)
        out += fmt::format("  {:>7.3f}x [{:.3f}-{:.3f}]  {}: {} figures; {}\n", c.mean.ratio,
                           c.mean.low, c.mean.high, name_of(*c.run), c.mean.figures,
                           terminal_safe(differences(c)));
    out += "\n" + report::detail::wrap(
                      "per figure (the share of the reference runs with it that it beats, ties "
                      "half, and its 95% range: from those it surely beats to all it may beat; "
                      "the nearest at or below and above):",
                      width, "");
    for (const auto& f : g.figures) {
        out += fmt::format("  {:<18} {:>12}  above {:>3.0f}% [{:.0f}-{:.0f}%] of {:>3}", f.metric,
                           value_of(f.metric, f.value), f.percentile, f.percentile_low,
                           f.percentile_high, f.machines);
        if (f.below)
            out += fmt::format("  below: {} {}", value_of(f.metric, f.below->value),
                               terminal_safe(f.below->run->machine_text()));
        if (f.above)
            out += fmt::format("  above: {} {}", value_of(f.metric, f.above->value),
                               terminal_safe(f.above->run->machine_text()));
        out += "\n";
    }
    std::vector<const ReferenceRun*> named;
    for (const auto& c : g.closest) named.push_back(c.run);
    for (const auto& f : g.figures)
        for (const auto& n : {f.below, f.above})
            if (n) named.push_back(n->run);
    if (!named.empty()) out += "\n" + terms_text(named, width);
    return out;
}

json rank_json(const Run& run, const Ranking& g) {
    json closest = json::array(), figures = json::array();
    for (const auto& c : g.closest)
        closest.push_back({{"id", c.run->id},
                           {"label", c.run->run.label},
                           {"cpu", c.run->facts.cpu},
                           {"clock_mhz", or_null(c.run->facts.clock_mhz)},
                           {"version", c.run->facts.version},
                           {"source", c.run->facts.citation.source},
                           {"terms", c.run->facts.terms},
                           {"ratio", c.mean.ratio},
                           {"low", c.mean.low},
                           {"high", c.mean.high},
                           {"figures", c.mean.figures},
                           {"left_out", c.mean.left_out},
                           {"same_version", c.same_version},
                           {"same_build", c.build_known ? json(c.same_build) : json()}});
    for (const auto& f : g.figures)
        figures.push_back({{"metric", f.metric},
                           {"value", f.value},
                           {"machines", f.machines},
                           {"percentile", f.percentile},
                           {"percentile_low", f.percentile_low},
                           {"percentile_high", f.percentile_high},
                           {"below", neighbour_json(f.below)},
                           {"above", neighbour_json(f.above)}});
    return {{"run", {{"id", run.id}, {"label", run.label}, {"version", run.version}}},
            {"noise", g.noise},
            {"closest", closest},
            {"figures", figures}};
}

}  // namespace speedlab::reference
