#include "reference/listing.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/json.h"
#include "core/text.h"
#include "reference/terms.h"
#include "report/comparison_parts.h"

namespace speedlab::reference {

namespace {
using nlohmann::json;
using report::detail::csv_field;

std::string when_text(const ReferenceRun& r) {
    if (!r.facts.measured_at.empty()) return r.facts.measured_at.substr(0, 10);
    return r.facts.year ? std::to_string(*r.facts.year) : "";
}

std::string clock_text(const ReferenceRun& r) {
    return r.facts.clock_mhz ? fmt::format("{:g}", *r.facts.clock_mhz) : "";
}

// Text cut to N display columns with an ellipsis.
std::string cut(const std::string& text, size_t n) {
    if (text.size() <= n) return text;
    return n < 2 ? text.substr(0, n) : text.substr(0, n - 1) + "…";
}
}  // namespace

json summary_json(const ReferenceRun& r) {
    json j = {{"id", r.id},
              {"label", r.run.label},
              {"cpu", r.facts.cpu},
              {"clock_mhz", or_null(r.facts.clock_mhz)},
              {"cores", or_null(r.facts.cores)},
              {"kind", r.facts.kind},
              {"emulator", r.facts.emulator},
              {"os", r.facts.os},
              {"library", r.facts.library},
              {"version", r.facts.version},
              {"figures", r.run.measurements.size()},
              {"citation",
               {{"source", r.facts.citation.source},
                {"path", r.facts.citation.path},
                {"commit", r.facts.citation.commit},
                {"lines", r.facts.citation.lines}}},
              {"terms", r.facts.terms}};
    if (!r.facts.measured_at.empty())
        j["measured_at"] = r.facts.measured_at;
    else
        j["year"] = or_null(r.facts.year);
    return j;
}

std::string list_json(const std::vector<const ReferenceRun*>& runs) {
    json out = json::array();
    for (const auto* r : runs) out.push_back(summary_json(*r));
    return out.dump(2) + "\n";
}

namespace {
std::string list_csv(const RunList& runs, const report::FormatOptions&) {
    std::string out =
        "id,label,cpu,clock_mhz,cores,kind,os,version,when,figures,source,lines,terms\n";
    for (const auto* r : runs)
        out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{}\n", r->id,
                           csv_field(r->run.label), csv_field(r->facts.cpu), clock_text(*r),
                           r->facts.cores ? std::to_string(*r->facts.cores) : "", r->facts.kind,
                           csv_field(r->facts.os), csv_field(r->facts.version), when_text(*r),
                           r->run.measurements.size(), csv_field(r->facts.citation.source),
                           r->facts.citation.lines, csv_field(r->facts.terms));
    return out;
}

// A run's cells in the text and Markdown tables: id, measured, kind, MHz,
// cores, figures, label, version, CPU.
const std::vector<std::string> kListHeader{"id",   "measured", "kind",    "MHz", "cores",
                                           "figs", "label",    "version", "CPU"};
std::vector<std::string> list_cells(const ReferenceRun& r) {
    return {std::to_string(r.id),
            when_text(r),
            r.facts.kind,
            clock_text(r),
            r.facts.cores ? std::to_string(*r.facts.cores) : "",
            std::to_string(r.run.measurements.size()),
            r.run.label,
            r.facts.version,
            r.facts.cpu};
}

std::string count_line(const RunList& runs) {
    return fmt::format("{} reference run{}\n", runs.size(), runs.size() == 1 ? "" : "s");
}

std::string list_text(const RunList& runs, const report::FormatOptions& o) {
    // id, year, kind, MHz, cores, figures: fixed; the label, version and CPU share the rest.
    const size_t fixed = 4 + 1 + 10 + 1 + 8 + 1 + 5 + 1 + 5 + 1 + 4 + 3, version_w = 14;
    size_t rest = o.width > fixed + 50 ? o.width - fixed : 50;
    size_t label_w = std::min<size_t>(32, rest - version_w - 14);
    size_t cpu_w = rest - label_w - version_w;
    auto row = [&](const std::vector<std::string>& c) {
        return fmt::format("{:>4} {:<10} {:<8} {:>5} {:>5} {:>4} {:<{}} {:<{}} {}\n", c[0], c[1],
                           c[2], c[3], c[4], c[5], cut(terminal_safe(c[6]), label_w), label_w,
                           cut(terminal_safe(c[7]), version_w), version_w,
                           cut(terminal_safe(c[8]), cpu_w));
    };
    std::string out = row(kListHeader);
    for (const auto* r : runs) out += row(list_cells(*r));
    return out + count_line(runs) + terms_text(runs, o.width);
}

std::string list_markdown(const RunList& runs, const report::FormatOptions& o) {
    std::vector<std::vector<std::string>> rows;
    for (const auto* r : runs) rows.push_back(list_cells(*r));
    return report::detail::markdown_grid(
               kListHeader, rows, {true, false, false, true, true, true, false, false, false}) +
           "\n" + count_line(runs) + terms_text(runs, o.width);
}
}  // namespace

const report::Formats<RunList>& list_formats() {
    static const report::Formats<RunList> formats{
        {{"text", list_text},
         {"json",
          [](const RunList& runs, const report::FormatOptions&) { return list_json(runs); }},
         {"csv", list_csv},
         {"markdown", list_markdown}}};
    return formats;
}

namespace {
std::string show_text(const ReferenceRun& r, const report::FormatOptions&) {
    const auto& f = r.facts;
    const auto& c = f.citation;
    std::string out = fmt::format("reference run {}: {}\n", r.id, terminal_safe(r.run.label));
    auto line = [&](const char* name, const std::string& value) {
        if (!value.empty()) out += fmt::format("  {:<14}{}\n", name, terminal_safe(value));
    };
    line("cpu", f.cpu);
    line("clock", f.clock_mhz ? fmt::format("{:g} MHz", *f.clock_mhz) : "");
    line("cores", f.cores ? std::to_string(*f.cores) : "");
    line("kind", f.kind + (f.emulator.empty() ? "" : " (" + f.emulator + ")"));
    line("os", f.os);
    line("library", f.library);
    line("version", f.version);
    line("build", f.build_options);
    line("measured", when_text(r));
    line(
        "figures",
        std::to_string(r.run.measurements.size()) +
            (r.run.processes > 1 ? fmt::format(" (sums over {} processes)", r.run.processes) : ""));
    out += "citation\n";
    line("source", c.source);
    line("path", c.path);
    line("commit", c.commit);
    line("excerpt", "data/reference/sources/" + c.folder + "/" + c.file + ", lines " + c.lines);
    line("terms", f.terms);
    for (const auto& n : r.run.notes) line("note", n);
    out += "source lines\n";
    std::string raw = r.run.raw_text.str();
    for (size_t at = 0; at < raw.size();) {
        size_t end = raw.find('\n', at);
        if (end == std::string::npos) end = raw.size();
        out += "  | " + terminal_safe(raw.substr(at, end - at)) + "\n";
        at = end + 1;
    }
    return out;
}

nlohmann::json show_json(const ReferenceRun& r) {
    json j = to_json(r.run, true);
    j["reference"] = summary_json(r);
    j["reference"]["build_options"] = r.facts.build_options;
    j["reference"]["citation"]["folder"] = r.facts.citation.folder;
    j["reference"]["citation"]["file"] = r.facts.citation.file;
    return j;
}
}  // namespace

const report::Formats<ReferenceRun>& show_formats() {
    static const report::Formats<ReferenceRun> formats{
        {{"text", show_text}, {"json", [](const ReferenceRun& r, const report::FormatOptions&) {
                                   return json_text(show_json(r));
                               }}}};
    return formats;
}

}  // namespace speedlab::reference
