#include "report/year_chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/charts.h"
#include "report/svg.h"

namespace speedlab::report {

namespace {
constexpr double kW = 720, kH = 360, kLeft = 70, kRight = 16, kTop = 30, kBottom = 40;
constexpr double kBand = 56;  // the band of runs whose date is not known

struct Frame {
    double first = 1995, last = 2026, lo = 1, hi = 10;
    bool band = false;  // some point is undated
    double right() const { return kW - kRight - (band ? kBand : 0); }
    double x(double year) const {
        return kLeft + (year - first) / (last - first) * (right() - kLeft);
    }
    double x(const YearPoint& p) const { return p.undated ? right() + kBand / 2 : x(p.year); }
    double y(double v) const {
        double t = (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
        return kH - kBottom - t * (kH - kTop - kBottom);
    }
};

Frame frame_of(const std::vector<YearPoint>& points) {
    Frame f{1e9, -1e9, 1e300, 0};
    for (const auto& p : points) {
        if (p.value <= 0) continue;
        f.lo = std::min(f.lo, p.value);
        f.hi = std::max(f.hi, p.value);
        if (p.undated) {
            f.band = true;
            continue;
        }
        f.first = std::min(f.first, std::floor(p.year));
        f.last = std::max(f.last, std::ceil(p.year));
    }
    if (f.first > f.last) f.first = f.last = 2000;  // every point undated
    f.first -= 1, f.last += 1;
    f.lo = std::pow(10, std::floor(std::log10(f.lo)));
    f.hi = std::pow(10, std::ceil(std::log10(f.hi)));
    if (f.hi <= f.lo) f.hi = f.lo * 10;
    return f;
}

std::string axes(const Frame& f, const std::string& unit) {
    std::string out;
    for (double v = f.lo; v <= f.hi * 1.0001; v *= 10) {
        double y = f.y(v);
        out += fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" class=\"grid\"/>",
                           kLeft, kW - kRight, y, y) +
               svg_text(plain(kLeft - 4), at1(y + 4), "tick", "end", tick_label(v)) + "\n";
    }
    if (f.band)
        out +=
            fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2}\" class=\"one\"/>",
                        f.right(), kTop, kH - kBottom) +
            svg_text(at1(f.right() + kBand / 2), plain(kH - kBottom + 16), "tick", "middle",
                     "undated") +
            "\n";
    int step = f.last - f.first > 20 ? 5 : 2;
    for (int year = static_cast<int>(std::ceil(f.first / step) * step); year <= f.last;
         year += step)
        out += svg_text(at1(f.x(year)), plain(kH - kBottom + 16), "tick", "middle",
                        std::to_string(year)) +
               "\n";
    return out + y_axis_name((kTop + kH - kBottom) / 2, unit + " (log scale)") +
           svg_text(plain((kLeft + f.right()) / 2), plain(kH - 6), "axis", "middle",
                    "year measured") +
           "\n";
}

std::string point(const Frame& f, const YearPoint& p) {
    Attributes look{{"cx", at1(f.x(p))},
                    {"cy", at1(f.y(p.value))},
                    {"r", plain(p.own ? 5 : 3.5)},
                    {"class", p.own ? "own" : "ref"},
                    {"fill", p.own ? series_colour(5) : "#777777"}};
    look.push_back(p.own ? std::pair{"stroke", "#000"} : std::pair{"fill-opacity", "0.6"});
    return Html().open("circle", look).element("title", p.hover).close("circle").str() + "\n";
}
}  // namespace

std::string year_chart(const std::string& title, const std::string& unit,
                       const std::vector<YearPoint>& points) {
    if (std::none_of(points.begin(), points.end(), [](const YearPoint& p) { return p.value > 0; }))
        return "";
    Frame f = frame_of(points);
    std::string out =
        svg_open({{"class", "chart year-chart"}, {"style", "display:block;max-width:1000px"}}, kW,
                 kH, title, kLeft);
    out += axes(f, unit);
    for (bool own : {false, true})  // the user's runs over the reference machines
        for (const auto& p : points)
            if (p.own == own && p.value > 0) out += point(f, p);
    return out + "</svg></figure>\n";
}

}  // namespace speedlab::report
