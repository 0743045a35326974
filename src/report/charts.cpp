#include "report/charts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/html.h"
#include "report/html_builder.h"
#include "report/svg.h"
#include "report/verdict.h"

namespace speedlab::report {

namespace {
constexpr double kW = 480, kH = 260, kLeft = 64, kRight = 16, kTop = 30, kBottom = 40;

// Okabe and Ito's eight and four of Paul Tol's muted set: told apart with the
// common colour-vision deficiencies, and from each other by marker and dash.
constexpr const char* kPalette[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7",
                                    "#56B4E9", "#D55E00", "#332288", "#999933",
                                    "#882255", "#44AA99", "#000000", "#AA4499"};
constexpr size_t kColours = std::size(kPalette);
constexpr const char* kMarkers[] = {"circle", "square", "triangle", "diamond", "down"};
constexpr const char* kDashes[] = {"", "7 3", "2 2"};

std::string svg_open(const std::string& title, double height = kH) {
    return report::svg_open({{"class", "chart"}}, kW, height, title, kLeft);
}

// Round axis steps: 1, 2 or 5 times a power of ten.
std::vector<double> linear_ticks(double top) {
    double raw = top / 5, mag = std::pow(10, std::floor(std::log10(raw)));
    double step = raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : 5 * mag;
    std::vector<double> out;
    for (double v = 0; v <= top * 1.0001; v += step) out.push_back(v);
    return out;
}

// Decades, with 2 and 5 (or 3) between them when there are few decades.
std::vector<double> log_ticks(double lo, double hi) {
    std::vector<double> out;
    double decades = std::log10(hi / lo);
    std::vector<double> steps = decades < 2.5   ? std::vector<double>{1, 2, 5}
                                : decades < 4.5 ? std::vector<double>{1, 3}
                                                : std::vector<double>{1};
    for (double p = std::floor(std::log10(lo)); p <= std::ceil(std::log10(hi)); ++p)
        for (double m : steps) {
            double v = m * std::pow(10, p);
            if (v >= lo * 0.9999 && v <= hi * 1.0001) out.push_back(v);
        }
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

// A log axis when the values span more than 10 times, else linear from zero.
Axis axis_for(double lo, double hi) {
    if (lo > 0 && hi / lo > 10) return {true, lo / 1.25, hi * 1.25};
    return {false, 0, hi * 1.08};
}

// "20", "300k", "1.5M", "10G": a log axis spanning many decades reads its
// ticks in one base unit, never 0.00001 thousands.
std::string si_tick(double v) {
    for (auto [scale, suffix] : {std::pair{1e9, "G"}, {1e6, "M"}, {1e3, "k"}})
        if (v >= scale) return tick_label(v / scale) + suffix;
    return tick_label(v);
}

std::string y_axis(const Axis& a, const std::string& unit_label, bool si = false) {
    std::string out;
    for (double v : a.log ? log_ticks(a.lo, a.hi) : linear_ticks(a.hi)) {
        double y = a.y(v);
        out +=
            fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" class=\"grid\"/>",
                        kLeft, kW - kRight, y, y) +
            svg_text(plain(kLeft - 4), at1(y + 4), "tick", "end", si ? si_tick(v) : tick_label(v)) +
            "\n";
    }
    return out + y_axis_name((kTop + kH - kBottom) / 2, unit_label + (a.log ? " (log scale)" : ""));
}

std::string marker(size_t i, double x, double y, double r, const std::string& title) {
    std::string tag, attrs;
    double k = r * 1.3;
    switch (i % std::size(kMarkers)) {
        case 0:
            tag = "circle",
            attrs = fmt::format("cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\"", x, y, r);
            break;
        case 1:
            tag = "rect",
            attrs = fmt::format("x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\"",
                                x - r, y - r, 2 * r, 2 * r);
            break;
        case 2:
            tag = "polygon",
            attrs = fmt::format("points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\"", x, y - k,
                                x + k, y + k * 0.8, x - k, y + k * 0.8);
            break;
        case 3:
            tag = "polygon",
            attrs =
                fmt::format("points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\"", x,
                            y - k, x + k, y, x, y + k, x - k, y);
            break;
        default:
            tag = "polygon",
            attrs = fmt::format("points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\"", x, y + k,
                                x + k, y - k * 0.8, x - k, y - k * 0.8);
    }
    std::string open = fmt::format("<{} {} fill=\"{}\" class=\"mk\" data-marker=\"{}\"", tag, attrs,
                                   series_colour(i), series_marker(i));
    if (title.empty()) return open + "/>";
    return open + ">" + Html().element("title", title).close(tag).str();
}

// One run in a key: its look's swatch, then its name.
Html key_entry(size_t look, std::string_view name, const Attributes& attributes = {}) {
    return Html().element("span", Html::trusted(series_swatch(look)).text(name), attributes);
}

// The legend as HTML under the chart, so that many runs wrap onto more lines.
std::string legend(const std::vector<std::pair<size_t, std::string_view>>& entries, bool whiskers) {
    Html out;
    out.open("figcaption", {{"class", "legend"}});
    for (const auto& [look, name] : entries) out.add(key_entry(look, name)).text(" ");
    if (whiskers) out.element("span", "whiskers: range of the repetitions", {{"class", "note"}});
    return out.close("figcaption").str();
}

std::string legend(const std::vector<Series>& series, bool whiskers) {
    std::vector<std::pair<size_t, std::string_view>> entries;
    for (const auto& s : series) entries.emplace_back(s.colour, s.name);
    return legend(entries, whiskers);
}

bool any_whiskers(const std::vector<Series>& series) {
    for (const auto& s : series)
        for (const auto& p : s.points)
            if (p.low && p.high) return true;
    return false;
}

std::string value_text(double v) {
    return v >= 100 ? fmt::format("{:.1f}", v) : fmt::format("{:.4g}", v);
}

// A log axis reads in the base unit with k, M, G ticks ("B/s", "op/s"); a
// unit it does not know stays as it is.
std::optional<AxisUnit> base_unit(const AxisUnit& unit) {
    for (const char* base : {"op/s", "B/s"})
        if (unit.name.ends_with(base)) return AxisUnit{base, 1};
    return std::nullopt;
}

// "12.5k op/s", "3.2 MB/s": a value as its axis reads it.
std::string reading(double v, const AxisUnit& unit, bool si) {
    if (!si) return value_text(v / unit.scale) + " " + unit.name;
    for (auto [scale, suffix] : {std::pair{1e9, "G"}, {1e6, "M"}, {1e3, "k"}})
        if (v >= scale)  // "3.2 MB/s" reads as a unit, "12.5k op/s" as a count
            return value_text(v / scale) + (unit.name == "B/s" ? " " : "") + suffix +
                   (unit.name == "B/s" ? "" : " ") + unit.name;
    return value_text(v) + " " + unit.name;
}
}  // namespace

std::string series_colour(size_t i) {
    return kPalette[i % kColours];
}

std::string series_marker(size_t i) {
    return kMarkers[i % std::size(kMarkers)];
}

std::string series_dash(size_t i) {
    return kDashes[(i / kColours) % std::size(kDashes)];
}

std::string series_swatch(size_t i) {
    std::string dash = series_dash(i);
    return fmt::format(
        "<svg class=\"sw\" viewBox=\"0 0 24 12\" width=\"24\" height=\"12\" aria-hidden=\"true\">"
        "<line x1=\"1\" x2=\"23\" y1=\"6\" y2=\"6\" stroke=\"{}\" stroke-width=\"2\"{}/>{}</svg>",
        series_colour(i), dash.empty() ? "" : " stroke-dasharray=\"" + dash + "\"",
        marker(i, 12, 6, 3.5, ""));
}

std::string tick_label(double v) {
    if (v == 0) return "0";
    if (v >= 1) return fmt::format("{:g}", std::round(v * 1000) / 1000);
    // "0.00005", never "5e-05": small values keep their decimals.
    int decimals = static_cast<int>(std::ceil(-std::log10(v))) + 2;
    std::string t = fmt::format("{:.{}f}", v, decimals);
    while (t.back() == '0') t.pop_back();
    if (t.back() == '.') t.pop_back();
    return t;
}

std::string heat_colour(double ratio) {
    // Blue for faster, orange for slower: apart for every common colour vision.
    double t = std::clamp(std::log2(ratio) / 2, -1.0, 1.0);
    int light = static_cast<int>(96 - 40 * std::fabs(t));
    return fmt::format("hsl({},{}%,{}%)", t >= 0 ? 210 : 30, t == 0 ? 0 : 80, light);
}

namespace {
// The y axis of a panel: the family's unit on a linear axis, the base unit
// with k, M, G ticks on a log one.
struct YAxis {
    Axis axis;
    AxisUnit unit;
    bool si = false;
    double y(double v) const { return axis.y(v / unit.scale); }
};

YAxis y_axis_for(double lo, double hi, const AxisUnit& unit) {
    Axis a = axis_for(lo / unit.scale, hi / unit.scale);
    if (!a.log) return {a, unit, false};
    auto base = base_unit(unit);
    if (!base) return {a, unit, false};
    return {axis_for(lo, hi), *base, true};
}

// One marker per series at one x: the runs stand a marker apart (a dodge), so
// equal figures never hide each other.
double dodge_of(size_t series, double room) {
    return series > 1 ? std::min(7.0, room / double(series - 1)) : 0;
}
}  // namespace

std::string throughput_chart(const std::string& title, const std::vector<int64_t>& sizes,
                             const std::vector<Series>& series, const AxisUnit& unit,
                             bool with_legend) {
    double lo = 0, hi = 0;
    for (const auto& s : series)
        for (const auto& p : s.points)
            for (auto v : {p.value, p.low, p.high})
                if (v && *v > 0) lo = lo == 0 ? *v : std::min(lo, *v), hi = std::max(hi, *v);
    if (hi <= 0 || sizes.empty()) return {};
    YAxis ya = y_axis_for(lo, hi, unit);
    std::string out = svg_open(title) + y_axis(ya.axis, ya.unit.name, ya.si);
    // One size only: a dot plot, one column per run, no line to draw.
    bool dots = sizes.size() == 1;
    double span = kW - kLeft - kRight - 24, l0 = std::log2(static_cast<double>(sizes.front())),
           l1 = std::log2(static_cast<double>(sizes.back()));
    auto x = [&](int64_t size) {
        double t = l1 > l0 ? (std::log2(static_cast<double>(size)) - l0) / (l1 - l0) : 0.5;
        return kLeft + 12 + t * span;
    };
    if (!dots)
        for (auto size : sizes)
            out += svg_text(at1(x(size)), plain(kH - kBottom + 16), "tick", "middle",
                            std::to_string(size)) +
                   "\n";
    out +=
        svg_text(plain((kLeft + kW) / 2), plain(kH - kBottom + (dots ? 20 : 32)), "axis", "middle",
                 dots ? fmt::format("one column per run, at {} bytes", sizes.front())
                      : std::string("block size (bytes, log scale)")) +
        "\n";
    double gap = sizes.size() > 1 ? span / double(sizes.size() - 1) : kW;
    double dodge = dodge_of(series.size(), 0.6 * gap);
    for (size_t i = 0; i < series.size(); ++i) {
        const auto& s = series[i];
        std::string path, marks, colour = series_colour(s.colour), dash = series_dash(s.colour);
        double shift = (double(i) - double(series.size() - 1) / 2) * dodge;
        for (size_t k = 0; k < s.points.size() && k < sizes.size(); ++k) {
            const Point& p = s.points[k];
            if (!p.value || *p.value <= 0) continue;
            double px = dots ? kLeft + 12 + span * (double(i) + 0.5) / double(series.size())
                             : x(sizes[k]) + shift,
                   py = ya.y(*p.value);
            path += fmt::format("{}{:.1f},{:.1f} ", path.empty() ? "M" : "L", px, py);
            if (p.low && p.high && *p.low > 0)
                marks += fmt::format(
                    "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" "
                    "stroke=\"{3}\" class=\"whisker\"/>",
                    px, ya.y(*p.low), ya.y(*p.high), colour);
            std::string tip = fmt::format("{}: {} at {} bytes", s.name,
                                          reading(*p.value, ya.unit, ya.si), sizes[k]);
            if (p.low && p.high)
                tip += fmt::format(" (repetitions {} to {})", reading(*p.low, ya.unit, ya.si),
                                   reading(*p.high, ya.unit, ya.si));
            marks += marker(s.colour, px, py, 3.2, tip);
        }
        if (!dots)
            out += fmt::format("<path d=\"{}\" stroke=\"{}\" class=\"line\"{}/>", path, colour,
                               dash.empty() ? "" : " stroke-dasharray=\"" + dash + "\"");
        out += marks + "\n";
    }
    return out + "</svg>" + (with_legend ? legend(series, any_whiskers(series)) : "") +
           "</figure>\n";
}

std::string history_chart(const std::string& title, const std::vector<HistoryLine>& lines,
                          size_t x_count, const std::vector<std::pair<size_t, std::string>>& ticks,
                          const AxisUnit& unit) {
    double lo = 0, hi = 0;
    for (const auto& l : lines)
        for (const auto& p : l.points)
            if (p.value > 0)
                lo = lo == 0 ? p.value : std::min(lo, p.value), hi = std::max(hi, p.value);
    if (hi <= 0) return {};
    Axis a = axis_for(lo / unit.scale, hi / unit.scale);
    std::string out = svg_open(title) + y_axis(a, unit.name);
    double span = kW - kLeft - kRight - 24;
    auto x = [&](size_t i) {
        return kLeft + 12 + (x_count > 1 ? span * double(i) / double(x_count - 1) : span / 2);
    };
    for (const auto& [at, label] : ticks)
        out += svg_text(at1(x(at)), plain(kH - kBottom + 16), "tick", "middle", label) + "\n";
    double r = x_count > 120 ? 1.8 : 3.2;  // many runs: smaller markers, still each one hoverable
    for (const auto& l : lines) {
        std::string path, marks;
        for (const auto& p : l.points) {
            if (p.value <= 0) continue;
            double px = x(p.x), py = a.y(p.value / unit.scale);
            path += fmt::format("{}{:.1f},{:.1f} ", path.empty() ? "M" : "L", px, py);
            if (p.change)
                marks += fmt::format(
                    "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"7\" fill=\"none\" "
                    "stroke=\"#C0392B\" stroke-width=\"2\" class=\"change\"/>",
                    px, py);
            marks += marker(l.look, px, py, r, p.tip);
        }
        std::string dash = series_dash(l.look);
        out += fmt::format("<path d=\"{}\" stroke=\"{}\"{} class=\"line\"/>{}\n", path,
                           series_colour(l.look),
                           dash.empty() ? "" : " stroke-dasharray=\"" + dash + "\"", marks);
    }
    std::vector<std::pair<size_t, std::string_view>> entries;
    for (const auto& l : lines) entries.emplace_back(l.look, l.name);
    return out + "</svg>" + legend(entries, false) + "</figure>\n";
}

AxisUnit ops_unit(double top) {
    double t = top * 1.25;
    if (t >= 9999.5e3) return {"M op/s", 1e6};
    if (t >= 9999.5) return {"k op/s", 1e3};
    return {"op/s", 1};
}

std::string grouped_bars(const std::string& title, const std::vector<std::string>& groups,
                         const std::vector<Series>& series, bool with_legend,
                         std::optional<AxisUnit> unit) {
    double lo = 0, hi = 0;
    for (const auto& s : series)
        for (const auto& p : s.points)
            if (p.value && *p.value > 0)
                lo = lo == 0 ? *p.value : std::min(lo, *p.value), hi = std::max(hi, *p.value);
    if (hi <= 0 || groups.empty()) return {};
    // Labels of at most 4 digits: thousands or millions of operations where needed.
    YAxis ya = y_axis_for(lo, hi, unit.value_or(ops_unit(hi)));
    std::string out = svg_open(title) + y_axis(ya.axis, ya.unit.name, ya.si);
    double slot = (kW - kLeft - kRight) / static_cast<double>(groups.size());
    double bar =
        std::min(28.0, (slot - 8) / static_cast<double>(std::max<size_t>(series.size(), 1)));
    for (size_t g = 0; g < groups.size(); ++g) {
        double x0 = kLeft + g * slot + (slot - bar * static_cast<double>(series.size())) / 2;
        for (size_t k = 0; k < series.size(); ++k) {
            const Point& p = g < series[k].points.size() ? series[k].points[g] : Point{};
            if (!p.value || *p.value <= 0) continue;
            double y = ya.y(*p.value), base = ya.axis.y(0);
            std::string tip = fmt::format("{}: {} {}", series[k].name,
                                          reading(*p.value, ya.unit, ya.si), groups[g]);
            // A bar's length means something only from zero: on a log axis a point.
            if (!ya.axis.log)
                out += Html()
                           .open("rect", {{"x", at1(x0 + k * bar)},
                                          {"y", at1(y)},
                                          {"width", at1(std::max(0.5, bar - 1))},
                                          {"height", at1(std::max(0.5, base - y))},
                                          {"fill", series_colour(series[k].colour)}})
                           .element("title", tip)
                           .close("rect")
                           .str();
            double mx = x0 + (k + 0.5) * bar;
            out += ya.axis.log
                       ? marker(series[k].colour, mx, y, std::clamp(bar / 2.5, 2.5, 4.5), tip)
                       : marker(series[k].colour, mx, y - 4, std::clamp(bar / 3, 1.5, 3.5), tip);
            out += "\n";
        }
        out += svg_text(at1(kLeft + (g + 0.5) * slot), plain(kH - kBottom + 16), "tick", "middle",
                        groups[g]) +
               "\n";
    }
    return out + "</svg>" + (with_legend ? legend(series, false) : "") + "</figure>\n";
}

namespace {
// A bar's name cut to `width` characters (the whole name is on hover).
std::string fit_label(const std::string& name, size_t width) {
    if (name.size() <= width) return name;
    size_t cut = width - 3;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
    return name.substr(0, cut) + "...";
}

// Ratio ticks inside +-span (natural log): decades, or 2x steps, or percents.
std::vector<double> ratio_ticks(double span) {
    std::vector<double> c;
    if (span > std::log(12.0))
        for (int p = -9; p <= 9; ++p) c.push_back(std::pow(10, p));
    else if (span > std::log(1.6))
        c = {0.1, 0.2, 0.25, 0.5, 1, 2, 4, 5, 10};
    else
        c = {0.7, 0.8, 0.9, 0.95, 1, 1.05, 1.1, 1.25, 1.5};
    std::vector<double> out;
    for (double v : c)
        if (std::fabs(std::log(v)) <= span * 0.98) out.push_back(v);
    return out;
}
}  // namespace

std::string ratio_chart(const std::string& title, const std::vector<RatioBar>& bars) {
    if (bars.empty()) return {};
    double span = std::log(1.1);
    for (const auto& b : bars)
        for (double v : {b.ratio, b.low, b.high})
            if (v > 0) span = std::max(span, std::fabs(std::log(v)) * 1.15);
    double row = 24, height = kTop + 18 + row * static_cast<double>(bars.size()) + 34;
    double label_w = 150, right = kW - 56, centre = (label_w + right) / 2;
    auto x = [&](double v) { return centre + std::log(v) / span * (right - centre); };
    std::string out = svg_open(title, height);
    double top = kTop + 14, bottom = height - 34;
    for (double v : ratio_ticks(span))
        out += fmt::format(
            "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2:.0f}\" class=\"grid\"/>"
            "<text x=\"{0:.1f}\" y=\"{3:.0f}\" class=\"tick\" "
            "text-anchor=\"middle\">{4}</text>\n",
            x(v), top, bottom, bottom + 13,
            v >= 1e4 || v < 1e-3 ? fmt::format("1e{:.0f}", std::log10(v)) : tick_label(v));
    out += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.0f}\" class=\"axis\" text-anchor=\"middle\">ratio to the "
        "baseline (log scale): left slower, right faster; whisker: 95% interval</text>\n",
        centre, bottom + 28);
    for (size_t k = 0; k < bars.size(); ++k) {
        const auto& b = bars[k];
        double y = top + row * static_cast<double>(k);
        std::string fill =
            b.series ? series_colour(*b.series) : heat_colour(b.ratio >= 1 ? 4 : 0.25);
        std::string tip =
            fmt::format("{}: {} ({:.4g}; 95%: {:.4g} to {:.4g}){}", b.name, change_words(b.ratio),
                        b.ratio, b.low, b.high, b.note.empty() ? "" : "; " + b.note);
        // A lollipop from 1: on a log axis only the end of a bar means anything.
        double cy = y + row / 2 - 1, end = x(b.ratio);
        // The value beyond the dot and whisker, or beside the 1 line where the
        // run's name leaves it no room.
        std::string words = change_words(b.ratio);
        double text_w = 6.2 * static_cast<double>(words.size());
        double value_x =
            b.ratio >= 1 ? std::max(end + 7, x(b.high)) + 3 : std::min(end - 7, x(b.low)) - 3;
        bool value_start = b.ratio >= 1;
        if (b.ratio >= 1 && value_x + text_w > kW) value_x = x(1) - 4, value_start = false;
        if (b.ratio < 1 && value_x - text_w < label_w) value_x = x(1) + 4, value_start = true;
        out += svg_text(plain(label_w - 6), at1(y + 13), "tick", "end", fit_label(b.name, 22)) +
               fmt::format(
                   "<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
                   "stroke-width=\"3\" class=\"stem\"/>"
                   "<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" class=\"ci\"/>",
                   x(1), end, cy, cy, fill, x(b.low), x(b.high), cy, cy) +
               Html()
                   .open("circle", {{"cx", at1(end)},
                                    {"cy", at1(cy)},
                                    {"r", "5.5"},
                                    {"fill", fill},
                                    {"stroke", "#222"},
                                    {"class", "ratio"}})
                   .element("title", tip)
                   .close("circle")
                   .str() +
               svg_text(at1(value_x), at1(y + 14), "val", value_start ? "start" : "end", words) +
               "\n";
    }
    out +=
        fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2:.0f}\" class=\"one\"/>",
                    x(1), top - 4, bottom);
    return out + "</svg></figure>\n";
}

std::string series_key(const std::vector<std::string>& names) {
    Html out;
    out.open("div", {{"class", "legend key-runs"}});
    for (size_t i = 0; i < names.size(); ++i)
        out.add(key_entry(i, names[i], {{"data-series", std::to_string(i)}})).text(" ");
    out.element("span", "whiskers: range of a figure's repetitions", {{"class", "note"}});
    return out.close("div").str() + "\n";
}

std::string heat_key() {
    Html out;
    out.open("div", {{"class", "key"}}).text("colour key (ratio to the baseline): ");
    for (double r : {0.25, 0.5, 0.8, 1.0, 1.25, 2.0, 4.0})
        out.element("span", fmt::format("{:g}", r), {{"style", "background:" + heat_colour(r)}});
    return out.text(" — blue: faster, orange: slower").close("div").str() + "\n";
}

}  // namespace speedlab::report
