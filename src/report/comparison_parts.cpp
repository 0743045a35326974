// Pieces every comparison renderer shares.
#include "report/comparison_parts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string_view>

#include "compare/interval.h"
#include "core/algorithm.h"
#include "core/statistics.h"
#include "report/comparison.h"
#include "report/units.h"
#include "report/verdict.h"

namespace speedlab::report::detail {

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

// "1.004~", "2.162*", "0.436±9%*": the interval is shown where it is wider than the floor's.
std::string cell_text(const RatioCell& c, double noise) {
    if (!c.ratio) return "-";
    // sslcmp's three decimals; four significant digits for big and small factors.
    double r = *c.ratio;
    std::string s = r >= 10     ? fmt::format("{:.1f}", r)
                    : r >= 0.01 ? fmt::format("{:.3f}", r)
                                : fmt::format("{:.3g}", r);
    if (c.high && compare::wider_than_floor(*c.ratio, *c.high, noise))
        s += plus_minus_percent(half_width(c));
    if (c.significance == Significance::significant) s += "*";
    if (c.significance == Significance::within_noise) s += "~";
    if (c.significance == Significance::unknown) s += "?";
    return s;
}

std::string interval_line(double noise) {
    return fmt::format(
        "Each ratio has a 95% interval from repetitions, printed rounding and a run-to-run noise "
        "floor of {:.1f}% per figure measured once (--noise): ±{:.1f}% for two such figures; "
        "±N% after a ratio or difference: its interval where wider than that; * the interval "
        "excludes 1 (and, with 5+ repetitions each, a Mann-Whitney test agrees), ~ within noise, "
        "? nothing can be said; σN% after a value: the coefficient of variation of its "
        "repetitions\n",
        100 * noise, 100 * compare::floor_half_width(noise));
}

size_t columns(const std::string& s) {
    return static_cast<size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string wrap(const std::string& text, size_t width, const std::string& indent) {
    size_t lead = std::min(text.find_first_not_of(' '), text.size());
    std::string out, line(lead, ' ');
    size_t start = lead;
    bool fresh = true;  // nothing on the line yet but its indent
    while (start <= text.size()) {
        size_t end = text.find(' ', start);
        if (end == std::string::npos) end = text.size();
        std::string word = text.substr(start, end - start);
        if (!fresh && columns(line) + 1 + columns(word) > width) {
            out += line + "\n";
            line = indent;
            fresh = true;
        }
        line += (fresh ? "" : " ") + word;
        fresh = false;
        start = end + 1;
    }
    return out + line + "\n";
}

std::string row_name(const std::string& id) {
    if (auto family = key_size_family(id); !family.empty())
        return fmt::format("{} {} bits", family, id.substr(family.size()));
    if (kind_of(id) == AlgorithmKind::public_key) return id;
    return openssl3_row_name(id);
}

// Rows of the ratio table as plain cells, shared by text, Markdown and HTML.

std::vector<Grid> ratio_grids(const Comparison& c) {
    std::vector<Grid> grids;
    if (!c.grid) return grids;
    const RatioGrid& t = *c.grid;
    auto add = [&](std::string title, std::vector<std::string> header,
                   const std::vector<compare::RatioRow>& rows) {
        if (rows.empty()) return;
        Grid g{std::move(title), std::move(header), {}, {}};
        for (const auto& r : rows) {
            std::vector<std::string> row{row_name(r.algorithm)};
            std::vector<const RatioCell*> cs{nullptr};
            for (const auto& x : r.cells) row.push_back(cell_text(x, c.noise)), cs.push_back(&x);
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
    add("BogoMips", {"", "BogoMips"}, t.bogomips);
    return grids;
}

std::string direction_line(const Comparison& c) {
    return fmt::format(
        "ratio B/A with A = run {}, B = run {}: in the per-second and throughput columns above 1 "
        "means B is faster; in the sign/verify (seconds) columns below 1 means B is faster",
        c.labels[0], c.labels[1]);
}

std::string means_line(const RatioGrid& t) {
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
        w[i] = std::max<size_t>(columns(g.header[i]), i == 0 ? 13 : 12);
    for (const auto& r : g.rows)
        for (size_t i = 0; i < r.size() && i < w.size(); ++i) w[i] = std::max(w[i], columns(r[i]));
    auto pad = [](const std::string& c, size_t width) {
        return std::string(width > columns(c) ? width - columns(c) : 0, ' ');
    };
    auto line = [&](const std::vector<std::string>& cells) {
        std::string l = cells[0] + pad(cells[0], w[0]);
        for (size_t i = 1; i < cells.size() && i < w.size(); ++i)
            l += " " + pad(cells[i], w[i]) + cells[i];
        while (!l.empty() && l.back() == ' ') l.pop_back();
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
                          const std::vector<std::vector<std::string>>& rows,
                          const std::vector<bool>& right) {
    std::string out = "|";
    for (const auto& h : header) out += " " + md_escape(h) + " |";
    out += "\n|";
    for (size_t i = 0; i < header.size(); ++i)
        out += (i < right.size() ? right[i] : i > 0) ? "---:|" : "---|";
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
std::vector<std::string> columns_of(const RatioGrid& t, const std::string& section) {
    if (section == "symmetric") {
        std::vector<std::string> c;
        for (auto s : t.sizes) c.push_back(std::to_string(s));
        return c;
    }
    if (section == "public_key") return {"sign", "verify", "sign/s", "verify/s"};
    if (section == "bogomips") return {"BogoMips"};
    return {"op/s"};
}

std::vector<std::vector<std::string>> side_rows(const Comparison& s, bool with_percent,
                                                Units units) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& r : s.rows) {
        std::vector<std::string> row{metric_key(r.metric)};
        for (size_t i = 0; i < r.values.size(); ++i) {
            std::string v =
                figure_text(r.metric, r.values[i], r.printed_steps[i].value_or(0), units);
            if (r.cv[i]) v += fmt::format(" σ{:.1f}%", 100 * *r.cv[i]);
            if (with_percent && i != s.baseline && r.vs_baseline[i].ratio) {
                const RatioCell& c = r.vs_baseline[i];
                v += " (" + percent(*c.ratio);
                if (c.high && compare::wider_than_floor(*c.ratio, *c.high, s.noise))
                    v += " " + plus_minus_percent(half_width(c));
                v += c.significance == Significance::significant ? "*" : "~";
                v += ")";
            }
            row.push_back(v);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

Grid values_grid(const Comparison& comparison, const std::vector<Run>& runs, Units units) {
    const RatioGrid& t = *comparison.grid;
    const Run *a = nullptr, *b = nullptr;
    for (const auto& r : runs) {
        if (!a && compare::run_label(r) == comparison.labels[0])
            a = &r;
        else if (!b && compare::run_label(r) == comparison.labels[1])
            b = &r;
    }
    const auto& v = comparison.verdicts.front();
    Grid g{"values", {"figure", "A " + v.baseline, "B " + v.run, "B/A"}, {}, {}};
    auto add = [&](const MetricKey& k, const RatioCell& c) {
        auto value = [&](const Run* r) {
            const Measurement* m = r ? r->find(k.algorithm, k.operation, k.parameter) : nullptr;
            return m ? figure_text(k, m->value, m->printed_step, units) : std::string("-");
        };
        g.rows.push_back({metric_key(k), value(a), value(b), cell_text(c, comparison.noise)});
        g.cells.push_back({nullptr, nullptr, nullptr, &c});
    };
    for (const auto& r : t.symmetric)
        for (size_t k = 0; k < r.cells.size() && k < t.sizes.size(); ++k)
            if (r.cells[k].ratio) add({r.algorithm, Operation::throughput, t.sizes[k]}, r.cells[k]);
    for (const auto& r : t.public_key) {
        if (r.cells[compare::PublicKeyColumns::sign_rate].ratio)
            add({r.algorithm, Operation::sign, 0}, r.cells[compare::PublicKeyColumns::sign_rate]);
        if (r.cells[compare::PublicKeyColumns::verify_rate].ratio)
            add({r.algorithm, Operation::verify, 0},
                r.cells[compare::PublicKeyColumns::verify_rate]);
    }
    for (const auto& r : t.key_exchange)
        if (r.cells[0].ratio) add({r.algorithm, Operation::derive, 0}, r.cells[0]);
    for (const auto& r : t.bogomips)
        if (r.cells[0].ratio) add({r.algorithm, Operation::score, 0}, r.cells[0]);
    return g;
}

std::vector<std::string> summary_lines(const Comparison& c) {
    auto lines = verdict_lines(c.verdicts);
    if (c.grid)
        for (const auto& m : c.grid->means)
            if (m.category != "overall" && !m.estimate.empty())
                lines.push_back("  " + m.category + ": " + mean_text(m.estimate));
    return lines;
}

std::string baseline_label(const Comparison& s) {
    return s.baseline < s.labels.size() ? s.labels[s.baseline] : "";
}

std::vector<std::string> side_header(const Comparison& s) {
    std::vector<std::string> h{"metric"};
    for (size_t i = 0; i < s.labels.size(); ++i) {
        // Every run with its machine's name, unless the label already says it.
        std::string machine = i < s.machines.size() ? s.machines[i] : "";
        std::string name = s.labels[i];
        if (!machine.empty() && name.find(machine) == std::string::npos)
            name += " [" + machine + "]";
        h.push_back(name + (i == s.baseline ? " (baseline)" : ""));
    }
    return h;
}

}  // namespace speedlab::report::detail
