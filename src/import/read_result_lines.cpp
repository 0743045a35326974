// A harness's result lines, one figure each: a figure's name, its test's
// status, the rate and its unit (`rsa2048-sign pass 8715.5 sign/s`,
// `md5-16 pass 1234567 bytes/s`), as a script writes them after parsing
// openssl speed's output. A figure met again starts the next run (the script
// ran once more); lines of other programs between them (stress-ng's
// `FFT BOGOS/s:`) give nothing.
#include <fmt/format.h>

#include "core/text.h"
#include "import/figure_name.h"
#include "import/file_cells.h"
#include "import/reader.h"

namespace speedlab::import {

namespace {

struct ResultLine {
    std::string name;  // as printed: "rsa2048-sign"
    FigureName figure;
    PrintedNumber rate;
};

// The unit word after the rate: bytes/s for a size, the operation's own for a key.
bool unit_fits(std::string_view unit, const FigureName& f) {
    std::string u = lower_ascii(unit);
    if (f.operation == Operation::throughput) return u == "bytes/s" || u == "bytes/sec";
    std::string op(to_string(f.operation));
    return u == op + "/s" || u == op + "s/s" || u == "ops/s" || u == "op/s";
}

std::optional<ResultLine> result_line(std::string_view line) {
    auto cells = cells_of(line, ' ');
    std::vector<std::string_view> words;
    for (auto c : cells)
        if (!c.empty()) words.push_back(c);
    if (words.size() != 4) return std::nullopt;
    std::string status = lower_ascii(words[1]);
    if (status != "pass" && status != "passed" && status != "ok") return std::nullopt;
    auto figure = figure_name(words[0]);
    auto rate = printed_number(words[2]);
    if (!figure || !rate || !(rate->value > 0) || !unit_fits(words[3], *figure))
        return std::nullopt;
    return ResultLine{std::string(words[0]), *figure, *rate};
}

}  // namespace

bool result_lines_sniff(std::string_view head) {
    size_t hits = 0;
    for (const auto& line : numbered_lines(head))
        if (line.text.find(" pass") != std::string_view::npos ||
            line.text.find(" ok ") != std::string_view::npos)
            if (result_line(line.text) && ++hits == 2) return true;
    return false;
}

Read read_result_lines(Input& input) {
    Read out;
    std::vector<std::pair<size_t, size_t>> spans;  // each run's first and last line
    auto lines = numbered_lines(*input.text);
    for (const auto& line : lines) {
        auto r = result_line(line.text);
        if (!r) continue;
        const FigureName& f = r->figure;
        if (out.runs.empty() || out.runs.back().find(f.algorithm, f.operation, f.size)) {
            out.runs.emplace_back();
            spans.emplace_back(line.number, line.number);
        }
        out.runs.back().measurements.push_back(
            named_figure(f, r->rate.value, r->rate.step, r->name));
        spans.back().second = line.number;
    }
    for (size_t k = 0; k < out.runs.size(); ++k) {
        Run made = data_file_run(input.name, "harness results", lines, spans[k].first,
                                 spans[k].second, "a harness's result lines (name, status, rate)");
        made.measurements = std::move(out.runs[k].measurements);
        out.runs[k] = std::move(made);
    }
    if (out.runs.empty()) out.refused = input.name + ":1: result lines, but none gives a figure";
    return out;
}

}  // namespace speedlab::import
