#pragma once
// --format from a report's table of formats: the names it takes, its help and
// the names its error lists all come from the table.
#include <CLI/CLI.hpp>
#include <string>

#include "cli/commands.h"
#include "core/text.h"
#include "report/formats.h"

namespace speedlab::cli {

template <class T>
void add_format_option(CLI::App& app, std::string& format, const report::Formats<T>& formats) {
    app.add_option("--format", format, formats.help())->check(CLI::IsMember(formats.names()));
}

// JSON as it is; any other format is read on a terminal, where a stored text
// must not move the cursor or change colours.
inline int write_formatted(const std::string& format, const std::string& text,
                           const std::string& path = "") {
    return write_output(format == "json" ? text : terminal_safe(valid_utf8(text)), path);
}

}  // namespace speedlab::cli
