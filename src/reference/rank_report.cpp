// rank's formats (reference/rank.h): text, json, csv and markdown.
#include <fmt/format.h>

#include "compare/ratio.h"
#include "core/json.h"
#include "core/text.h"
#include "reference/rank.h"
#include "reference/terms.h"
#include "report/comparison_parts.h"
#include "report/units.h"

namespace speedlab::reference {

namespace {
using nlohmann::json;

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

std::string header(const Run& run, const Ranking& g) {
    return fmt::format(
        "{} ({}) among the reference machines; figures per process, ratios are this run's "
        "figure over theirs, with the 95% interval that printed precision and {:g}% noise "
        "allow\n",
        terminal_safe(compare::run_label(run)), terminal_safe(run.version), g.noise * 100);
}

// Every reference run the ranking names, whose sources' terms follow it.
std::vector<const ReferenceRun*> named_runs(const Ranking& g) {
    std::vector<const ReferenceRun*> named;
    for (const auto& c : g.closest) named.push_back(c.run);
    for (const auto& f : g.figures)
        for (const auto& n : {f.below, f.above})
            if (n) named.push_back(n->run);
    return named;
}

std::string rank_text(const RankView& v, const report::FormatOptions& o) {
    const Ranking& g = v.ranking;
    std::string out =
        header(v.run, g) + "\nclosest real machines (geometric mean over shared figures):\n";
    if (g.closest.empty()) out += "  none: no reference run shares 3 figures with it\n";
    for (const auto& c : g.closest)
        out += fmt::format("  {:>7.3f}x [{:.3f}-{:.3f}]  {}: {} figures; {}\n", c.mean.ratio,
                           c.mean.low, c.mean.high, name_of(*c.run), c.mean.figures,
                           terminal_safe(differences(c)));
    out += "\n" + report::detail::wrap(
                      "per figure (the share of the reference runs with it that it beats, ties "
                      "half, and its 95% range: from those it surely beats to all it may beat; "
                      "the nearest at or below and above):",
                      o.width, "");
    for (const auto& f : g.figures) {
        out += fmt::format("  {:<18} {:>12}  above {:>3.0f}% [{:.0f}-{:.0f}%] of {:>3}", f.metric,
                           report::figure_text(f.metric, f.value), f.percentile, f.percentile_low,
                           f.percentile_high, f.machines);
        if (f.below)
            out += fmt::format("  below: {} {}", report::figure_text(f.metric, f.below->value),
                               terminal_safe(f.below->run->machine_text()));
        if (f.above)
            out += fmt::format("  above: {} {}", report::figure_text(f.metric, f.above->value),
                               terminal_safe(f.above->run->machine_text()));
        out += "\n";
    }
    auto named = named_runs(g);
    return named.empty() ? out : out + "\n" + terms_text(named, o.width);
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

// A neighbour's id, value, source and terms (empty when there is none).
std::vector<std::string> neighbour_cells(const std::optional<Neighbour>& n) {
    if (!n) return {"", "", "", ""};
    return {std::to_string(n->run->id), fmt::format("{}", n->value), n->run->facts.citation.source,
            n->run->facts.terms};
}

std::string rank_csv(const RankView& v, const report::FormatOptions&) {
    std::string out = report::detail::csv_row(
        {"metric", "value", "machines", "percentile", "percentile_low", "percentile_high",
         "below_id", "below_value", "below_source", "below_terms", "above_id", "above_value",
         "above_source", "above_terms"});
    for (const auto& f : v.ranking.figures) {
        std::vector<std::string> row{f.metric,
                                     fmt::format("{}", f.value),
                                     std::to_string(f.machines),
                                     fmt::format("{}", f.percentile),
                                     fmt::format("{}", f.percentile_low),
                                     fmt::format("{}", f.percentile_high)};
        for (const auto& n : {f.below, f.above})
            for (auto& cell : neighbour_cells(n)) row.push_back(std::move(cell));
        out += report::detail::csv_row(row);
    }
    return out;
}

std::string rank_markdown(const RankView& v, const report::FormatOptions& o) {
    const Ranking& g = v.ranking;
    std::vector<std::vector<std::string>> closest, figures;
    for (const auto& c : g.closest)
        closest.push_back({fmt::format("{:.3f}x", c.mean.ratio),
                           fmt::format("{:.3f}-{:.3f}", c.mean.low, c.mean.high), name_of(*c.run),
                           std::to_string(c.mean.figures), differences(c)});
    auto near = [](const std::optional<Neighbour>& n, const std::string& metric) {
        return n ? report::figure_text(metric, n->value) + " " + n->run->machine_text()
                 : std::string();
    };
    for (const auto& f : g.figures)
        figures.push_back({f.metric, report::figure_text(f.metric, f.value),
                           fmt::format("{:.0f}% [{:.0f}-{:.0f}%]", f.percentile, f.percentile_low,
                                       f.percentile_high),
                           std::to_string(f.machines), near(f.below, f.metric),
                           near(f.above, f.metric)});
    std::string out = header(v.run, g) + "\n" +
                      report::detail::markdown_grid(
                          {"ratio", "95%", "closest real machine", "figures", "compared"}, closest,
                          {true, true, false, true, false}) +
                      "\n" +
                      report::detail::markdown_grid(
                          {"figure", "value", "beats", "of", "nearest below", "nearest above"},
                          figures, {false, true, true, true, false, false});
    auto named = named_runs(g);
    return named.empty() ? out : out + "\n" + terms_text(named, o.width);
}
}  // namespace

const report::Formats<RankView>& rank_formats() {
    static const report::Formats<RankView> formats{
        {{"text", rank_text},
         {"json",
          [](const RankView& v, const report::FormatOptions&) {
              return json_text(rank_json(v.run, v.ranking));
          }},
         {"csv", rank_csv},
         {"markdown", rank_markdown}}};
    return formats;
}

}  // namespace speedlab::reference
