#pragma once
// Renders comparisons in text, Markdown, CSV, JSON and a self-contained HTML report.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compare/ratio.h"
#include "core/run.h"

namespace speedlab::report {

enum class Format { text, markdown, csv, json, html };

// How text shows throughput: "6242.30k" as `openssl speed` prints it, or
// "6.24230 MB/s" (kB/s, MB/s, GB/s with 4 to 6 significant digits, never more
// than the source printed).
enum class Units { openssl, si };
std::optional<Units> parse_units(std::string_view name);

struct RenderOptions {
    Units units = Units::si;
    bool ratios_only = false;  // two runs: the sslcmp grid of ratios, without the values
    size_t width = 100;        // text: columns to wrap the summary and caveats at
    bool fragment = false;     // html: the report's parts, for a page around them
};

// `runs` supplies the machines' facts for the HTML report.
using RenderFunction = std::string (*)(const compare::Comparison&, const std::vector<Run>&,
                                       const RenderOptions&);

// One output format: its names, its help, and how it renders a comparison.
struct Renderer {
    Format format;
    std::string_view name;
    std::vector<std::string_view> aliases;
    std::string_view help;
    RenderFunction render;
};
const std::vector<Renderer>& renderers();
const Renderer* find_renderer(std::string_view name);
std::vector<std::string> format_names();  // names and aliases, for the command line
std::string format_help();                // "text: ...; markdown: ..."
std::optional<Format> parse_format(std::string_view name);
// The format a file's name asks for: ".html", ".htm", ".md", ".csv", ".json", ".txt".
std::optional<Format> format_of_path(std::string_view path);
std::string_view format_name(Format format);

// One function per format file.
std::string text_report(const compare::Comparison&, const std::vector<Run>&, const RenderOptions&);
std::string markdown_report(const compare::Comparison&, const std::vector<Run>&,
                            const RenderOptions&);
std::string csv_report(const compare::Comparison&, const std::vector<Run>&, const RenderOptions&);
std::string json_report(const compare::Comparison&, const std::vector<Run>&, const RenderOptions&);
std::string html_report(const compare::Comparison&, const std::vector<Run>&, const RenderOptions&);

std::string render(const compare::Comparison& comparison, Format format,
                   const std::vector<Run>& runs, const RenderOptions& options = {});

// "+3%", "-5.5%", "+0%": a ratio from 0.5 to 2 as a percent difference;
// "137x faster" above 2, "137x slower" below 0.5.
std::string percent(double ratio);

// "±9%" for a half-width of 0.09; "±>999%" from 10 on, so a noisy cell keeps
// its column's width.
std::string plus_minus_percent(double fraction);

}  // namespace speedlab::report
