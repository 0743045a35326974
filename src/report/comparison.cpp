#include "core/json.h"
#include "report/comparison.h"

#include <fmt/format.h>

#include <cstdlib>
#include <string_view>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/algorithm.h"
#include "core/statistics.h"
#include "report/charts.h"
#include "report/comparison_charts.h"
#include "report/html.h"
#include "report/speed_table.h"

namespace speedlab::report {

using compare::RatioCell;
using compare::RatioTable;
using compare::SideBySide;
using compare::Significance;
using nlohmann::json;

std::optional<Format> parse_format(std::string_view name) {
    if (name == "text") return Format::text;
    if (name == "markdown" || name == "md") return Format::markdown;
    if (name == "csv") return Format::csv;
    if (name == "json") return Format::json;
    if (name == "html") return Format::html;
    return std::nullopt;
}

std::string percent(double ratio) {
    // Big factors read as factors: "55.8x", not "+5482%".
    if (ratio >= 2) return fmt::format("{:.3g}x", ratio);
    double pct = (ratio - 1) * 100;
    std::string s =
        std::fabs(pct) >= 9.95 ? fmt::format("{:+.0f}%", pct) : fmt::format("{:+.1f}%", pct);
    if (auto dot = s.find(".0%"); dot != std::string::npos) s.erase(dot, 2);
    if (s == "-0%") s = "+0%";
    return s;
}

namespace {

std::string significance_name(Significance s) {
    switch (s) {
        case Significance::significant:
            return "significant";
        case Significance::within_noise:
            return "within noise";
        case Significance::unknown:
            break;
    }
    return "unknown";
}

// Half-width of a 95% interval, relative to the ratio.
double half_width(const RatioCell& c) {
    return c.high && c.ratio ? *c.high / *c.ratio - 1 : 0;
}

// The half-width two single figures at the noise floor give, which the header states once.
double floor_half_width(double noise) {
    return std::exp(1.959964 * std::sqrt(2.0) * noise) - 1;
}

// "1.004~", "2.162*", "0.436±9%*": the interval is shown where it is wider than the floor's.
std::string cell_text(const RatioCell& c, double noise) {
    if (!c.ratio) return "-";
    std::string s = fmt::format("{:.3f}", *c.ratio);
    if (half_width(c) > floor_half_width(noise) + 0.01)
        s += fmt::format("±{:.0f}%", 100 * half_width(c));
    if (c.significance == Significance::significant) s += "*";
    if (c.significance == Significance::within_noise) s += "~";
    if (c.significance == Significance::unknown) s += "?";
    return s;
}

std::string interval_line(double noise) {
    return fmt::format(
        "Each ratio has a 95% interval from repetitions, printed rounding and a run-to-run noise "
        "floor of {:.1f}% per figure measured once (--noise): ±{:.1f}% for two such figures, "
        "shown after a ratio where wider; * the interval excludes 1 (and, with 5+ repetitions "
        "each, a Mann-Whitney test agrees), ~ within noise, ? nothing can be said\n",
        100 * noise, 100 * floor_half_width(noise));
}

std::string row_name(const std::string& id) {
    if ((id.rfind("rsa", 0) == 0 || id.rfind("dsa", 0) == 0) && id.size() > 3 &&
        std::isdigit(static_cast<unsigned char>(id[3])))
        return fmt::format("{} {} bits", id.substr(0, 3), id.substr(3));
    if (kind_of(id) == AlgorithmKind::public_key) return id;
    return openssl3_row_name(id);
}

// Rows of the ratio table as plain cells, shared by text, Markdown and HTML.
struct Grid {
    std::string title;
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<std::vector<const RatioCell*>> cells;  // parallel to rows (nullptr for the name)
};

std::vector<Grid> ratio_grids(const RatioTable& t) {
    std::vector<Grid> grids;
    auto add = [&](std::string title, std::vector<std::string> header,
                   const std::vector<compare::RatioRow>& rows) {
        if (rows.empty()) return;
        Grid g{std::move(title), std::move(header), {}, {}};
        for (const auto& r : rows) {
            std::vector<std::string> row{row_name(r.algorithm)};
            std::vector<const RatioCell*> cs{nullptr};
            for (const auto& c : r.cells) row.push_back(cell_text(c, t.noise)), cs.push_back(&c);
            g.rows.push_back(std::move(row));
            g.cells.push_back(std::move(cs));
        }
        grids.push_back(std::move(g));
    };
    std::vector<std::string> sizes{"type"};
    for (auto s : t.sizes) sizes.push_back(fmt::format("{} bytes", s));
    add("throughput", sizes, t.symmetric);
    add("public key", {"", "sign", "verify", "sign/s", "verify/s"}, t.public_key);
    add("key exchange", {"", "op/s"}, t.key_exchange);
    return grids;
}

std::string direction_line(const RatioTable& t) {
    return fmt::format(
        "ratio B/A with A = run {}, B = run {}: in the per-second and throughput columns above 1 "
        "means B is faster; in the sign/verify (seconds) columns below 1 means B is faster",
        t.a_label, t.b_label);
}

std::string means_line(const RatioTable& t) {
    std::string s = "geometric mean of shared figures:";
    for (const auto& m : t.means)
        s += fmt::format(" {} {:.3f} ({} cells);", m.category, m.geometric_mean, m.cells);
    if (!s.empty() && s.back() == ';') s.pop_back();
    return s;
}

std::string text_grid(const Grid& g) {
    std::string out;
    std::vector<size_t> w(g.header.size(), 0);
    for (size_t i = 0; i < g.header.size(); ++i)
        w[i] = std::max<size_t>(g.header[i].size(), i == 0 ? 13 : 12);
    for (const auto& r : g.rows)
        for (size_t i = 0; i < r.size(); ++i) w[i] = std::max(w[i], r[i].size());
    auto line = [&](const std::vector<std::string>& cells) {
        std::string l = fmt::format("{:<{}}", cells[0], w[0]);
        for (size_t i = 1; i < cells.size(); ++i) l += fmt::format(" {:>{}}", cells[i], w[i]);
        return l + "\n";
    };
    out += line(g.header);
    for (const auto& r : g.rows) out += line(r);
    return out;
}

std::string md_escape(const std::string& s) {
    std::string o;
    for (char c : s) {
        if (c == '|') o += '\\';
        o += c;
    }
    return o;
}

std::string markdown_grid(const std::vector<std::string>& header,
                          const std::vector<std::vector<std::string>>& rows) {
    std::string out = "|";
    for (const auto& h : header) out += " " + md_escape(h) + " |";
    out += "\n|";
    for (size_t i = 0; i < header.size(); ++i) out += i == 0 ? "---|" : "---:|";
    out += "\n";
    for (const auto& r : rows) {
        out += "|";
        for (const auto& c : r) out += " " + md_escape(c) + " |";
        out += "\n";
    }
    return out;
}

bool plain_number(const std::string& s) {
    char* end = nullptr;
    std::strtod(s.c_str(), &end);
    return !s.empty() && end == s.c_str() + s.size();
}

// RFC 4180 quoting; a text a spreadsheet would run as a formula gets a leading '.
std::string csv_field(std::string s) {
    if (!s.empty() && std::string_view("=+-@\t\r").find(s[0]) != std::string_view::npos &&
        !plain_number(s))
        s = "'" + s;
    if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string o = "\"";
    for (char c : s) {
        if (c == '"') o += '"';
        o += c;
    }
    return o + "\"";
}

std::string csv_row(const std::vector<std::string>& fields) {
    std::string out;
    for (size_t i = 0; i < fields.size(); ++i) out += (i ? "," : "") + csv_field(fields[i]);
    return out + "\n";
}

std::string number_or_empty(const std::optional<double>& v) {
    return v ? fmt::format("{:.6g}", *v) : "";
}

json cell_json(const std::string& column, const RatioCell& c) {
    json j{{"column", column},
           {"ratio", c.ratio ? json(*c.ratio) : json(nullptr)},
           {"uncertainty", c.uncertainty ? json(*c.uncertainty) : json(nullptr)},
           {"low", c.low ? json(*c.low) : json(nullptr)},
           {"high", c.high ? json(*c.high) : json(nullptr)},
           {"p_value", c.p_value ? json(*c.p_value) : json(nullptr)},
           {"significance", significance_name(c.significance)}};
    return j;
}

// Each public-key row's column names, in cell order.
std::vector<std::string> columns_of(const RatioTable& t, const std::string& section) {
    if (section == "symmetric") {
        std::vector<std::string> c;
        for (auto s : t.sizes) c.push_back(std::to_string(s));
        return c;
    }
    if (section == "public_key") return {"sign", "verify", "sign/s", "verify/s"};
    return {"op/s"};
}

std::string value_text(const MetricKey& k, std::optional<double> v) {
    if (!v) return "-";
    if (k.operation == Operation::throughput) return throughput_cell(*v);
    return fmt::format("{:.1f}/s", *v);
}

std::string metric_name(const MetricKey& k) {
    Measurement m;
    m.algorithm = k.algorithm;
    m.operation = k.operation;
    m.parameter = k.parameter;
    return metric_key(m);
}

std::vector<std::vector<std::string>> side_rows(const SideBySide& s, bool with_percent) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& r : s.rows) {
        std::vector<std::string> row{metric_name(r.metric)};
        for (size_t i = 0; i < r.values.size(); ++i) {
            std::string v = value_text(r.metric, r.values[i]);
            if (r.cv[i]) v += fmt::format(" ±{:.1f}%", 100 * *r.cv[i]);
            if (with_percent && i != s.baseline && r.vs_baseline[i].ratio) {
                const RatioCell& c = r.vs_baseline[i];
                v += " (" + percent(*c.ratio);
                if (half_width(c) > floor_half_width(s.noise) + 0.01)
                    v += fmt::format(" ±{:.0f}%", 100 * half_width(c));
                v += c.significance == Significance::significant ? "*" : "~";
                v += ")";
            }
            row.push_back(v);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

// The charts of what at least two runs share, in a responsive grid.
std::string charts_section(const std::vector<Run>& runs) {
    auto charts = comparison_charts(runs);
    if (charts.empty()) return {};
    std::string out = "<h2>Figures the runs share</h2><div class=\"charts\">\n";
    for (const auto& c : charts) out += c;
    return out + "</div>\n";
}

// Per run, the geometric mean of its ratios to the baseline over shared figures.
std::vector<std::pair<std::string, double>> side_means(const SideBySide& s) {
    std::vector<std::pair<std::string, double>> out;
    for (size_t i = 0; i < s.labels.size(); ++i) {
        if (i == s.baseline) continue;
        std::vector<double> ratios;
        for (const auto& r : s.rows)
            if (r.vs_baseline[i].ratio) ratios.push_back(*r.vs_baseline[i].ratio);
        // The id and the machine say which run a bar is; labels can be long.
        std::string name = s.labels[i].substr(0, s.labels[i].find(' '));
        if (i < s.machines.size() && !s.machines[i].empty()) name += " " + s.machines[i];
        if (!ratios.empty()) out.emplace_back(name, geometric_mean(ratios));
    }
    return out;
}

std::vector<std::string> side_header(const SideBySide& s) {
    std::vector<std::string> h{"metric"};
    for (size_t i = 0; i < s.labels.size(); ++i)
        h.push_back(s.labels[i] + (i == s.baseline ? " (baseline)" : ""));
    return h;
}

}  // namespace

std::string render(const RatioTable& t, Format format, const std::vector<Run>& runs) {
    auto grids = ratio_grids(t);
    switch (format) {
        case Format::text: {
            std::string out = direction_line(t) + "\n";
            out += interval_line(t.noise);
            for (const auto& g : grids) out += text_grid(g);
            out += means_line(t) + "\n";
            for (const auto& c : t.caveats) out += "note: " + c + "\n";
            return out;
        }
        case Format::markdown: {
            std::string out = "**" + direction_line(t) + "**\n\n";
            for (const auto& g : grids) out += markdown_grid(g.header, g.rows) + "\n";
            out += means_line(t) + "\n";
            for (const auto& c : t.caveats) out += "\n- " + c;
            return out + "\n";
        }
        case Format::csv: {
            std::string out = "section,algorithm,column,ratio,uncertainty,significance,low,high\n";
            auto emit = [&](const std::string& section,
                            const std::vector<compare::RatioRow>& rows) {
                auto cols = columns_of(t, section);
                for (const auto& r : rows)
                    for (size_t i = 0; i < r.cells.size(); ++i) {
                        const auto& c = r.cells[i];
                        out += csv_row({section, r.algorithm, cols[i], number_or_empty(c.ratio),
                                        number_or_empty(c.uncertainty),
                                        std::string(significance_name(c.significance)),
                                        number_or_empty(c.low), number_or_empty(c.high)});
                    }
            };
            emit("symmetric", t.symmetric);
            emit("public_key", t.public_key);
            emit("key_exchange", t.key_exchange);
            for (const auto& m : t.means)
                out += csv_row({"mean", m.category, "geometric mean",
                                fmt::format("{:.6g}", m.geometric_mean), "", "", "", ""});
            return out;
        }
        case Format::json: {
            json j{{"kind", "ratio"},
                   {"a", t.a_label},
                   {"b", t.b_label},
                   {"direction", "B/A"},
                   {"sizes", t.sizes},
                   {"caveats", t.caveats},
                   {"shared_cells", t.shared_cells},
                   {"noise", t.noise},
                   {"omitted", t.omitted}};
            for (const char* section : {"symmetric", "public_key", "key_exchange"}) {
                const auto& rows = std::string(section) == "symmetric"    ? t.symmetric
                                   : std::string(section) == "public_key" ? t.public_key
                                                                          : t.key_exchange;
                auto cols = columns_of(t, section);
                json arr = json::array();
                for (const auto& r : rows) {
                    json cells = json::array();
                    for (size_t i = 0; i < r.cells.size(); ++i)
                        cells.push_back(cell_json(cols[i], r.cells[i]));
                    arr.push_back({{"algorithm", r.algorithm}, {"cells", cells}});
                }
                j[section] = arr;
            }
            json means = json::array();
            for (const auto& m : t.means)
                means.push_back({{"category", m.category},
                                 {"geometric_mean", m.geometric_mean},
                                 {"cells", m.cells}});
            j["means"] = means;
            return json_text(j);
        }
        case Format::html: {
            HtmlReport page("speedlab: run " + t.b_label + " against run " + t.a_label);
            page.paragraph(direction_line(t) + ". " + interval_line(t.noise));
            page.machines(runs);
            std::vector<std::pair<std::string, double>> bars;
            for (const auto& m : t.means) bars.emplace_back(m.category, m.geometric_mean);
            page.raw("<h2>Geometric means of B/A</h2><div class=\"charts\">" +
                     ratio_bars_chart("geometric mean of B/A per category", bars) + "</div>\n");
            page.raw(charts_section(runs));
            for (const auto& g : grids) {
                std::vector<std::vector<std::optional<double>>> heat;
                for (size_t r = 0; r < g.rows.size(); ++r) {
                    std::vector<std::optional<double>> row;
                    for (size_t c = 0; c < g.rows[r].size(); ++c) {
                        const RatioCell* cell = g.cells[r][c];
                        // seconds columns: below 1 is faster, so colour by the inverse
                        bool seconds = g.title == "public key" && (c == 1 || c == 2);
                        row.push_back(cell && cell->ratio
                                          ? std::optional(seconds ? 1 / *cell->ratio : *cell->ratio)
                                          : std::nullopt);
                    }
                    heat.push_back(row);
                }
                page.heat_table(g.title, g.header, g.rows, heat);
            }
            page.paragraph(means_line(t));
            page.list("Comparability", t.caveats);
            return page.str();
        }
    }
    return {};
}

std::string render(const SideBySide& s, Format format, const std::vector<Run>& runs) {
    std::string base = s.baseline < s.labels.size() ? s.labels[s.baseline] : "";
    switch (format) {
        case Format::text: {
            Grid g{"", side_header(s), side_rows(s, true), {}};
            std::string out =
                "baseline: run " + base +
                "; in brackets the difference to it; ± after a value: its coefficient of "
                "variation\n" + interval_line(s.noise);
            out += text_grid(g);
            for (const auto& c : s.caveats) out += "note: " + c + "\n";
            return out;
        }
        case Format::markdown: {
            std::string out = "Baseline: run " + base + "; in brackets the difference to it.\n\n";
            out += markdown_grid(side_header(s), side_rows(s, true));
            for (const auto& c : s.caveats) out += "\n- " + c;
            return out + "\n";
        }
        case Format::csv: {
            std::string out =
                "metric,run,value,unit,vs_baseline,vs_baseline_uncertainty,printed_step,cv,"
                "vs_baseline_low,vs_baseline_high,machine\n";
            for (const auto& r : s.rows)
                for (size_t i = 0; i < r.values.size(); ++i) {
                    if (!r.values[i]) continue;
                    const auto& vs = r.vs_baseline[i];
                    const auto& step = r.printed_steps[i];
                    out += csv_row(
                        {metric_name(r.metric), s.labels[i], fmt::format("{:.6f}", *r.values[i]),
                         r.metric.operation == Operation::throughput ? "bytes/s" : "ops/s",
                         number_or_empty(vs.ratio), number_or_empty(vs.uncertainty),
                         step && *step > 0 ? fmt::format("{:g}", *step) : "",
                         number_or_empty(r.cv[i]), number_or_empty(vs.low),
                         number_or_empty(vs.high), i < s.machines.size() ? s.machines[i] : ""});
                }
            return out;
        }
        case Format::json: {
            json rows = json::array();
            for (const auto& r : s.rows) {
                json vals = json::array();
                for (size_t i = 0; i < r.values.size(); ++i)
                    vals.push_back(
                        {{"run", s.labels[i]},
                         {"value", r.values[i] ? json(*r.values[i]) : json(nullptr)},
                         {"vs_baseline",
                          r.vs_baseline[i].ratio ? json(*r.vs_baseline[i].ratio) : json(nullptr)},
                         {"vs_baseline_uncertainty", r.vs_baseline[i].uncertainty
                                                         ? json(*r.vs_baseline[i].uncertainty)
                                                         : json(nullptr)},
                         {"significance", significance_name(r.vs_baseline[i].significance)},
                         {"vs_baseline_low", r.vs_baseline[i].low ? json(*r.vs_baseline[i].low) : json(nullptr)},
                         {"vs_baseline_high", r.vs_baseline[i].high ? json(*r.vs_baseline[i].high) : json(nullptr)},
                         {"machine", i < s.machines.size() ? s.machines[i] : ""},
                         {"cv", r.cv[i] ? json(*r.cv[i]) : json(nullptr)}});
                rows.push_back(
                    {{"metric", metric_name(r.metric)},
                     {"unit", r.metric.operation == Operation::throughput ? "bytes/s" : "ops/s"},
                     {"values", vals}});
            }
            json j{{"kind", "side_by_side"},
                   {"runs", s.labels},
                   {"baseline", base},
                   {"rows", rows},
                   {"caveats", s.caveats},
                   {"noise", s.noise},
                   {"omitted", s.omitted}};
            return json_text(j);
        }
        case Format::html: {
            HtmlReport page("speedlab: " + std::to_string(s.labels.size()) + " runs side by side");
            page.paragraph("Baseline: run " + base + ". " + interval_line(s.noise));
            page.machines(runs);
            page.raw("<h2>Geometric mean against the baseline</h2><div class=\"charts\">" +
                     ratio_bars_chart("geometric mean of each run / baseline", side_means(s)) +
                     "</div>\n");
            page.raw(charts_section(runs));
            std::vector<std::vector<std::optional<double>>> heat;
            for (const auto& r : s.rows) {
                std::vector<std::optional<double>> row{std::nullopt};
                for (size_t i = 0; i < r.values.size(); ++i)
                    row.push_back(i == s.baseline ? std::nullopt : r.vs_baseline[i].ratio);
                heat.push_back(row);
            }
            page.heat_table("Figures and their ratio to the baseline", side_header(s),
                            side_rows(s, true), heat);
            page.list("Comparability", s.caveats);
            return page.str();
        }
    }
    return {};
}

}  // namespace speedlab::report
