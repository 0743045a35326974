#pragma once
// Summary tables a person typed from `openssl speed` results (Markdown, HTML
// flattened to double spaces, MoinMoin `||`, pipe-separated): each row or
// column that holds one machine's or one build's figures becomes a run.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/run.h"
#include "parse/clean_line.h"

namespace speedlab::parse {

// BogoMips of a named machine under one kernel, from a table of BogoMips per
// machine and kernel ("| Distribution | Kernel | BogoMips | BogoMips |" under
// "| | tilia | PCem |"). Small: most join a run, few become runs of their own.
struct BogomipsFact {
    std::string machine, emulator, kernel_release, distribution;
    double bogomips = 0;
    double step = 0.01;    // as printed: 0.01 for "29.80"
    size_t line = 0;       // input line of the table
    size_t row_line = 0;   // input line of the fact's row
    size_t last_line = 0;  // and its last
    RawText raw;           // the table's lines, which its run shows (show --raw)
};

struct HandTables {
    size_t ratio_table_line = 0;    // first line of a ratio or percent table, 0: none
    size_t unstated_unit_line = 0;  // first line of a table refused as unstated_unit.h says
    std::vector<BogomipsFact> bogomips_facts;
};

// `lines` are the cleaned lines of the whole text, `used` those openssl's own
// output took (never part of a hand-made table); `text` the text itself, for
// context (the openssl speed command, "1024 byte blocks", "2048 bit keys").
// Each table's runs (source "hand-made table") are appended to `runs`: runs
// are large, and a second vector of them would double the peak. Each run's
// raw text is its table's lines, as `raw_lines` (input lines FIRST..LAST) gives them.
using RawLines = std::function<RawText(size_t first, size_t last)>;
HandTables read_hand_tables(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                            std::string_view text, const std::string& file_name,
                            const RawLines& raw_lines, std::deque<Run>& runs);

// Each BogoMips fact becomes a run of its own (one per machine and kernel,
// the kernel and distribution in its machine facts) whose one figure is
// `bogomips`; it also goes to the machine of the runs of the same machine
// (label or emulator) and kernel. A fact repeated in one text is one run.
void attach_bogomips_facts(std::deque<Run>& runs, const std::vector<BogomipsFact>& facts,
                           const std::string& file_name);

// What a column header or row label of a hand-made table names.
struct HeaderCell {
    std::string algorithm;  // canonical id ("md5", "aes-128-cbc", "rsa"), empty: none
    int64_t size = 0;       // block size in bytes, or key bits for rsa/dsa
    Operation operation = Operation::throughput;
    bool ratio = false;  // "Speedup", "ratio", "%": not a figure column
    double unit = 0;     // bytes/s of one typed figure: "(MB/s)" 1e6; 0 unstated
};
HeaderCell read_header_cell(std::string_view text);
// Bytes/s per unit of a rate's unit ("MB/s" 1e6, "KiB/s" 1024); 0 when not one.
double rate_unit(std::string_view word);

// A figure typed by a person: "12,391.77k", "646’811.75k", "5373.23", "3871k",
// "523 MB/s"; in 1000s of bytes/s for throughput (with or without k; a unit
// of its own is converted). Empty when not a figure.
struct HandNumber {
    double value = 0;
    double step = 0;
    bool percent = false;
    bool own_unit = false;  // "4681.10k", "523 MB/s": a header's unit does not apply
};
std::optional<HandNumber> read_hand_number(std::string_view cell);

// One word as an algorithm a person named ("SHA-256", "3DES", "aes128ecb",
// "rsa2048"), as a canonical id; empty when it names none.
std::string hand_algorithm_word(std::string_view word);

// Whether a header cell names a block size: "8,192 bytes", "16B", "1KB".
bool names_block_size(std::string_view cell);

// The cell's text without wiki or HTML markup.
std::string hand_cell_text(std::string_view cell);
// Whether that text is the cell itself (no markup, trimmed): most cells.
bool cell_is_its_text(std::string_view cell);

}  // namespace speedlab::parse
