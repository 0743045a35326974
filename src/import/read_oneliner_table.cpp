// The table the OpenWrt wiki's benchmark one-liner makes of `openssl speed
// -multi 1 md5 sha1 ... aes-256-cbc rsa2048 dsa2048`, with the one-liner
// above it: its awk keeps each digest row's `$5` and each cipher row's `$6`
// (the 1024-byte column) and its sed turns openssl's `26490.12k` into bytes/s,
// which people shorten to `26.49M` (1e6 bytes/s). The header names the
// columns in that order (`MD5 | SHA1 SHA256 SHA512 | DES 3DES | AES128 ...`);
// each row is a device's run, `4t` in its cells four processes. A page copy
// breaks a row over lines: figures are taken in order up to the header's count.
#include <fmt/format.h>

#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "core/algorithm.h"
#include "core/algorithm_registry.h"
#include "core/text.h"
#include "import/figure_name.h"
#include "import/file_cells.h"
#include "import/reader.h"

namespace speedlab::import {

namespace {

// The one-liner's awk, as the OpenWrt wiki gives it: digests' 5th field, ciphers' 6th.
constexpr std::string_view kDigestField = "$1 ~ /(md5|sha)/ {print \" \" $5";
constexpr std::string_view kCipherField = "$1 ~ /(des|aes)/ {b = b \" \" $6";

// The words of a line, split at blanks and pipes; with PIPES a `|` is a word of its own.
std::vector<std::string_view> words_of(std::string_view line, bool pipes = false) {
    std::vector<std::string_view> out;
    size_t start = 0;
    for (size_t k = 0; k <= line.size(); ++k)
        if (k == line.size() || line[k] == ' ' || line[k] == '\t' || line[k] == '|') {
            if (k > start) out.push_back(line.substr(start, k - start));
            if (pipes && k < line.size() && line[k] == '|') out.push_back(line.substr(k, 1));
            start = k + 1;
        }
    return out;
}

// The id of a digest or cipher the registry knows by NAME; empty otherwise.
std::string symmetric_id(std::string_view name) {
    const AlgorithmInfo* a = algorithm_named(lower_ascii(name), true);
    if (a == nullptr || (a->kind != AlgorithmKind::digest && a->kind != AlgorithmKind::cipher))
        return {};
    return std::string(a->id);
}

// A header word naming a column the one-liner prints, by the algorithm of
// its command it abbreviates (`AES128` for `aes-128-cbc`, punctuation
// aside) or as the registry knows it (`3DES`); empty for the others
// (`Device`, `BogoMIPS`).
std::string column_algorithm(std::string_view word, const std::vector<std::string>& command) {
    std::string w = lower_ascii(word);
    for (const auto& name : command) {
        std::string squeezed;
        for (char c : name)
            if (c != '-') squeezed += c;
        if (squeezed.starts_with(w))
            if (auto id = symmetric_id(name); !id.empty()) return id;
    }
    return symmetric_id(w);
}

// The algorithms the one-liner's `openssl speed` command names, before its `| tee`.
std::vector<std::string> command_algorithms(std::string_view line) {
    std::vector<std::string> out;
    size_t at = line.find("speed");
    if (at == std::string_view::npos) return out;
    for (auto w : words_of(line.substr(at + 5), true)) {
        if (w == "|") break;
        if (w.front() != '-' && !std::isdigit(static_cast<unsigned char>(w.front())))
            out.push_back(lower_ascii(w));
    }
    return out;
}

// A figure the table prints: `26.49M` (1e6 bytes/s, to its last digit) or
// the script's own bytes/s (`26490120`, five digits or more). A decimal
// without a unit is a BogoMIPS figure, `1.2G` a clock: both label words.
std::optional<PrintedNumber> table_figure(std::string_view w) {
    bool mega = w.size() > 1 && w.back() == 'M';
    std::string_view digits = mega ? w.substr(0, w.size() - 1) : w;
    if (digits.empty() || !std::isdigit(static_cast<unsigned char>(digits.front()))) return {};
    if (!mega &&
        (digits.size() < 5 || digits.find_first_not_of("0123456789") != std::string_view::npos))
        return {};
    auto n = printed_number(digits);
    if (!n || !(n->value > 0)) return {};
    if (mega) return PrintedNumber{n->value * 1e6, n->step * 1e6};
    return n;
}

// `4t` among a row's label words: four processes, their figures summed.
int processes_of(const std::vector<std::string>& labels) {
    for (const auto& cell : labels)
        for (auto w : words_of(cell))
            if (w.size() >= 2 && w.back() == 't' &&
                w.substr(0, w.size() - 1).find_first_not_of("0123456789") == std::string_view::npos)
                return std::stoi(std::string(w.substr(0, w.size() - 1)));
    return 1;
}

struct Row {
    std::vector<std::string> labels;  // its label cells, in order
    std::vector<PrintedNumber> figures;
    std::vector<size_t> at;      // each figure's line
    size_t first = 0, last = 0;  // its lines
};

// The rows under the header's separator line `from`, each complete at COLUMNS figures.
std::vector<Row> rows_of(const std::vector<NumberedLine>& lines, size_t from, size_t columns) {
    std::vector<Row> rows;
    Row row;
    for (size_t k = from; k < lines.size(); ++k) {
        std::string_view line = lines[k].text;
        if (row.first == 0) row.first = lines[k].number;
        row.last = lines[k].number;
        std::string cell;
        for (auto w : words_of(line)) {
            if (auto f = table_figure(w); f && row.figures.size() < columns) {
                row.figures.push_back(*f);
                row.at.push_back(lines[k].number);
                continue;
            }
            if (!row.figures.empty()) continue;  // words after a row's first figure name nothing
            cell += cell.empty() ? std::string(w) : " " + std::string(w);
        }
        if (!cell.empty()) row.labels.push_back(cell);
        if (row.figures.size() == columns) {
            rows.push_back(std::move(row));
            row = Row{};
        }
    }
    return rows;
}

Run row_run(const std::string& name, const std::vector<NumberedLine>& lines, const Row& row,
            const std::vector<std::string>& columns) {
    Run run = data_file_run(name, "openssl speed", lines, row.first, row.last,
                            "the OpenWrt one-liner's table (1024-byte columns, bytes/s)");
    run.processes = processes_of(row.labels);
    run.timing = Timing::wall;  // the one-liner runs `openssl speed -multi`
    if (!row.labels.empty()) {
        Machine machine;
        machine.label = row.labels.front();
        if (row.labels.size() > 1) machine.cpu_name = row.labels[1];
        run.machine = std::move(machine);
    }
    for (size_t c = 0; c < columns.size(); ++c) {
        FigureName f{.algorithm = columns[c], .size = 1024};
        Measurement m = named_figure(f, row.figures[c].value, row.figures[c].step, columns[c]);
        m.line = static_cast<uint32_t>(row.at[c] - row.first + 1);  // within the run's lines
        run.measurements.push_back(std::move(m));
    }
    return run;
}

}  // namespace

bool oneliner_table_sniff(std::string_view head) {
    return head.find(kDigestField) != std::string_view::npos &&
           head.find(kCipherField) != std::string_view::npos;
}

Read read_oneliner_table(Input& input) {
    Read out;
    auto lines = numbered_lines(*input.text);
    size_t k = 0;
    std::vector<std::string> command;
    while (k < lines.size() && lines[k].text.find(kDigestField) == std::string_view::npos) {
        if (lines[k].text.find("openssl speed") != std::string_view::npos)
            command = command_algorithms(lines[k].text);
        ++k;
    }
    std::vector<std::string> columns;
    for (++k; k < lines.size() && lines[k].text.find("---") == std::string_view::npos; ++k)
        for (auto w : words_of(lines[k].text))
            if (auto id = column_algorithm(w, command); !id.empty()) columns.push_back(id);
    if (k >= lines.size() || columns.empty()) {
        out.refused = input.name + ":1: the OpenWrt one-liner, but no table of its columns";
        return out;
    }
    for (const auto& row : rows_of(lines, k + 1, columns.size()))
        out.runs.push_back(row_run(input.name, lines, row, columns));
    if (out.runs.empty())
        out.refused =
            input.name + fmt::format(":{}: the one-liner's table has no row of {} figures",
                                     lines[k].number, columns.size());
    return out;
}

}  // namespace speedlab::import
