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

using RatioRenderer = std::string (*)(const compare::RatioTable&, const std::vector<Run>&);
using SideBySideRenderer = std::string (*)(const compare::SideBySide&, const std::vector<Run>&);

// One output format: its names, its help, and how it renders each table.
struct Renderer {
    Format format;
    std::string_view name;
    std::vector<std::string_view> aliases;
    std::string_view help;
    RatioRenderer ratio;
    SideBySideRenderer side_by_side;
};
const std::vector<Renderer>& renderers();
const Renderer* find_renderer(std::string_view name);
std::vector<std::string> format_names();  // names and aliases, for the command line
std::string format_help();                // "text: ...; markdown: ..."
std::optional<Format> parse_format(std::string_view name);

// One function pair per format file.
std::string text_ratio(const compare::RatioTable&, const std::vector<Run>&);
std::string text_side_by_side(const compare::SideBySide&, const std::vector<Run>&);
std::string markdown_ratio(const compare::RatioTable&, const std::vector<Run>&);
std::string markdown_side_by_side(const compare::SideBySide&, const std::vector<Run>&);
std::string csv_ratio(const compare::RatioTable&, const std::vector<Run>&);
std::string csv_side_by_side(const compare::SideBySide&, const std::vector<Run>&);
std::string json_ratio(const compare::RatioTable&, const std::vector<Run>&);
std::string json_side_by_side(const compare::SideBySide&, const std::vector<Run>&);
std::string html_ratio(const compare::RatioTable&, const std::vector<Run>&);
std::string html_side_by_side(const compare::SideBySide&, const std::vector<Run>&);

// `runs` supplies the machines' facts for the HTML report.
std::string render(const compare::RatioTable& table, Format format, const std::vector<Run>& runs);
std::string render(const compare::SideBySide& table, Format format, const std::vector<Run>& runs);

// "+3%", "-5.5%", "+0%": a ratio as a percent difference.
std::string percent(double ratio);

// "±9%" for a half-width of 0.09; "±>999%" from 10 on, so a noisy cell keeps
// its column's width.
std::string plus_minus_percent(double fraction);

}  // namespace speedlab::report
