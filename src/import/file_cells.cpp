#include "import/file_cells.h"

#include <charconv>
#include <cmath>

#include "core/text.h"

namespace speedlab::import {

std::optional<PrintedNumber> printed_number(std::string_view cell) {
    cell = trimmed_view(cell);
    if (cell.empty() || cell.size() > 40) return std::nullopt;
    double value = 0;
    auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
    if (ec != std::errc{} || end != cell.data() + cell.size() || !std::isfinite(value))
        return std::nullopt;
    PrintedNumber out{value, 1};
    if (auto dot = cell.find('.'); dot != std::string_view::npos) {
        size_t digits = cell.find_first_not_of("0123456789", dot + 1);
        if (digits == std::string_view::npos) digits = cell.size();
        out.step = std::pow(10.0, -static_cast<double>(digits - dot - 1));
    }
    if (cell.find_first_of("eE") != std::string_view::npos) out.step = 0;  // full precision
    return out;
}

std::vector<std::string_view> cells_of(std::string_view line, char sep) {
    std::vector<std::string_view> out;
    size_t start = 0;
    while (start <= line.size()) {
        size_t end = line.find(sep, start);
        if (end == std::string_view::npos) end = line.size();
        std::string_view cell = trimmed_view(line.substr(start, end - start));
        if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"')
            cell = cell.substr(1, cell.size() - 2);
        out.push_back(cell);
        start = end + 1;
    }
    if (sep == '|') {  // "| a | b |": no cell before the first pipe or after the last
        if (!out.empty() && out.front().empty()) out.erase(out.begin());
        if (!out.empty() && out.back().empty()) out.pop_back();
    }
    return out;
}

std::vector<NumberedLine> numbered_lines(std::string_view text) {
    std::vector<NumberedLine> out;
    size_t start = 0, number = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        out.push_back({++number, line});
        start = end + 1;
    }
    return out;
}

Run data_file_run(const std::string& name, const std::string& program, std::string_view text,
                  size_t first, size_t last, const std::string& how) {
    return data_file_run(name, program, numbered_lines(text), first, last, how);
}

Run data_file_run(const std::string& name, const std::string& program,
                  const std::vector<NumberedLine>& lines, size_t first, size_t last,
                  const std::string& how) {
    Run run;
    run.source = "imported";
    run.program = program;
    run.timing = Timing::unknown;
    run.platform = "";
    if (first >= 1 && last >= first && last <= lines.size()) {
        const char* begin = lines[first - 1].text.data();
        const char* end = lines[last - 1].text.data() + lines[last - 1].text.size();
        run.raw_text = std::string(begin, end) + "\n";
    }
    run.sources = {{name, "", static_cast<int64_t>(first), static_cast<int64_t>(last)}};
    // A run begun before its rows are known (first 0) gets its lines' note when they are.
    if (first >= 1 && last >= first)
        run.notes.push_back("read from lines " + std::to_string(first) + "-" +
                            std::to_string(last) + " of " + name + ": " + how);
    return run;
}

}  // namespace speedlab::import
