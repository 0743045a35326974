#pragma once
// Rules for tables people typed that hand_table.cpp calls at one point each:
// each rule is a file of its own (hand_*.cpp), named beside its function.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parse/clean_line.h"
#include "parse/hand_grid.h"
#include "parse/hand_table.h"

namespace speedlab::parse {

// hand_spanned_header.cpp: a spreadsheet's header over two rows, each block
// size or operation spanning a group of columns the second row labels
// (versions, machines, "Percentage Diff"). One table per group member (ratio
// members dropped), its label in a column of its own ("OpenSSL version" with
// "OpenSSL 1.1.1f", or "machine"); empty when the rows are not so shaped.
struct SpannedPart {
    Rows rows;
    std::vector<size_t> from;  // each row's index among the rows given, for its line
    std::string version;       // "OpenSSL 1.1.1f" when the member is a version
};
std::vector<SpannedPart> unfold_spanned_header(const Grid& t);
// hand_first_size_cell.cpp: "| machine | sha256 16 bytes | 64 bytes |": an
// algorithm named in the first of a run of block-size header cells is the
// run's. The grid with it written in each ("sha256 64 bytes"); nullopt when
// no header cell carries one over.
std::optional<Grid> algorithm_over_sizes(const Grid& t);
// hand_size_words.cpp: a number then "bytes" in another language ("16 字节",
// "64 байт", "256 octets"): the words of a header cell, lower case.
bool sized_in_other_words(const std::vector<std::string>& words);
// hand_side_by_side.cpp: two tables side by side in one ruled table, a `|`
// splitting every row into halves under two header cells that name their
// machines ("256-bit SVE | 128-bit SVE2"), a row of block sizes ("Input  576
// bytes  512 bytes | 320 bytes ...") heading each half's figures: one part
// per half, its header cell as a "CPU" column. Or a pipe table's empty
// header cell between two groups of columns, each row labelled in its first
// cell and under the empty one ("| | keygen/s | encaps/s | | sign/s |
// verify/s |"): one part per group. Empty when not so shaped.
std::vector<SpannedPart> side_by_side_halves(const Grid& t);

// hand_same_sizes.cpp: a header whose block-size columns all name one size
// ("16 Bytes" six times) contradicts itself. Five or six such columns are
// openssl's default sizes (1.0.x; 1.1.1 and 3.x) in order; any other count
// keeps the first column only. `sized` marks the block-size columns. The
// note saying which was done, empty when the header was not such.
std::string repair_same_sizes(std::vector<HeaderCell>& cols, const std::vector<bool>& sized);

// hand_sizes_as_rows.cpp: whether the data rows' first cells are block
// sizes ("16 B", "8192 bytes"), two at least and no other label: the table's
// rows are sizes whatever its corner says (a label in another script).
bool rows_are_sizes(const Grid& t);
// Whether a row's first cell reads as a size but names something else with
// its number ("Raspberry Pi 3 Model B Rev 1.2", "RPi 4 Model B"): the rows
// are devices, no block sizes, where a size row types a number and a byte
// unit ("16 bytes", "1 KB", "16 字节") or a bare number ("8192").
bool rows_name_other_than_sizes(const Grid& t);

// hand_direction_columns.cpp: whether the header has an encrypt column and
// a decrypt column (each naming one direction): another program's timing of
// both per size, not machines' runs of `openssl speed`.
bool columns_pair_directions(const Grid& t);

// hand_stated_unit.cpp: the rate unit a line right above the table states
// for its figures ("单位 MB/s", "(in MB/s)", "Units: KiB/s"), in bytes/s; 0
// when none. A unit after a number ("~3.8 GB/s") is a figure, no statement.
double stated_unit(const std::vector<CleanLine>& lines, size_t first);
// The unit a line right below the table (line `end` on, two lines that are
// not blank nor ending in ':', a caption or a reply's author) states for
// it, as a reply does ("Its MB/s."); another table's row states none. 0: none.
double stated_unit_below(const std::vector<CleanLine>& lines, size_t end);

// hand_bit_rate.cpp: the bits per second line `t` states ("（Mbps）",
// "in Gbit/s"), in bytes/s (1 Mbps = 125000); 0 when none, two that differ,
// or only after a number ("283 Mbps": a figure of the prose).
double stated_bit_rate(std::string_view t);
// Whether a title names the figures' unit and no machine: "单核吞吐（Mbps）",
// "(MB/s)"; a word in Latin letters or digits beside the unit may be one.
bool names_unit_only(std::string_view title);

// hand_hmac.cpp: "hmac-DIGEST" when `digest` is a digest's id, else empty
// (`-hmac sha3-256` in a command names hmac(sha3-256)).
std::string hmac_of(const std::string& digest);
// A header naming HMAC ("| **Hmac Test** |") over figures whose algorithm
// the text around names: that digest's HMAC; `alg` unchanged otherwise.
std::string hmac_by_header(const Grid& t, const std::string& alg);

// hand_row_label.cpp: the algorithm of a row label with a note in brackets
// after it ("AES-256-CTR (AES-NI)", "ChaCha20 (AVX2)"); empty when none.
std::string label_algorithm(std::string_view cell);
// The key row `r`'s label names, read as a header cell: over two cells
// ("rsa" | "512 bits" under empty header cells), or by a curve in brackets ("ecdsa (nistp256)",
// "253 bits EdDSA(Ed25519)"), whose algorithm is then the key's own id ("ecdsa-p256", "ed25519")
// with its bits as the size.
HeaderCell key_cell(const Grid& t, size_t r);
// Whether `id` is one key's own id ("ecdsa-p256", "ed25519"), not a family.
bool whole_key_id(std::string_view id);
// openssl's signature table typed ("sign/s" and "verify/s" columns, rows of
// rsa, dsa or ecdsa keys): shaped as a benchmark whatever the text names.
bool signature_table(const Grid& t);

// hand_simple_table.cpp: "=========== ==========", a reST simple table's
// border (two columns or more), which the rows under a header skip.
bool simple_table_border(std::string_view t);

// hand_approximate.cpp: "~4 MB/s", "≈ 15": a figure typed as approximate.
// Cuts the mark (and a space after it); whether there was one.
bool cut_approximate(std::string_view& t);

// hand_other_program.cpp: whether TEXT names another program's benchmark
// ("go test -bench", "bssl speed", "cargo bench", "wolfcrypt"): in a text that
// never names openssl, a table shaped like its benchmark is that program's.
bool names_other_benchmark(std::string_view text);

// hand_context.cpp: what the text around the tables says that their cells
// leave out, read in one pass over its lines: the algorithms its `openssl
// speed` commands name, and the last "1024 byte blocks" ("16k chunk") and
// "2048 bit keys" it states.
struct TableContext {
    std::vector<std::string> command_algorithms;  // of "openssl speed ..." lines
    int64_t block_size = 0;                       // "1024 byte blocks"
    int64_t key_bits = 0;                         // "2048 bit keys", "rsa2048"
};
TableContext read_context(const std::vector<CleanLine>& lines, std::string_view text);
// The algorithm a table starting at line FIRST is about when its cells do not
// say: the one the openssl speed command named, else the nearest one named above it.
std::string context_algorithm(const std::vector<CleanLine>& lines, size_t first,
                              const TableContext& c);
// "OpenSSL results from tilia:", or a heading: the machine a table's rows
// were measured on; empty when the lines above it name none.
std::string caption_machine(const std::vector<CleanLine>& lines, size_t first);

// A row of one label and empty cells ("| Cortex-A53 | | | |") in a table of
// three columns or more names the group of the rows under it (their core, a
// vendor): its text; empty when row `r` is none (an algorithm alone is a
// block's, hand_algorithm_lines.cpp). `column` gets the label's column.
std::string group_row_name(const Grid& t, size_t r, size_t& column);
// "| MHz |", "| Clock (GHz) |": a header over the machines' clocks, in MHz
// per unit of its cells; 0 when `header` is none ("score/mhz" is a ratio).
double clock_header(std::string_view header);

// Whether a column header names a build, not a machine: "Baseline (C)",
// "Optimized", "patched", "before", "after".
bool names_build(std::string_view header);

// hand_pair_cells.cpp: a "sign/verify" column whose cells are both figures
// ("36/1363") as openssl's two columns, sign/s and verify/s; nullopt when the
// table has no such column (every row's cell a pair of figures).
std::optional<Rows> split_pair_columns(const Rows& rows);

// hand_grid_spans.cpp: a reStructuredText grid table on lines [from, to)
// whose cells span columns or rows (a rule under some cells only, "|    +----+
// ----+", or rules crossing other columns). Each row line's cells at its
// input line, a cell over N columns as its text then N - 1 empty cells, the
// rules left out; nullopt when no cell spans (each line is read as a pipe row).
std::optional<std::vector<std::pair<size_t, std::vector<std::string>>>> grid_span_rows(
    const std::vector<CleanLine>& lines, size_t from, size_t to);

// hand_grid.cpp: the cells of a line two spaces (or a tab) apart, trimmed.
std::vector<std::string> space_cells(std::string_view t);

// hand_slash_table.cpp: a table of "36/1363" cells under a header of keys
// ("rsa2048  ecdsa256"), the line above stating "sign/verify": its header
// cells as "<key> sign/verify" (split_pair_columns reads them), rows of other
// programs left out where one row names openssl. Appends the rows; returns
// the index past the table, `i` when line `i` heads none.
// Whether the next line that is not blank after line `i` holds a slash.
bool slash_below(const std::vector<CleanLine>& lines, size_t i);
size_t slash_pair_table(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                        size_t i, Rows& rows, std::vector<size_t>& row_lines);

// hand_glued_bits.cpp: "ecdsa256" as the family "ecdsa" and 256 bits (a
// family whose ids are curves, not "rsa2048"); false for any other word.
bool glued_key_bits(std::string_view word, std::string& family, int64_t& bits);

// hand_algorithm_lines.cpp: a table typed as one block per algorithm, the
// algorithm on a line alone ("AES-128-GCM") over rows labelled by build.
// Whether a row is such a line: one cell naming an algorithm, no size.
bool algorithm_alone(const std::vector<std::string>& cells);
// "Payload in Bytes | 16 | 64 | ...": a corner naming bytes over bare whole
// numbers makes them sizes ("16 bytes"); the header is left as is otherwise.
void sizes_named_by_corner(std::vector<std::string>& header);
// Such a header a mail client wrapped ("16384" on the next line): the lines
// after line `i` that go on with larger whole numbers join `header`; how many.
size_t wrapped_size_header(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                           size_t i, std::vector<std::string>& header);
// The blocks as one table: a first column holding each row's algorithm, the
// algorithm lines and ratio rows ("Speedup") gone; the rows and their lines,
// nullopt when no row is an algorithm alone.
std::optional<std::pair<Rows, std::vector<size_t>>> spread_algorithm_lines(const Grid& t);

// hand_label_rows.cpp: an HTML table a page copy flattened to single
// spaces, its header lost: rows "md5 1024 37,008.46 ..." or "rsa 1024 verify
// 1,540.3 ...", a label naming a size or a key and an operation, then figures.
// Whether line `t` is such a row (cheap for most lines).
bool may_start_flattened_rows(std::string_view t);
// Two such rows at least from line `i` on (rows of other benchmarks with as
// many figures between them), under a header naming the columns by number.
// Appends the rows; returns the index past the table, `i` when none.
size_t flattened_label_rows(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                            size_t i, Rows& rows, std::vector<size_t>& row_lines);

// hand_cell_lines.cpp: an HTML table a page copy flattened to one cell per
// line, each ending in " |" ("Type |", "256 bytes |", "Laptop |",
// "95851.54k |"). Whether line `t` is such a cell; the rows from line `i`
// on, grouped by the header's count (the cells before the first row's
// label), appended. Returns the index past them, `i` when none.
bool may_start_cell_lines(std::string_view t);
size_t cell_per_line_table(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                           size_t i, Rows& rows, std::vector<size_t>& row_lines);

// hand_diff_hunk.cpp: three lines or more behind a diff's "+" (not "+++",
// not a grid rule) from line `i`: `hunk` gets them without the marker, each
// at its input line. Returns the index past them, `i` when none.
size_t added_hunk(const std::vector<CleanLine>& lines, const std::vector<bool>& used, size_t i,
                  std::vector<CleanLine>& hunk);

// hand_program_columns.cpp: a comparison table whose columns are programs,
// one of them "OpenSSL" ("crypton 2.0.0 | OpenSSL | 2.0.0 / OpenSSL"): the
// OpenSSL column's figures, each at the algorithm and size its row names
// (the size may be stated once above: "over 16 KiB messages"), or, under
// "Time per operation in microseconds", as operations per second; nullopt
// when the header is not so. Its figures are openssl's only where the text
// says `openssl speed` measured them (the caller's to know).
struct ColumnFigure {
    std::string algorithm;
    Operation operation = Operation::throughput;
    int64_t size = 0;
    HandNumber number;
    double unit = 0;  // bytes/s of one figure as stated; 0 unstated
    size_t row = 0;
};
std::optional<std::vector<ColumnFigure>> openssl_column_figures(
    const Grid& t, const std::vector<CleanLine>& lines);

// hand_speed_signatures.cpp: a table of signing keys with "Sign/s" and
// "Verify/s" columns under a sentence naming `openssl speed` ("These OpenSSL
// `speed` values ..."): those columns' figures at the keys the rows name
// (typed_key_id); nullopt when the table or the sentence is not so.
std::optional<std::vector<ColumnFigure>> speed_signature_figures(
    const Grid& t, const std::vector<CleanLine>& lines);

// hand_kem_columns.cpp: openssl 3.5's KEM table typed, "keygen/s |
// encaps/s | decaps/s" over rows naming a KEM ("X25519", "ML-KEM-768"): each
// figure at the row's KEM id and the column's operation; empty when the
// header has no encaps/s or decaps/s column. Its figures are openssl's only
// where the text says `openssl speed` measured them (the caller's to know).
std::vector<ColumnFigure> kem_column_figures(const Grid& t);

// hand_other_program.cpp: the operations ("sign", "verify") a line near the
// table (lines [first - 20, end + 40)) states another program produced: a
// line naming a program's own source ("`client/sigbench.c`") or an API
// ("through the EVP API") and those operations by name. Their columns in
// the grid are gone in the grid returned; nullopt when no column is such.
std::optional<Grid> without_other_program_columns(const Grid& t,
                                                  const std::vector<CleanLine>& lines);

// hand_sbc_bench.cpp: sbc-bench's results table (`Clockspeed | Kernel |
// Distro | 7-zip multi | 7-zip single | AES | memcpy | memset`) in a text
// naming sbc-bench: the grid with its AES column named as what sbc-bench
// measures in it, aes-256-cbc at 16384 bytes (in openssl's k); nullopt when
// the table or the text is not so.
std::optional<Grid> sbc_bench_table(const Grid& t, std::string_view text);

// hand_key_label.cpp: "X25519", "ECDH P-256", "Ed25519 sign", "RSA-2048
// sign/decrypt": the key's id and the operation a row names; false when it
// names no public-key operation (a signature's without sign or verify).
bool public_key_label(std::string_view label, std::string& id, Operation& op);
// A signing key as a report names it: "RSA-2048/SHA-256" rsa2048 (the digest
// after '/' is the signature's), "P-256" ecdsa-p256, "Ed25519", "ML-DSA-44"
// ml-dsa-44 (a key openssl 3.5 prints by name); empty for any other name.
std::string typed_key_id(std::string_view name);

}  // namespace speedlab::parse
