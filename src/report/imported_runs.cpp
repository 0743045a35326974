#include "report/imported_runs.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/algorithm.h"
#include "core/json.h"
#include "core/plural.h"
#include "core/text.h"
#include "report/speed_table.h"

namespace speedlab::report {

namespace {
// Each piece made safe before it is padded, so a stored text's bytes cannot
// shift the columns.
std::string imported_text(const ImportedRuns& v, const FormatOptions&) {
    std::string out;
    for (const auto& r : v.runs) {
        // A BogoMips run of a typed table has no version line: say what it holds.
        std::string what =
            r.version.empty() ? "(no version line)" : terminal_safe(valid_utf8(r.version));
        const Measurement* bogomips = r.find(std::string(kBogomipsId), Operation::score, 0);
        if (bogomips && r.measurements.size() == 1)
            what = fmt::format("BogoMips {} of {}{}", bogomips_cell(*bogomips),
                               terminal_safe(r.machine->label),
                               r.machine->kernel_release.empty()
                                   ? ""
                                   : " under Linux " + terminal_safe(r.machine->kernel_release));
        out += fmt::format(
            "{} {:<28} {:>11}  {}{}{}\n", v.dry_run ? "found " : fmt::format("run {:>3}", r.id),
            terminal_safe(valid_utf8(r.label)),
            counted(static_cast<int64_t>(r.measurements.size()), "figure") +
                (r.measurements.size() == 1 ? " " : ""),
            what,
            r.machine->cpu_name.empty() ? ""
                                        : " / " + terminal_safe(valid_utf8(r.machine->cpu_name)),
            r.complete ? "" : " (partial)");
    }
    return out;
}

std::string imported_json(const ImportedRuns& v, const FormatOptions&) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& r : v.runs) j.push_back(to_json(r));
    return json_text(j);
}
}  // namespace

const Formats<ImportedRuns>& imported_formats() {
    static const Formats<ImportedRuns> formats{{{"text", imported_text}, {"json", imported_json}}};
    return formats;
}

}  // namespace speedlab::report
