#pragma once
// Renders comparisons in text, Markdown, CSV, JSON and a self-contained HTML
// report, from one table of formats (report/formats.h).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compare/ratio.h"
#include "core/run.h"
#include "report/formats.h"

namespace speedlab::report {

// A comparison with the runs it was made of (the HTML report shows their machines).
struct Compared {
    const compare::Comparison& comparison;
    const std::vector<Run>& runs;
};
// text, markdown (or md), csv, json, html: compare's and experiment's formats.
const Formats<Compared>& comparison_formats();
// The format a file's name asks for: ".html", ".htm", ".md", ".csv", ".json", ".txt".
std::optional<std::string_view> format_of_path(std::string_view path);

// One function per format file.
std::string text_report(const compare::Comparison&, const std::vector<Run>&, const FormatOptions&);
std::string markdown_report(const compare::Comparison&, const std::vector<Run>&,
                            const FormatOptions&);
std::string csv_report(const compare::Comparison&, const std::vector<Run>&, const FormatOptions&);
std::string json_report(const compare::Comparison&, const std::vector<Run>&, const FormatOptions&);
std::string html_report(const compare::Comparison&, const std::vector<Run>&, const FormatOptions&);

// COMPARISON in FORMAT, one of comparison_formats()' names.
std::string render(const compare::Comparison& comparison, std::string_view format,
                   const std::vector<Run>& runs, const FormatOptions& options = {});

// "+3%", "-5.5%", "+0%": a ratio from 0.5 to 2 as a percent difference;
// "137x faster" above 2, "137x slower" below 0.5.
std::string percent(double ratio);

// "±9%" for a half-width of 0.09; "±>999%" from 10 on, so a noisy cell keeps
// its column's width.
std::string plus_minus_percent(double fraction);

}  // namespace speedlab::report
