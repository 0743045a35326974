#pragma once
// The smallest pieces of openssl speed text, shared by every parse stage:
// words, colon fields, and cells as openssl prints them.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace speedlab::parse {

inline bool starts_with(std::string_view s, std::string_view p) {
    return s.substr(0, p.size()) == p;
}
inline bool contains(std::string_view s, std::string_view p) {
    return s.find(p) != std::string_view::npos;
}
// The C locale's white space, inline: libc's isspace is a call per character.
constexpr bool space(char c) {
    // ' ', or \t \n \v \f \r, which are 9 to 13: two compares, not six.
    return c == ' ' || static_cast<unsigned char>(c - '\t') <= '\r' - '\t';
}
// `t` starts with the word `w`, then ends or has white space: "type" of
// "type 16 bytes" and of "type\t16 bytes" (a page that kept openssl's tabs).
inline bool starts_with_word(std::string_view t, std::string_view w) {
    return t.substr(0, w.size()) == w && (t.size() == w.size() || space(t[w.size()]));
}
std::string_view trim(std::string_view s);
std::vector<std::string_view> words(std::string_view s);
// The same into OUT, whose capacity a caller splitting many lines keeps.
void words_into(std::string_view s, std::vector<std::string_view>& out);
std::vector<std::string_view> fields(std::string_view s, char sep);

// A decimal number as printed; `step` is the value of one unit in its last digit.
struct Number {
    double value = 0;
    double step = 1;
};
// 10^-decimals, the step of a figure printed with that many decimals: a table
// (1 / 10^k, exact divisors up to 10^22, the same doubles as std::pow gives),
// as most figures of a text need one and pow is a slow call.
double decimal_step(size_t decimals);
std::optional<Number> number(std::string_view t);
std::optional<int64_t> integer(std::string_view t);
// The largest block size (bytes) or key (bits) a typed number is read as: no
// real one has a trillion, and KiB of it stay in int64_t's range.
inline constexpr int64_t kMaxSizeOrBits = int64_t{1} << 40;

// A cell of the symmetric table: "469.71k" (1000s of bytes/s), "9876.54"
// (bytes/s), "inf" (not finite). openssl prints every cell with two decimals.
struct Cell {
    double value = 0;
    double step = 0;
    bool finite = true;
};
// "123,456.78", "123'456.78", "1.234.567,89", "123456,78": a figure a person
// or a locale grouped or gave a decimal comma, as openssl prints it
// ("1234567.89"); empty unless it has two decimals and groups of three.
std::string ungrouped(std::string_view t);
std::optional<Cell> throughput_cell(std::string_view t);
// A word that holds a cell's place in a row, figure or not ("1e308k", "nan").
bool cell_like(std::string_view w);
// Per-second figures of public-key tables ("20.6", "%8.1f" in every
// version); "inf"/"nan" give a NaN value.
std::optional<Number> rate(std::string_view t);
// Seconds per operation: "0.000300s".
bool seconds_cell(std::string_view w);
// A cell of a public-key row: seconds ("0.000300s", "nans") or a rate.
inline bool key_figure(std::string_view w) {
    return rate(w) || seconds_cell(w);
}
// A cell that holds its column's place without a figure: "-", "?", "n/a"
// (speedlab's own show text prints "-" where a run has no such figure).
bool empty_cell(std::string_view w);
// Where a table row's figures start: past its name's words from FROM. Stage
// 1 splits rows run together and classify reads them by this one rule.
size_t row_name_end(const std::vector<std::string_view>& ws, size_t from = 0);
// "-54.00", "+4.98": a signed figure, which openssl never prints (a person's
// percent difference beside its figures).
bool signed_figure(std::string_view w);

// The block sizes of a table printed without its header (-multi, -mr
// without +H): six columns are 1.1.0+'s, five the version's (8 bytes first
// up to 0.9.6, 16 later).
std::vector<int64_t> default_block_sizes(size_t columns, std::string_view version);
// The lengths `-mb` (multi-block ciphers) times: 8 KiB up to 128 KiB, where
// the table prints no header of its own (apps/speed.c's mblengths_list).
std::vector<int64_t> multiblock_sizes();

}  // namespace speedlab::parse
