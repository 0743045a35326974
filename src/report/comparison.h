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
std::optional<Format> parse_format(std::string_view name);

// `runs` supplies the machines' facts for the HTML report.
std::string render(const compare::RatioTable& table, Format format, const std::vector<Run>& runs);
std::string render(const compare::SideBySide& table, Format format, const std::vector<Run>& runs);

// "+3%", "-5.5%", "+0%": a ratio as a percent difference.
std::string percent(double ratio);

}  // namespace speedlab::report
