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

std::string list_csv(const std::vector<const ReferenceRun*>& runs) {
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

std::string list_text(const std::vector<const ReferenceRun*>& runs, size_t width) {
    // id, year, kind, MHz, cores, figures: fixed; the label, version and CPU share the rest.
    const size_t fixed = 4 + 1 + 10 + 1 + 8 + 1 + 5 + 1 + 5 + 1 + 4 + 3, version_w = 14;
    size_t rest = width > fixed + 50 ? width - fixed : 50;
    size_t label_w = std::min<size_t>(32, rest - version_w - 14);
    size_t cpu_w = rest - label_w - version_w;
    auto row = [&](auto id, const std::string& when, const std::string& kind,
                   const std::string& mhz, const std::string& cores, auto figures,
                   const std::string& label, const std::string& version, const std::string& cpu) {
        return fmt::format("{:>4} {:<10} {:<8} {:>5} {:>5} {:>4} {:<{}} {:<{}} {}\n", id, when,
                           kind, mhz, cores, figures, cut(label, label_w), label_w,
                           cut(version, version_w), version_w, cut(cpu, cpu_w));
    };
    std::string out =
        row("id", "measured", "kind", "MHz", "cores", "figs", "label", "version", "CPU");
    for (const auto* r : runs)
        out += row(r->id, when_text(*r), r->facts.kind, clock_text(*r),
                   r->facts.cores ? std::to_string(*r->facts.cores) : "",
                   r->run.measurements.size(), terminal_safe(r->run.label),
                   terminal_safe(r->facts.version), terminal_safe(r->facts.cpu));
    out += fmt::format("{} reference run{}\n", runs.size(), runs.size() == 1 ? "" : "s");
    return out + terms_text(runs, width);
}

std::string show_text(const ReferenceRun& r) {
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

json show_json(const ReferenceRun& r) {
    json j = to_json(r.run, true);
    j["reference"] = summary_json(r);
    j["reference"]["build_options"] = r.facts.build_options;
    j["reference"]["citation"]["folder"] = r.facts.citation.folder;
    j["reference"]["citation"]["file"] = r.facts.citation.file;
    return j;
}

}  // namespace speedlab::reference
