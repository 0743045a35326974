// openssl speed's own output in any text (parse/speed_parser.h): a mail, a
// web page, a terminal log, typed tables.
#include <fmt/format.h>

#include "core/text.h"
#include "import/fenced_csv.h"
#include "import/pipeline.h"
#include "import/reader.h"
#include "parse/speed_parser.h"

namespace speedlab::import {

namespace {
// Why a text gave no run, at the line that came closest.
std::string no_run_reason(const parse::ParsedText& parsed, const std::string& name) {
    if (parsed.ratio_table_line)
        return fmt::format(
            "{}:{}: found a ratio table (figures relative to another run), not "
            "openssl speed output; nothing imported",
            name, parsed.ratio_table_line);
    if (parsed.closest_line)
        return fmt::format("{}:{}: no openssl speed output found; closest: {}", name,
                           parsed.closest_line, terminal_safe(parsed.closest_what));
    return name + ":1: no openssl speed output found";
}

std::vector<std::string> diagnostic_lines(const parse::ParsedText& parsed, const std::string& text,
                                          const std::string& name) {
    std::vector<std::string> out;
    auto messages = parse::diagnostic_messages(parsed.diagnostics, text);
    for (size_t k = 0; k < messages.size(); ++k) {
        const auto& d = parsed.diagnostics[k];
        out.push_back(
            fmt::format("{}:{}: {}: {}", name, d.line, to_string(d.severity), messages[k]));
    }
    return out;
}
}  // namespace

Read read_openssl_text(Input& input) {
    Read out;
    // The parser keeps the text (its runs' raw texts are spans of it), and may
    // make plain text of it.
    parse::ParsedText parsed;
    try {
        parsed = parse::parse_speed_text(input.text, input.name,
                                         {.merge_invocations = !input.options->separate});
    } catch (const parse::InputError& e) {
        out.refused = e.what();
        return out;
    }
    // A harness's CSV in a code fence: its openssl rows (fenced_csv.h).
    Read csv = read_fenced_csv(input, parsed.runs);
    append_read(csv, read_prose_csv(input, parsed.runs));  // blocks outside any fence
    if (parsed.runs.empty() && csv.runs.empty()) {
        out.refused = no_run_reason(parsed, input.name);
        return out;
    }
    out.runs = std::move(parsed.runs);
    for (auto& run : csv.runs) out.runs.push_back(std::move(run));
    out.unused_lines = parsed.unused_lines + csv.unused_lines;
    if (input.options->verbose) {  // only -v prints them
        out.diagnostics = diagnostic_lines(parsed, *input.text, input.name);
        for (auto& d : csv.diagnostics) out.diagnostics.push_back(std::move(d));
    }
    return out;
}

}  // namespace speedlab::import
