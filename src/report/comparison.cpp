// The table of comparison renderers; each format lives in its own file
// (text_report.cpp, markdown_report.cpp, csv_report.cpp, json_report.cpp,
// html_report.cpp).
#include "report/comparison.h"

#include <fmt/format.h>

#include <algorithm>
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

// One row per output format: the command line takes its names and help from here.
const std::vector<Renderer>& renderers() {
    static const std::vector<Renderer> table{
        {Format::text, "text", {}, "aligned text tables", text_report},
        {Format::markdown, "markdown", {"md"}, "Markdown tables", markdown_report},
        {Format::csv, "csv", {}, "CSV, one figure per row", csv_report},
        {Format::json, "json", {}, "JSON (docs/json.md)", json_report},
        {Format::html, "html", {}, "a self-contained HTML page with charts", html_report},
    };
    return table;
}

const Renderer* find_renderer(std::string_view name) {
    for (const auto& r : renderers())
        if (r.name == name ||
            std::find(r.aliases.begin(), r.aliases.end(), name) != r.aliases.end())
            return &r;
    return nullptr;
}

std::vector<std::string> format_names() {
    std::vector<std::string> out;
    for (const auto& r : renderers()) {
        out.emplace_back(r.name);
        for (auto a : r.aliases) out.emplace_back(a);
    }
    return out;
}

std::string format_help() {
    std::string out;
    for (const auto& r : renderers())
        out += (out.empty() ? "" : "; ") + std::string(r.name) + ": " + std::string(r.help);
    return out;
}

std::optional<Format> parse_format(std::string_view name) {
    const Renderer* r = find_renderer(name);
    return r ? std::optional(r->format) : std::nullopt;
}

std::string render(const compare::Comparison& c, Format format, const std::vector<Run>& runs,
                   const RenderOptions& options) {
    for (const auto& r : renderers())
        if (r.format == format) return r.render(c, runs, options);
    return {};
}

std::optional<Units> parse_units(std::string_view name) {
    if (name == "openssl") return Units::openssl;
    if (name == "si") return Units::si;
    return std::nullopt;
}

std::optional<Format> format_of_path(std::string_view path) {
    size_t slash = path.find_last_of('/');
    std::string_view file = slash == std::string_view::npos ? path : path.substr(slash + 1);
    size_t dot = file.find_last_of('.');
    if (dot == std::string_view::npos) return std::nullopt;
    std::string ext(file.substr(dot + 1));
    for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ext == "html" || ext == "htm") return Format::html;
    if (ext == "md" || ext == "markdown") return Format::markdown;
    if (ext == "csv") return Format::csv;
    if (ext == "json") return Format::json;
    if (ext == "txt" || ext == "text") return Format::text;
    return std::nullopt;
}

std::string_view format_name(Format format) {
    for (const auto& r : renderers())
        if (r.format == format) return r.name;
    return "text";
}

std::string plus_minus_percent(double fraction) {
    return fraction >= 9.995 ? std::string("±>999%") : fmt::format("±{:.0f}%", 100 * fraction);
}

}  // namespace speedlab::report
