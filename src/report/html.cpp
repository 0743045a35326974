#include "report/html.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/speed_table.h"

namespace speedlab::report {

std::string html_escape(std::string_view text) {
    std::string o;
    o.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&':
                o += "&amp;";
                break;
            case '<':
                o += "&lt;";
                break;
            case '>':
                o += "&gt;";
                break;
            case '"':
                o += "&quot;";
                break;
            default:
                o += c;
        }
    }
    return o;
}

namespace {
// Green for faster, red for slower, saturating at a factor of 4.
std::string heat_colour(double ratio) {
    double t = std::clamp(std::log2(ratio) / 2, -1.0, 1.0);
    int light = static_cast<int>(96 - 36 * std::fabs(t));
    return fmt::format("hsl({},{}%,{}%)", t >= 0 ? 130 : 0, t == 0 ? 0 : 60, light);
}

std::string short_value(double v, const std::string& unit) {
    if (unit == "bytes/s")
        return v > 10000 ? fmt::format("{:.2f} kB/s", v / 1000) : fmt::format("{:.2f} B/s", v);
    return fmt::format("{:.1f}/s", v);
}
}  // namespace

HtmlReport::HtmlReport(std::string title) : title_(std::move(title)) {}

void HtmlReport::paragraph(const std::string& text) {
    body_ += "<p>" + html_escape(text) + "</p>\n";
}

void HtmlReport::list(const std::string& heading, const std::vector<std::string>& items) {
    if (items.empty()) return;
    body_ += "<h2>" + html_escape(heading) + "</h2>\n<ul>\n";
    for (const auto& i : items) body_ += "<li>" + html_escape(i) + "</li>\n";
    body_ += "</ul>\n";
}

void HtmlReport::ratio_bars(const std::string& title,
                            const std::vector<std::pair<std::string, double>>& bars) {
    if (bars.empty()) return;
    const int label_w = 120, chart_w = 480, bar_h = 22, gap = 6;
    double max_log = 0.1;
    for (const auto& [_, r] : bars)
        if (r > 0) max_log = std::max(max_log, std::fabs(std::log2(r)));
    double scale = (chart_w / 2 - 40) / max_log;
    int h = static_cast<int>(bars.size()) * (bar_h + gap) + 30;
    int mid = label_w + chart_w / 2;
    std::string svg = fmt::format(
        R"(<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" role="img" aria-label="{}">)",
        label_w + chart_w, h, html_escape(title));
    int y = 20;
    for (const auto& [label, r] : bars) {
        double len = r > 0 ? std::log2(r) * scale : 0;
        int x = len >= 0 ? mid : mid + static_cast<int>(len);
        svg += fmt::format(R"(<text x="{}" y="{}" text-anchor="end" class="lbl">{}</text>)",
                           label_w - 8, y + 15, html_escape(label));
        svg += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>)", x, y,
                           std::max(1, static_cast<int>(std::fabs(len))), bar_h,
                           r >= 1 ? "#3a9a5b" : "#c0504d");
        svg += fmt::format(
            R"(<text x="{}" y="{}" class="val" text-anchor="{}">{:.3f}</text>)",
            len >= 0 ? mid + static_cast<int>(len) + 4 : mid + static_cast<int>(len) - 4, y + 15,
            len >= 0 ? "start" : "end", r);
        y += bar_h + gap;
    }
    svg += fmt::format(
        R"(<line x1="{0}" y1="12" x2="{0}" y2="{1}" stroke="#333"/><text x="{0}" y="10" text-anchor="middle" class="val">1.0</text></svg>)",
        mid, h - 4);
    body_ += "<figure><figcaption>" + html_escape(title) + "</figcaption>" + svg + "</figure>\n";
}

void HtmlReport::value_bars(const std::string& title,
                            const std::vector<std::pair<std::string, std::optional<double>>>& bars,
                            size_t baseline, const std::string& unit) {
    const int chart_w = 380, bar_h = 18, gap = 5;
    size_t longest = 0;
    double max_v = 0;
    for (const auto& [label, v] : bars) {
        if (v) max_v = std::max(max_v, *v);
        longest = std::max(longest, label.size());
    }
    const int label_w =
        16 + 7 * static_cast<int>(std::min<size_t>(longest, 60));  // ~7 px a character
    if (max_v <= 0) return;
    int h = static_cast<int>(bars.size()) * (bar_h + gap) + 8;
    std::string svg = fmt::format(
        R"(<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" role="img" aria-label="{}">)",
        label_w + chart_w + 110, h, html_escape(title));
    int y = 4;
    for (size_t i = 0; i < bars.size(); ++i) {
        const auto& [label, v] = bars[i];
        svg += fmt::format(R"(<text x="{}" y="{}" text-anchor="end" class="lbl">{}</text>)",
                           label_w - 8, y + 13, html_escape(label));
        if (v) {
            int len = std::max(1, static_cast<int>(*v / max_v * chart_w));
            svg += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>)", label_w,
                               y, len, bar_h, i == baseline ? "#7f7f7f" : "#4f81bd");
            svg += fmt::format(R"(<text x="{}" y="{}" class="val">{}</text>)", label_w + len + 4,
                               y + 13, html_escape(short_value(*v, unit)));
        } else {
            svg += fmt::format(R"(<text x="{}" y="{}" class="val">missing</text>)", label_w + 4,
                               y + 13);
        }
        y += bar_h + gap;
    }
    svg += "</svg>";
    body_ += "<figure class=\"small\"><figcaption>" + html_escape(title) + "</figcaption>" + svg +
             "</figure>\n";
}

void HtmlReport::heat_table(const std::string& title, const std::vector<std::string>& header,
                            const std::vector<std::vector<std::string>>& rows,
                            const std::vector<std::vector<std::optional<double>>>& ratios) {
    body_ += "<h2>" + html_escape(title) + "</h2>\n<table>\n<tr>";
    for (const auto& h : header) body_ += "<th>" + html_escape(h) + "</th>";
    body_ += "</tr>\n";
    for (size_t r = 0; r < rows.size(); ++r) {
        body_ += "<tr>";
        for (size_t c = 0; c < rows[r].size(); ++c) {
            std::optional<double> ratio =
                r < ratios.size() && c < ratios[r].size() ? ratios[r][c] : std::nullopt;
            if (c == 0)
                body_ += "<th>" + html_escape(rows[r][c]) + "</th>";
            else if (ratio)
                body_ += "<td style=\"background:" + heat_colour(*ratio) + "\">" +
                         html_escape(rows[r][c]) + "</td>";
            else
                body_ += "<td" + std::string(rows[r][c] == "-" ? " class=\"missing\"" : "") + ">" +
                         html_escape(rows[r][c]) + "</td>";
        }
        body_ += "</tr>\n";
    }
    body_ += "</table>\n";
}

void HtmlReport::machines(const std::vector<Run>& runs) {
    if (runs.empty()) return;
    body_ +=
        "<h2>Runs and machines</h2>\n<table "
        "class=\"facts\">\n<tr><th>run</th><th>source</th><th>benchmark</th>"
        "<th>machine</th><th>CPU</th><th>MHz</th><th>BogoMips</th><th>memory</th><th>kernel</"
        "th><th>platform</th></tr>\n";
    for (const auto& r : runs) {
        const Machine& m = r.machine;
        std::string cpu = m.cpu_name;
        if (m.cpu_family)
            cpu += fmt::format(" (family {} model {} stepping {})", *m.cpu_family,
                               m.cpu_model.value_or(-1), m.cpu_stepping.value_or(-1));
        if (!m.cpu_core.empty()) cpu += ", " + m.cpu_core;
        std::string kind = m.kind == MachineKind::unknown ? "unknown" : to_string(m.kind);
        if (!m.emulator.empty()) kind += " (" + m.emulator + ")";
        if (!r.platform.empty() && r.platform != "native" &&
            m.emulator.find(r.platform) == std::string::npos)
            kind += ", under " + r.platform;
        body_ += fmt::format(
            "<tr><th "
            "rowspan=\"2\">{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</"
            "td>"
            "<td>{}</td><td>{}</td><td>{}</td></tr>\n<tr><td colspan=\"9\" class=\"flags\">build: "
            "{}{}</td></tr>\n",
            html_escape(std::to_string(r.id) + (r.label.empty() ? "" : " " + r.label)),
            html_escape(r.source + (r.source_file.empty() ? "" : " from " + r.source_file)),
            html_escape(r.version), html_escape(m.label), html_escape(cpu),
            m.cpu_mhz ? fmt::format("{:.3f}", *m.cpu_mhz) : "",
            m.bogomips ? fmt::format("{:.2f}", *m.bogomips) : "",
            m.memory_kb ? fmt::format("{} kB", *m.memory_kb) : "", html_escape(m.kernel_release),
            html_escape(kind), html_escape(r.compiler.empty() ? "not printed" : r.compiler),
            html_escape(r.cpu_mask.empty() ? "" : "; CPU mask " + r.cpu_mask));
    }
    body_ += "</table>\n";
}

std::string HtmlReport::str() const {
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" +
           html_escape(title_) +
           "</title>\n<style>\n"
           "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}\n"
           "h1{font-size:20px}h2{font-size:16px;margin-top:28px}\n"
           "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px "
           "8px;text-align:right;"
           "font-variant-numeric:tabular-nums}th{background:#f3f3f3;text-align:left}td.missing{"
           "color:#999}\n"
           "table.facts "
           "td{text-align:left}td.flags{font-size:11px;max-width:320px;word-break:break-all}\n"
           "figure{display:inline-block;margin:8px 16px 8px "
           "0;vertical-align:top}figcaption{font-weight:600}\n"
           ".lbl{font:12px sans-serif;fill:#222}.val{font:11px sans-serif;fill:#333}\n"
           "</style></head><body>\n<h1>" +
           html_escape(title_) + "</h1>\n" + body_ +
           "<p style=\"color:#777\">Made by speedlab; self-contained, no network "
           "needed.</p>\n</body></html>\n";
}

}  // namespace speedlab::report
