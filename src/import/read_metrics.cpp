// The OpenSSL metrics of a cloud test harness (Microsoft's VirtualClient):
// one row per figure, `aes-128-cbc 16-byte | min | max | avg | KB/sec`, in a
// Markdown table or CSV. The value is the average (min and max are in the
// run's notes); KB/sec is openssl's k, 1000 bytes per second.
#include <fmt/format.h>

#include <cctype>
#include <charconv>

#include "core/algorithm.h"
#include "core/text.h"
#include "import/file_cells.h"
#include "import/reader.h"

namespace speedlab::import {

namespace {

struct MetricRow {
    std::string name;  // "aes-128-cbc"
    int64_t size = 0;
    std::vector<PrintedNumber> values;  // min, max, avg; or one value
    double factor = 1000;
};

// "aes-128-cbc 16-byte" -> ("aes-128-cbc", 16).
bool metric_name(std::string_view cell, std::string& name, int64_t& size) {
    constexpr std::string_view kByte = "-byte";
    if (cell.size() <= kByte.size() || !cell.ends_with(kByte)) return false;
    std::string_view rest = cell.substr(0, cell.size() - kByte.size());
    size_t space = rest.rfind(' ');
    if (space == std::string_view::npos) return false;
    std::string_view digits = rest.substr(space + 1);
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), size);
    if (ec != std::errc{} || end != digits.data() + digits.size() || size <= 0) return false;
    name = trimmed(rest.substr(0, space));
    return !name.empty() && name.find(' ') == std::string::npos;
}

std::optional<double> unit_factor(std::string_view unit) {
    std::string u = lower_ascii(trimmed(unit));
    if (u == "kb/sec" || u == "kb/s" || u == "kilobytes/sec") return 1000;
    if (u == "bytes/sec" || u == "bytes/s" || u == "b/s") return 1;
    if (u == "mb/sec" || u == "mb/s") return 1e6;
    return std::nullopt;
}

// A row with a metric name, one or three numbers and a rate unit after it.
std::optional<MetricRow> metric_row(std::string_view line) {
    char sep = line.find('|') != std::string_view::npos ? '|' : ',';
    auto cells = cells_of(line, sep);
    for (size_t k = 0; k < cells.size(); ++k) {
        MetricRow row;
        if (!metric_name(cells[k], row.name, row.size)) continue;
        size_t j = k + 1;
        for (; j < cells.size(); ++j) {
            auto n = printed_number(cells[j]);
            if (!n) break;
            row.values.push_back(*n);
        }
        if (row.values.size() != 1 && row.values.size() != 3) return std::nullopt;
        if (j >= cells.size()) return std::nullopt;
        auto factor = unit_factor(cells[j]);
        if (!factor) return std::nullopt;
        row.factor = *factor;
        return row;
    }
    return std::nullopt;
}

}  // namespace

bool metrics_sniff(std::string_view head) {
    size_t rows = 0;
    for (const auto& line : numbered_lines(head))
        if (line.text.find("-byte") != std::string_view::npos && metric_row(line.text))
            if (++rows == 2) return true;
    return false;
}

Read read_metrics(Input& input) {
    Read out;
    Run run;
    size_t first = 0, last = 0;
    for (const auto& line : numbered_lines(*input.text)) {
        if (line.text.find("-byte") == std::string_view::npos) continue;
        auto row = metric_row(line.text);
        if (!row) continue;
        std::string id = canonical_symmetric_id(row->name);
        if (!looks_like_algorithm(id) || kind_of(id) == AlgorithmKind::public_key) {
            out.diagnostics.push_back(
                fmt::format("{}:{}: warning: not used: '{}' names no "
                            "algorithm openssl speed measures by size",
                            input.name, line.number, row->name));
            ++out.unused_lines;
            continue;
        }
        const PrintedNumber& avg = row->values.back();
        if (!(avg.value > 0)) {  // "-648852.69": a damaged row, no rate
            out.diagnostics.push_back(
                fmt::format("{}:{}: warning: not used: '{}' at {} bytes averages {}, not a rate",
                            input.name, line.number, row->name, row->size, avg.value));
            ++out.unused_lines;
            continue;
        }
        Measurement m;
        m.algorithm = id;
        m.parameter = row->size;
        m.value = avg.value * row->factor;
        m.printed_step = avg.step * row->factor;
        m.source_name = row->name;
        if (run.find(id, Operation::throughput, row->size)) continue;  // the first of a repeat
        if (!first) first = line.number;
        last = line.number;
        if (row->values.size() == 3)
            run.notes.push_back(fmt::format("{}: min {:g}, max {:g}, average {:g} (stored)",
                                            metric_key(m), row->values[0].value * row->factor,
                                            row->values[1].value * row->factor, m.value));
        run.measurements.push_back(std::move(m));
    }
    if (run.measurements.empty()) {
        out.refused = input.name + ":1: a metrics file, but no row gives a figure";
        return out;
    }
    Run made = data_file_run(input.name, "harness metrics", *input.text, first, last,
                             "a harness's metrics (average of min, max, average)");
    run.source = made.source;
    run.program = made.program;
    run.timing = made.timing;
    run.platform = made.platform;
    run.raw_text = made.raw_text;
    run.sources = made.sources;
    run.notes.insert(run.notes.begin(), made.notes.begin(), made.notes.end());
    out.runs.push_back(std::move(run));
    return out;
}

}  // namespace speedlab::import
