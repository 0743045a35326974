#include "report/speed_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <string_view>

#include "core/algorithm.h"
#include "core/algorithm_registry.h"
#include "core/curve.h"
#include "core/mr_tags.h"
#include "core/speed_markers.h"
#include "core/statistics.h"
#include "report/units.h"

namespace speedlab::report {

namespace {

std::vector<int64_t> block_sizes(const Run& run) {
    std::set<int64_t> sizes;
    for (const auto& m : run.measurements)
        if (m.operation == Operation::throughput) sizes.insert(m.parameter);
    return {sizes.begin(), sizes.end()};
}

// Algorithms of the run in classic print order.
std::vector<std::string> algorithms(const Run& run, bool public_key) {
    std::vector<std::string> ids;
    for (const auto& m : run.measurements) {
        AlgorithmKind kind = kind_of(m.algorithm);
        bool pk = kind == AlgorithmKind::public_key;
        if (kind != AlgorithmKind::bogomips && pk == public_key &&
            std::find(ids.begin(), ids.end(), m.algorithm) == ids.end())
            ids.push_back(m.algorithm);
    }
    std::stable_sort(ids.begin(), ids.end(),
                     [](const auto& a, const auto& b) { return print_rank(a) < print_rank(b); });
    return ids;
}

std::optional<double> value(const Run& run, const std::string& id, Operation op, int64_t p = 0) {
    const Measurement* m = run.find(id, op, p);
    return m ? std::optional(m->value) : std::nullopt;
}

int bits_of(std::string_view id) {
    int bits = 0;
    for (char c : id)
        if (c >= '0' && c <= '9') bits = bits * 10 + (c - '0');
    return bits;
}

// Decimals of a number's shortest form: 0.0485 has 4.
int decimals_of(double v) {
    auto text = fmt::format("{}", v);
    auto dot = text.find('.');
    return dot == std::string::npos || text.find('e') != std::string::npos
               ? 0
               : static_cast<int>(text.size() - dot - 1);
}

// One table prints one format: the decimals of a run's printed cells are the
// most any of them shows, so 0.8550s keeps its zero beside 0.0485s.
struct PrintedDecimals {
    int seconds = -1, per_second = -1;  // -1: nothing printed in that form
};
PrintedDecimals printed_decimals(const Run& run) {
    PrintedDecimals d;
    for (const auto& m : run.measurements) {
        if (m.operation == Operation::throughput) continue;  // its k is no column of these
        if (m.printed.seconds_per_op)
            d.seconds = std::max(d.seconds, decimals_of(*m.printed.seconds_per_op));
        if (m.printed.per_second)
            d.per_second = std::max({d.per_second, 1, decimals_of(*m.printed.per_second)});
    }
    return d;
}

// A figure's seconds per operation as its source printed it (0.0485s stays
// 0.0485s); a figure typed only per second (0.1/s) gets no more digits than
// it was typed with (10s, not 10.000000s); a measured one openssl's six decimals.
std::string seconds_cell(const Measurement* m, const PrintedDecimals& d) {
    if (!m || m->value <= 0) return fmt::format("{:>9}", "-");
    if (m->printed.seconds_per_op)
        return fmt::format("{:8.{}f}s", *m->printed.seconds_per_op, d.seconds);
    double seconds = 1 / m->value;
    if (m->printed_step <= 0) return fmt::format("{:8.6f}s", seconds);
    int sig = significant_digits(m->value, m->printed_step);
    int decimals = std::max(0, sig - 1 - static_cast<int>(std::floor(std::log10(seconds))));
    return fmt::format("{:8.{}f}s", seconds, decimals);
}
// Operations per second as printed where the source printed them, else openssl's one decimal.
std::string rate_cell(const Measurement* m, const PrintedDecimals& d, int width = 8) {
    if (!m) return fmt::format("{:>{}}", "-", width);
    if (m->printed.per_second)
        return fmt::format("{:{}.{}f}", *m->printed.per_second, width, d.per_second);
    return fmt::format("{:{}.1f}", m->value, width);
}

}  // namespace

// A BogoMips figure with the decimals it was printed with ("29.80").
std::string bogomips_cell(const Measurement& m) {
    int decimals = m.printed_step > 0 && m.printed_step < 1
                       ? static_cast<int>(std::lround(-std::log10(m.printed_step)))
                       : 2;
    return fmt::format("{:.{}f}", m.value, decimals);
}

std::string bogomips_line(const Run& run) {
    const Measurement* m = run.find(std::string(kBogomipsId), Operation::score, 0);
    return m ? "BogoMips " + bogomips_cell(*m) + "\n" : "";
}

std::string throughput_cell(double v) {
    return v > 10000 ? fmt::format("{:.2f}k", v / 1000) : fmt::format("{:.2f} ", v);
}

namespace {
// The 95% interval of a repeated figure's median, as +-h% (the precision it
// reached); per-process samples of a -multi run are not repetitions: none.
std::string interval_cell(const Run& run, const Measurement& m) {
    auto i = run.processes > 1 ? std::nullopt : median_interval(m.samples);
    return i ? fmt::format("±{:.2f}%", 100 * i->half_width) : "";
}

// The samples behind each figure: repetitions (the table shows their median,
// with its 95% interval) or, for a -multi run, the processes (the table shows
// their sum).
std::string samples_table(const Run& run) {
    bool any = std::any_of(run.measurements.begin(), run.measurements.end(),
                           [](const Measurement& m) { return m.samples.size() > 1; });
    if (!any) return "";
    const bool repeated = run.processes <= 1;
    std::string out = !repeated ? fmt::format(
                                      "\nPer process (the tables show the sum of {} processes; "
                                      "k = 1000 bytes/s):\n",
                                      run.processes)
                                : "\nRepetitions (the tables show the median; 95% = its 95% "
                                  "interval; k = 1000 bytes/s):\n";
    out += fmt::format("{:<22} {:>3} {:>14} {:>14} {:>14} {:>7} {:>8}{}\n", "figure", "n", "median",
                       "min", "max", "cv", "outliers", repeated ? "      95%" : "");
    for (const auto& m : run.measurements) {
        if (m.samples.size() < 2) continue;
        Summary s = summarize(m.samples);
        auto show = [&](double v) {
            return m.operation == Operation::throughput ? throughput_cell(v)
                                                        : fmt::format("{:.1f}/s", v);
        };
        out += fmt::format("{:<22} {:>3} {:>14} {:>14} {:>14} {:>6.2f}% {:>8}{}\n", metric_key(m),
                           s.n, show(s.median), show(s.min), show(s.max), 100 * s.cv(),
                           outliers(m.samples).size(),
                           repeated ? fmt::format(" {:>8}", interval_cell(run, m)) : "");
    }
    return out;
}
}  // namespace

namespace {
// Read back by the importer: the run stays partial.
std::string partial_line(const Run& run) {
    return run.complete ? ""
                        : std::string(marker_text(SpeedMarker::partial_run)) +
                              " interrupted or cut off; figures below are what completed\n";
}
}  // namespace

std::string speed_table(const Run& run) {
    std::string out;
    out += run.program.empty() ? "" : run.program + "\n";
    // openssl's own line markers (the importer's table): read back as written.
    auto header = [&](SpeedMarker m, const std::string& value) {
        if (!value.empty())
            out += fmt::format("{}{} {}\n", marker_text(m), m == SpeedMarker::built_on ? ":" : "",
                               value);
    };
    header(SpeedMarker::version, run.version);
    header(SpeedMarker::built_on, run.built_on);
    header(SpeedMarker::options, run.options);
    header(SpeedMarker::compiler, run.compiler);
    if (!run.cpuinfo.empty()) out += run.cpuinfo + "\n";
    out += fmt::format(
        "{} {}{}{}\n", marker_text(SpeedMarker::run_timing),
        run.timing == Timing::wall       ? "wall clock"
        : run.timing == Timing::user_cpu ? "user CPU time"
                                         : "not stated",
        run.platform != "native" && !run.platform.empty() ? ", under " + run.platform : "",
        run.processes > 1
            ? fmt::format(", {}{} (figures are their sums)", run.processes, kProcessesAtOnce)
            : "");
    out += partial_line(run);

    auto sizes = block_sizes(run);
    auto sym = algorithms(run, false);
    if (!sym.empty()) {
        out += std::string(marker_text(SpeedMarker::numbers_note)) +
               " in 1000s of bytes per second processed.\n";
        out += std::string(marker_text(SpeedMarker::type_header)) + "        ";
        for (auto s : sizes) out += fmt::format("{:>7} bytes", s);
        out += "\n";
        for (const auto& id : sym) {
            out += fmt::format("{:<13}", openssl3_row_name(id));
            for (auto s : sizes) {
                auto v = value(run, id, Operation::throughput, s);
                out +=
                    v ? fmt::format(" {:>12}", throughput_cell(*v)) : fmt::format(" {:>12}", "- ");
            }
            out += "\n";
        }
    }
    std::string family;
    const PrintedDecimals dec = printed_decimals(run);
    for (const auto& id : algorithms(run, true)) {
        const Measurement* sign = run.find(id, Operation::sign, 0);
        const Measurement* verify = run.find(id, Operation::verify, 0);
        bool classic = !key_size_family(id).empty();
        std::string fam = report_family(id);
        const AlgorithmInfo* eddsa = algorithm_info(id);
        if (eddsa && eddsa->family != kEddsaFamily) eddsa = nullptr;
        bool header = fam != family;
        family = fam;
        if (classic) {
            if (header) out += fmt::format("{:18}sign    verify    sign/s verify/s\n", "");
            out += fmt::format("{} {:>4} bits {} {} {} {}\n", fam, bits_of(id),
                               seconds_cell(sign, dec), seconds_cell(verify, dec),
                               rate_cell(sign, dec), rate_cell(verify, dec));
        } else if (fam == kEcdhFamily) {
            const Measurement* derive = run.find(id, Operation::derive, 0);
            if (header) out += fmt::format("{:30}op      op/s\n", "");
            out += fmt::format("{:<26} {} {}\n", curve_row_label(id), seconds_cell(derive, dec),
                               rate_cell(derive, dec));
        } else {
            if (header) out += fmt::format("{:30}sign    verify    sign/s verify/s\n", "");
            std::string label =
                eddsa ? fmt::format("{:>4} bits EdDSA ({})", eddsa->bits, eddsa->row_1x)
                      : curve_row_label(id);
            out += fmt::format("{:<26} {} {} {} {}\n", label, seconds_cell(sign, dec),
                               seconds_cell(verify, dec), rate_cell(sign, dec),
                               rate_cell(verify, dec));
        }
    }

    out += bogomips_line(run);
    out += samples_table(run);
    return out;
}

namespace {
std::string records(const Run& run);

// The run one process of a -multi run measured: its samples, one per process.
std::optional<Run> process_run(const Run& run, size_t i) {
    Run one = run;
    for (auto& m : one.measurements) {
        if (m.samples.size() != static_cast<size_t>(run.processes)) return std::nullopt;
        m.value = m.samples[i];
        m.samples.clear();
    }
    return one;
}

// As openssl speed -multi -mr prints: the children's records echoed by the
// parent ("Got: ... from N"), then the sums. The children's lines say how
// many processes were summed, also where only the sums are kept.
std::string multi_records(const Run& run) {
    std::string out;
    for (int i = 0; i < run.processes; ++i) out += fmt::format("Forked child {}\n", i);
    for (size_t i = 0; i < static_cast<size_t>(run.processes); ++i) {
        auto one = process_run(run, i);
        if (!one) return out + records(run);  // per-process figures not kept: sums only
        std::string lines = records(*one);
        for (size_t at = 0; at < lines.size();) {
            size_t end = lines.find('\n', at);
            out += fmt::format("Got: {} from {}\n", lines.substr(at, end - at), i);
            at = end + 1;
        }
    }
    return out + records(run);
}
}  // namespace

std::string machine_readable(const Run& run) {
    return partial_line(run) + (run.processes > 1 ? multi_records(run) : records(run));
}

namespace {
// The +F2..+F6 record of one public-key algorithm; empty for one -mr has no record of.
std::string key_record(const Run& run, const std::string& id) {
    // Written in the form of the run's version: seconds per operation up to 1.1.0.
    bool seconds = key_records_in_seconds(run.version).value_or(false);
    auto form = [seconds](double per_second) {
        return seconds && per_second > 0 ? 1 / per_second : per_second;
    };
    double sign = value(run, id, Operation::sign).value_or(0);
    double verify = value(run, id, Operation::verify).value_or(0);
    double s = form(sign), v = form(verify);  // RSA, DSA, ECDSA; EdDSA is always per second
    int bits = bits_of(id);
    const std::string_view family = key_size_family(id);
    if (family == mr_key_family(MrRecord::rsa)) {
        int idx = mr_index_of(kMrRsaBits, bits);
        if (idx < 0) return {};
        return fmt::format("{}:{}:{}:{:f}:{:f}\n", mr_tag(MrRecord::rsa), idx, bits, s, v);
    }
    if (family == mr_key_family(MrRecord::dsa)) {
        int idx = mr_index_of(kMrDsaBits, bits);  // past the list for a size openssl lacks
        if (idx < 0) idx = static_cast<int>(kMrDsaBits.size()) - 1;
        return fmt::format("{}:{}:{}:{:f}:{:f}\n", mr_tag(MrRecord::dsa), idx, bits, s, v);
    }
    if (auto curve_fam = curve_family(id); !curve_fam.empty()) {
        const Curve* c = curve_of(id);
        int idx = c ? c->mr_index : 0;
        if (curve_fam == kEcdsaFamily)
            return fmt::format("{}:{}:{}:{:f}:{:f}\n", mr_tag(MrRecord::ecdsa), idx, curve_bits(id),
                               s, v);
        double d = value(run, id, Operation::derive).value_or(0);
        double x = d, y = d > 0 ? 1 / d : 0;  // 1.1.1+: ops/s, then s/op; before, the other way
        if (seconds) std::swap(x, y);
        return fmt::format("{}:{}:{}:{:f}:{:f}\n", mr_tag(MrRecord::ecdh), idx, curve_bits(id), x,
                           y);
    }
    int index = 0;  // +F6 numbers EdDSA's curves in the registry's order
    for (const auto& a : algorithm_table()) {
        if (!is_eddsa(a.id)) continue;
        if (a.id == id)
            return fmt::format("{}:{}:{}:{}:{:f}:{:f}\n", mr_tag(MrRecord::eddsa), index, a.bits,
                               a.row_1x, sign, verify);
        ++index;
    }
    return {};
}

std::string records(const Run& run) {
    std::string out;
    auto sizes = block_sizes(run);
    auto sym = algorithms(run, false);
    if (!sym.empty()) {
        out += mr_tag(MrRecord::header);
        for (auto s : sizes) out += fmt::format(":{}", s);
        out += "\n";
        for (const auto& id : sym) {
            out += fmt::format("{}:{}:{}", mr_tag(MrRecord::throughput), openssl3_index(id),
                               openssl3_row_name(id));
            for (auto s : sizes)
                out += fmt::format(":{:.2f}", value(run, id, Operation::throughput, s).value_or(0));
            out += "\n";
        }
    }
    for (const auto& id : algorithms(run, true)) out += key_record(run, id);
    return out;
}
}  // namespace

}  // namespace speedlab::report
