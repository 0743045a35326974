// The table of comparison renderers; each format lives in its own file
// (text_report.cpp, markdown_report.cpp, csv_report.cpp, json_report.cpp,
// html_report.cpp).
#include "report/comparison.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>

namespace speedlab::report {

std::string percent(double ratio) {
    // Big changes read as factors in words: "55.8x faster", "137x slower", not
    // "+5482%" or "-99%" (which says the same for 137x and 6874x).
    auto times = [](double f) {
        return f >= 100 ? fmt::format("{:.0f}x", f) : fmt::format("{:.3g}x", f);
    };
    if (ratio > 2) return times(ratio) + " faster";
    if (ratio < 0.5 && ratio > 0) return times(1 / ratio) + " slower";
    double pct = (ratio - 1) * 100;
    std::string s =
        std::fabs(pct) >= 9.95 ? fmt::format("{:+.0f}%", pct) : fmt::format("{:+.1f}%", pct);
    if (auto dot = s.find(".0%"); dot != std::string::npos) s.erase(dot, 2);
    if (s == "-0%") s = "+0%";
    return s;
}

namespace {
// The renderers take the comparison and its runs apart; the table hands them one value.
template <std::string (*render)(const compare::Comparison&, const std::vector<Run>&,
                                const FormatOptions&)>
std::string of(const Compared& c, const FormatOptions& o) {
    return render(c.comparison, c.runs, o);
}
}  // namespace

// One row per output format: the command line takes its names and help from here.
const Formats<Compared>& comparison_formats() {
    static const Formats<Compared> formats{
        {{"text", of<text_report>, "aligned text tables"},
         {"markdown", of<markdown_report>, "Markdown tables", "md"},
         {"csv", of<csv_report>, "CSV, one figure per row"},
         {"json", of<json_report>, "JSON (docs/json.md)"},
         {"html", of<html_report>, "a self-contained HTML page with charts"}}};
    return formats;
}

std::string render(const compare::Comparison& c, std::string_view format,
                   const std::vector<Run>& runs, const FormatOptions& options) {
    return comparison_formats().render(format, {c, runs}, options);
}

std::optional<Units> parse_units(std::string_view name) {
    if (name == "openssl") return Units::openssl;
    if (name == "si") return Units::si;
    return std::nullopt;
}

std::optional<std::string_view> format_of_path(std::string_view path) {
    size_t slash = path.find_last_of('/');
    std::string_view file = slash == std::string_view::npos ? path : path.substr(slash + 1);
    size_t dot = file.find_last_of('.');
    if (dot == std::string_view::npos) return std::nullopt;
    std::string ext(file.substr(dot + 1));
    for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ext == "htm" || ext == "txt") ext = ext == "htm" ? "html" : "text";
    const auto* format = comparison_formats().find(ext);  // an alias too: .md
    return format ? std::optional(format->name) : std::nullopt;
}

std::string plus_minus_percent(double fraction) {
    return fraction >= 9.995 ? std::string("±>999%") : fmt::format("±{:.0f}%", 100 * fraction);
}

}  // namespace speedlab::report
