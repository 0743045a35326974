#include "report/charts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/html.h"

namespace speedlab::report {

namespace {
constexpr double kW = 480, kH = 260, kLeft = 64, kRight = 16, kTop = 30, kBottom = 40;

std::string svg_open(const std::string& title) {
    return fmt::format(
        "<figure class=\"chart\"><svg viewBox=\"0 0 {} {}\" role=\"img\" "
        "aria-label=\"{}\"><text x=\"{}\" y=\"18\" class=\"title\">{}</text>\n",
        kW, kH, html_escape(title), kLeft, html_escape(title));
}

// Round axis steps: 1, 2 or 5 times a power of ten.
std::vector<double> linear_ticks(double top) {
    double raw = top / 5, mag = std::pow(10, std::floor(std::log10(raw)));
    double step = raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : 5 * mag;
    std::vector<double> out;
    for (double v = 0; v <= top * 1.0001; v += step) out.push_back(v);
    return out;
}

struct Axis {
    bool log = false;
    double lo = 0, hi = 1;
    double y(double v) const {
        double t = log ? (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo))
                       : (v - lo) / (hi - lo);
        return kH - kBottom - t * (kH - kTop - kBottom);
    }
};

std::string y_axis(const Axis& a, const std::string& unit_label) {
    std::string out;
    std::vector<double> ticks;
    if (a.log) {
        for (double v = std::pow(10, std::floor(std::log10(a.lo))); v <= a.hi * 1.0001; v *= 10)
            if (v >= a.lo * 0.9999) ticks.push_back(v);
    } else {
        ticks = linear_ticks(a.hi);
    }
    for (double v : ticks) {
        double y = a.y(v);
        out += fmt::format(
            "<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" class=\"grid\"/>"
            "<text x=\"{}\" y=\"{:.1f}\" class=\"tick\" text-anchor=\"end\">{}</text>\n",
            kLeft, kW - kRight, y, y, kLeft - 4, y + 4, tick_label(v));
    }
    out += fmt::format(
        "<text transform=\"translate(14,{}) rotate(-90)\" class=\"axis\" "
        "text-anchor=\"middle\">{}</text>\n",
        (kTop + kH - kBottom) / 2, html_escape(unit_label));
    return out;
}

// The legend as HTML under the chart, so that many runs wrap onto more lines.
std::string legend(const std::vector<Series>& series) {
    std::string out = "<figcaption class=\"legend\">";
    for (const auto& s : series)
        out += fmt::format("<span><i style=\"background:{}\"></i>{}</span> ",
                           series_colour(s.colour), html_escape(s.name));
    return out + "</figcaption>";
}
}  // namespace

std::string series_colour(size_t i) {
    static constexpr const char* palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                              "#9467bd", "#8c564b", "#e377c2", "#17becf"};
    return palette[i % 8];
}

std::string tick_label(double v) {
    if (v >= 1e9) return fmt::format("{:g} G", v / 1e9);
    if (v >= 1e6) return fmt::format("{:g} M", v / 1e6);
    if (v >= 1e3) return fmt::format("{:g} k", v / 1e3);
    return fmt::format("{:g}", v);
}

std::string heat_colour(double ratio) {
    double t = std::clamp(std::log2(ratio) / 2, -1.0, 1.0);
    int light = static_cast<int>(96 - 36 * std::fabs(t));
    return fmt::format("hsl({},{}%,{}%)", t >= 0 ? 130 : 0, t == 0 ? 0 : 60, light);
}

std::string throughput_chart(const std::string& title, const std::vector<int64_t>& sizes,
                             const std::vector<Series>& series) {
    double top = 0;
    for (const auto& s : series)
        for (const auto& p : s.points) top = std::max(top, p.high.value_or(p.value.value_or(0)));
    if (top <= 0 || sizes.empty()) return {};
    bool mega = top >= 10e6;
    double scale = mega ? 1e6 : 1e3;
    Axis a{false, 0, top / scale * 1.08};
    std::string out = svg_open(title) + y_axis(a, mega ? "MB/s" : "kB/s");
    double l0 = std::log2(static_cast<double>(sizes.front())),
           l1 = std::log2(static_cast<double>(sizes.back()));
    auto x = [&](int64_t size) {
        double t = l1 > l0 ? (std::log2(static_cast<double>(size)) - l0) / (l1 - l0) : 0.5;
        return kLeft + 12 + t * (kW - kLeft - kRight - 24);
    };
    for (auto size : sizes)
        out += fmt::format(
            "<text x=\"{:.1f}\" y=\"{}\" class=\"tick\" text-anchor=\"middle\">{}</text>\n",
            x(size), kH - kBottom + 16, size);
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" class=\"axis\" text-anchor=\"middle\">block size "
        "(bytes, log scale)</text>\n",
        (kLeft + kW) / 2, kH - kBottom + 32);
    for (const auto& s : series) {
        std::string path, colour = series_colour(s.colour);
        for (size_t k = 0; k < s.points.size() && k < sizes.size(); ++k) {
            const Point& p = s.points[k];
            if (!p.value) continue;
            double px = x(sizes[k]), py = a.y(*p.value / scale);
            path += fmt::format("{}{:.1f},{:.1f} ", path.empty() ? "M" : "L", px, py);
            out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"/>", px, py,
                               colour);
            if (p.low && p.high)
                out += fmt::format(
                    "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" "
                    "stroke=\"{3}\" class=\"whisker\"/>",
                    px, a.y(*p.low / scale), a.y(*p.high / scale), colour);
        }
        out += fmt::format("<path d=\"{}\" stroke=\"{}\" class=\"line\"/>\n", path, colour);
    }
    return out + "</svg>" + legend(series) + "</figure>\n";
}

std::string grouped_bars(const std::string& title, const std::vector<std::string>& groups,
                         const std::vector<Series>& series) {
    double lo = 0, hi = 0;
    for (const auto& s : series)
        for (const auto& p : s.points)
            if (p.value)
                lo = lo == 0 ? *p.value : std::min(lo, *p.value), hi = std::max(hi, *p.value);
    if (hi <= 0 || groups.empty()) return {};
    Axis a = hi / lo > 10 ? Axis{true, std::pow(10, std::floor(std::log10(lo))), hi * 1.5}
                          : Axis{false, 0, hi * 1.08};
    std::string out =
        svg_open(title) + y_axis(a, a.log ? "operations/s (log scale)" : "operations/s");
    double slot = (kW - kLeft - kRight) / static_cast<double>(groups.size());
    double bar =
        std::min(28.0, (slot - 8) / static_cast<double>(std::max<size_t>(series.size(), 1)));
    for (size_t g = 0; g < groups.size(); ++g) {
        double x0 = kLeft + g * slot + (slot - bar * static_cast<double>(series.size())) / 2;
        for (size_t k = 0; k < series.size(); ++k) {
            const Point& p = g < series[k].points.size() ? series[k].points[g] : Point{};
            if (!p.value) continue;
            double y = a.y(*p.value), base = a.y(a.log ? a.lo : 0);
            out += fmt::format(
                "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
                "fill=\"{}\"><title>{}: {:.1f}/s</title></rect>\n",
                x0 + k * bar, y, bar - 2, std::max(0.5, base - y), series_colour(series[k].colour),
                html_escape(series[k].name), *p.value);
        }
        out += fmt::format(
            "<text x=\"{:.1f}\" y=\"{}\" class=\"tick\" text-anchor=\"middle\">{}</text>\n",
            kLeft + (g + 0.5) * slot, kH - kBottom + 16, html_escape(groups[g]));
    }
    return out + "</svg>" + legend(series) + "</figure>\n";
}

std::string ratio_bars_chart(const std::string& title,
                             const std::vector<std::pair<std::string, double>>& bars) {
    if (bars.empty()) return {};
    double top = 1;
    for (const auto& [name, v] : bars) top = std::max(top, v);
    double row = 26, height = kTop + row * static_cast<double>(bars.size()) + 40;
    double label_w = 150, width = kW - label_w - kRight - 40;
    auto x = [&](double v) { return label_w + v / (top * 1.1) * width; };
    std::string out = fmt::format(
        "<figure class=\"chart\"><svg viewBox=\"0 0 {} {:.0f}\" role=\"img\" aria-label=\"{}\">"
        "<text x=\"{}\" y=\"18\" class=\"title\">{}</text>\n",
        kW, height, html_escape(title), label_w, html_escape(title));
    for (double v : linear_ticks(top * 1.1)) {
        out += fmt::format(
            "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2:.0f}\" class=\"grid\"/>"
            "<text x=\"{0:.1f}\" y=\"{3:.0f}\" class=\"tick\" "
            "text-anchor=\"middle\">{4:g}</text>\n",
            x(v), kTop - 4, height - 28, height - 14, v);
    }
    for (size_t k = 0; k < bars.size(); ++k) {
        const auto& [name, v] = bars[k];
        double y = kTop + row * static_cast<double>(k);
        out += fmt::format(
            "<text x=\"{}\" y=\"{:.1f}\" class=\"tick\" text-anchor=\"end\">{}</text>"
            "<rect x=\"{}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"/>"
            "<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"tick\">{:.3f}</text>\n",
            label_w - 6, y + 14, html_escape(name), label_w, y + 3, x(v) - label_w, row - 8,
            heat_colour(v), x(v) + 4, y + 14, v);
    }
    out +=
        fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2:.0f}\" class=\"one\"/>",
                    x(1), kTop - 4, height - 28);
    return out + "</svg></figure>\n";
}

std::string heat_key() {
    std::string out = "<div class=\"key\">colour key (ratio to the baseline): ";
    for (double r : {0.25, 0.5, 0.8, 1.0, 1.25, 2.0, 4.0})
        out += fmt::format("<span style=\"background:{}\">{:g}</span>", heat_colour(r), r);
    return out + " &mdash; green: faster, red: slower</div>\n";
}

}  // namespace speedlab::report
