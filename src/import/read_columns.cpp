// CSV, TSV or JSON with named columns, as benchmark harnesses and dashboards
// export openssl speed's figures: an algorithm column, a block size column
// and a rate column whose name gives its unit (`throughput_Bps`, `kB/s`,
// `ops/s`), or sc-inspector's parsed JSON (`algo`, `block_size`, `speed` in
// bytes/s). A file without such columns is not this kind.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <unordered_map>
#include <variant>

#include "core/algorithm.h"
#include "core/algorithm_registry.h"
#include "core/curve.h"
#include "core/rate_words.h"
#include "core/text.h"
#include "import/fenced_csv.h"
#include "import/file_cells.h"
#include "import/nested_json.h"
#include "import/reader.h"
#include "parse/hand_table.h"

namespace speedlab::import {

namespace {

struct RateUnit {
    double factor = 1;  // to bytes/s, or ops/s
    bool ops = false;
    std::optional<Operation> op;  // "sign/s": the operation the column holds
};

// Whose header names a role, exactly (lower case).
// "type": openssl speed's own name for the column, kept by a table turned CSV.
constexpr std::string_view kAlgorithmNames[] = {"algo", "algorithm", "alg",  "cipher",
                                                "type", "digest",    "hash", "primitive"};
constexpr std::string_view kSizeNames[] = {"block_size",  "blocksize", "block size", "size",
                                           "size_bytes",  "bytes",     "block",      "block_bytes",
                                           "buffer_size", "data_size", "chunk_size"};
constexpr std::string_view kOperationNames[] = {"operation", "op"};
constexpr std::string_view kKeyBitsNames[] = {"bits", "key_bits", "key_size", "keysize",
                                              "key size"};
constexpr std::string_view kVersionNames[] = {"openssl_version", "version", "library"};
constexpr std::string_view kMachineNames[] = {"machine", "host", "hostname", "instance"};
constexpr std::string_view kSystemNames[] = {"os", "distribution", "distro", "operating_system"};
// A column naming the program each row measured: a harness comparing itself with openssl.
constexpr std::string_view kProgramNames[] = {"implementation", "impl", "program", "tool"};

// Units a rate column's name carries (lower case), most specific first; an
// operation's own ("sign/s") is core/rate_words.h's.
struct UnitWord {
    std::string_view word;
    RateUnit unit;
};
const UnitWord kUnitWords[] = {
    {"ops/s", {1, true, {}}},       {"op/s", {1, true, {}}},
    {"ops_per_s", {1, true, {}}},   {"operations_per_s", {1, true, {}}},
    {"kib/s", {1024, false, {}}},   {"mib/s", {1048576, false, {}}},
    {"kb/s", {1000, false, {}}},    {"kb/sec", {1000, false, {}}},
    {"kbytes", {1000, false, {}}},  {"kb_per_s", {1000, false, {}}},
    {"mb/s", {1e6, false, {}}},     {"mbytes", {1e6, false, {}}},
    {"mb_per_s", {1e6, false, {}}}, {"gb/s", {1e9, false, {}}},
    {"bytes/s", {1, false, {}}},    {"bytes_per_s", {1, false, {}}},
    {"byte/s", {1, false, {}}},     {"b/s", {1, false, {}}},
};

template <size_t N>
bool one_of(std::string_view name, const std::string_view (&names)[N]) {
    for (auto n : names)
        if (n == name) return true;
    return false;
}

// The unit of a rate column: "throughput_Bps" (capital B: bytes), "kB/s",
// "sign/s"; a bare "speed" or "throughput" is bytes/s beside a block size.
std::optional<RateUnit> rate_unit(std::string_view header) {
    std::string lower = lower_ascii(header);
    if (header.find("Bps") != std::string_view::npos &&
        header.find("MBps") == std::string_view::npos)
        return RateUnit{};
    if (auto op = rate_operation_in(lower)) return RateUnit{1, true, op};
    for (const auto& [word, unit] : kUnitWords)
        if (lower.find(word) != std::string::npos) return unit;
    if (lower == "speed" || lower == "throughput") return RateUnit{};
    return std::nullopt;
}

struct Columns {
    int algorithm = -1, size = -1, rate = -1, operation = -1, version = -1, machine = -1,
        system = -1, program = -1, bits = -1;
    std::string stated_algorithm;  // the text's, for a table naming none (fenced_csv.h)
    RateUnit unit;
    // Further rate columns of one operation each ("sign/s", "verify/s"): a row's figures.
    std::vector<std::pair<int, RateUnit>> more_rates;
    // Wide form: a column per block size ("16b", "64 bytes"), each cell a rate.
    std::vector<std::pair<int, int64_t>> sizes;
    std::string names;  // "algo, size_bytes, throughput_Bps": what the note says
};

// The block size a wide table's column holds: "16b", "64 bytes", "256-byte",
// "1024 bytes (kB/s)" (its unit, if named, to UNIT); a power of two from 8 on,
// so a year or a count is no size.
std::optional<int64_t> size_column(std::string_view header, std::optional<RateUnit>& unit) {
    std::string lower = lower_ascii(trimmed(header));
    int64_t n = 0;
    auto [end, ec] = std::from_chars(lower.data(), lower.data() + lower.size(), n);
    if (ec != std::errc{} || n < 8 || n > (int64_t{1} << 30) || (n & (n - 1)) != 0)
        return std::nullopt;
    std::string_view rest(end, static_cast<size_t>(lower.data() + lower.size() - end));
    rest = trimmed_view(rest.substr(rest.starts_with('-') || rest.starts_with('_') ? 1 : 0));
    for (std::string_view word : {"bytes", "byte", "b"})
        if (rest.starts_with(word)) {
            rest = trimmed_view(rest.substr(word.size()));
            break;
        }
    if (rest.empty()) return n;
    auto named = rate_unit(rest);
    if (!named || named->ops) return std::nullopt;
    unit = named;
    return n;
}

// Wide form: an algorithm column and two or more block-size columns (found
// with UNIT, the one their names give, if any). Without a unit named, the
// figures are openssl's own, in 1000s of bytes per second.
bool wide_columns(const std::vector<std::string>& header, const std::optional<RateUnit>& unit,
                  Columns& c) {
    bool stated = c.algorithm < 0 && c.program >= 0 && !c.stated_algorithm.empty();
    if ((c.algorithm < 0 && !stated) || c.sizes.size() < 2) return false;
    c.unit = unit.value_or(RateUnit{1000, false, {}});
    c.names = header[static_cast<size_t>(stated ? c.program : c.algorithm)] + ", " +
              header[static_cast<size_t>(c.sizes.front().first)] + " to " +
              header[static_cast<size_t>(c.sizes.back().first)];
    return true;
}

std::optional<Columns> columns_of(const std::vector<std::string>& header,
                                  const StatedAround& stated = {}) {
    Columns c;
    c.stated_algorithm = stated.algorithm;
    std::optional<RateUnit> size_unit;  // what the block-size columns' names say
    if (stated.factor > 0) size_unit = RateUnit{stated.factor, false, {}};
    for (size_t k = 0; k < header.size(); ++k) {
        std::string name = lower_ascii(header[k]);
        int at = static_cast<int>(k);
        if (one_of(name, kAlgorithmNames) && c.algorithm < 0)
            c.algorithm = at;
        else if (one_of(name, kSizeNames) && c.size < 0)
            c.size = at;
        else if (one_of(name, kOperationNames) && c.operation < 0)
            c.operation = at;
        else if (one_of(name, kKeyBitsNames) && c.bits < 0)
            c.bits = at;
        else if (one_of(name, kVersionNames) && c.version < 0)
            c.version = at;
        else if (one_of(name, kMachineNames) && c.machine < 0)
            c.machine = at;
        else if (one_of(name, kSystemNames) && c.system < 0)
            c.system = at;
        else if (one_of(name, kProgramNames) && c.program < 0)
            c.program = at;
        else if (auto size = size_column(header[k], size_unit))
            c.sizes.emplace_back(at, *size);  // a wide table's block size
        else if (auto unit = rate_unit(header[k]); unit && c.rate < 0)
            c.rate = at, c.unit = *unit;
        else if (unit && unit->op && c.unit.op)
            c.more_rates.emplace_back(at, *unit);
    }
    if (c.rate < 0 && c.size < 0 && wide_columns(header, size_unit, c)) return c;
    c.sizes.clear();  // block sizes beside a rate column name no figures
    if (c.algorithm < 0 || c.rate < 0) return std::nullopt;
    bool bare = lower_ascii(header[static_cast<size_t>(c.rate)]) == "speed" ||
                lower_ascii(header[static_cast<size_t>(c.rate)]) == "throughput";
    if (bare && c.size < 0) return std::nullopt;  // a bare speed is bytes/s only beside sizes
    for (int k : {c.algorithm, c.bits, c.size, c.operation, c.rate})
        if (k >= 0) c.names += (c.names.empty() ? "" : ", ") + header[static_cast<size_t>(k)];
    for (const auto& more : c.more_rates) c.names += ", " + header[static_cast<size_t>(more.first)];
    return c;
}

struct Row {
    size_t line = 0;
    std::vector<std::string> cells;  // in the header's order
};

std::string cell(const Row& row, int k) {
    return k >= 0 && static_cast<size_t>(k) < row.cells.size() ? row.cells[static_cast<size_t>(k)]
                                                               : std::string();
}

// An ECDSA or ECDH key named by its curve ("P-256", "nistp384") among WORDS,
// else the prime curve of BITS as `openssl speed` lists it; empty when none.
std::string curve_key(std::string_view family, const std::string& words, int64_t bits) {
    std::string lower = lower_ascii(words);
    for (const Curve& cv : curves())
        if ((cv.signs || family == kEcdhFamily) &&
            (lower.find(lower_ascii(cv.printed)) != std::string::npos ||
             lower.find(lower_ascii(cv.group)) != std::string::npos))
            return canonical_curve_id(family, cv.suffix);
    return curve_by_mr_index(-1, bits) ? curve_key_id(family, bits) : std::string();
}

// A row's algorithm id: a cipher's or digest's name, a key's own id
// ("rsa2048", "ed25519"), or a key in words or beside a bits column ("rsa" |
// "2048", "ECDSA P-256") as typed tables read it; empty when none.
std::string row_algorithm(const Columns& c, const Row& row, const std::string& name) {
    std::string id = canonical_symmetric_id(trimmed(name));
    std::string bits = trimmed(cell(row, c.bits));
    bool known = looks_like_algorithm(id);
    if (known && (kind_of(id) != AlgorithmKind::public_key || (algorithm_info(id) && bits.empty())))
        return id;
    parse::HeaderCell h = parse::read_header_cell(trimmed(name + " " + bits));
    if (!h.algorithm.empty() && h.size > 0)
        if (std::string key = key_size_id(h.algorithm, h.size); !key.empty()) return key;
    if (h.algorithm == kEcdsaFamily || h.algorithm == kEcdhFamily)
        return curve_key(h.algorithm, name, h.size);
    if (algorithm_info(h.algorithm) && kind_of(h.algorithm) == AlgorithmKind::public_key)
        return h.algorithm;
    return known && bits.empty() ? id : std::string();
}

// The figure of one row's rate column RATE in UNIT (at SIZE bytes in a wide
// table, else its size column's), or why there is none.
std::variant<Measurement, std::string> row_figure(const Columns& c, const Row& row, int rate,
                                                  const RateUnit& unit, int64_t size) {
    Measurement m;
    std::string name = c.algorithm >= 0 ? cell(row, c.algorithm) : c.stated_algorithm;
    std::string id = row_algorithm(c, row, name);
    if (id.empty()) return "'" + name + "' names no algorithm openssl speed measures";
    std::string text = trimmed(cell(row, rate));
    double factor = unit.factor;
    if (!c.sizes.empty() && text.ends_with('k')) text.pop_back(), factor = 1000;  // openssl's k
    auto number = printed_number(text);
    if (!number || number->value <= 0) return "'" + cell(row, rate) + "' is not a rate";
    m.algorithm = id;
    m.source_name = trimmed(name);
    m.value = number->value * factor;
    m.printed_step = number->step * factor;
    if (size == 0 && c.size >= 0) {
        std::string s = trimmed(cell(row, c.size));
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), size);
        if (ec != std::errc{} || end != s.data() + s.size() || size <= 0)
            return "'" + s + "' is not a block size";
    }
    if (kind_of(id) == AlgorithmKind::public_key) {
        auto op = unit.op ? unit.op : parse_operation(lower_ascii(trimmed(cell(row, c.operation))));
        if (!unit.ops || !op) return name + ": no operation (sign, verify, ...) per second";
        m.operation = *op;
        return m;
    }
    if (size <= 0) return name + ": no block size";
    m.parameter = size;
    if (unit.ops) m.value *= static_cast<double>(size), m.printed_step *= static_cast<double>(size);
    return m;
}

// The figures of one row: one, or one per block size of a wide table.
// Whether a program column's cell names openssl ("openssl", "openssl-no-ext"),
// not another program ("tiber") or a ratio of two ("openssl / tiber"), else why not.
std::string not_openssl(const Columns& c, const Row& row) {
    // A library column's "mbedtls" or "boringssl": that library's benchmark, not openssl's.
    std::string library = lower_ascii(trimmed(cell(row, c.version)));
    for (std::string_view other :
         {"boringssl", "aws-lc", "mbedtls", "mbed tls", "wolfssl", "wolfcrypt", "libsodium",
          "botan", "nettle", "gnutls", "libgcrypt", "cryptopp", "crypto++", "rustls", "ring"})
        if (library.starts_with(other))
            return "'" + trimmed(cell(row, c.version)) + "' is another library's row";
    if (c.program < 0) return {};
    std::string name = trimmed(cell(row, c.program));
    if (name.find('/') != std::string::npos)
        return "'" + name + "' is a ratio of programs, no figure";
    if (!lower_ascii(name).starts_with("openssl")) return "'" + name + "' is another program's row";
    return {};
}

std::vector<std::variant<Measurement, std::string>> row_figures(const Columns& c, const Row& row) {
    if (std::string why = not_openssl(c, row); !why.empty()) return {why};
    if (c.sizes.empty()) {
        std::vector<std::variant<Measurement, std::string>> out{
            row_figure(c, row, c.rate, c.unit, 0)};
        for (const auto& [column, unit] : c.more_rates)
            if (!trimmed(cell(row, column)).empty())
                out.push_back(row_figure(c, row, column, unit, 0));
        return out;
    }
    std::vector<std::variant<Measurement, std::string>> out;
    for (const auto& [column, size] : c.sizes) {
        std::string text = trimmed(cell(row, column));
        if (text == "..." || text == "\xE2\x80\xA6") break;  // the row cut here, as printed
        if (!text.empty()) out.push_back(row_figure(c, row, column, c.unit, size));
    }
    return out;
}

// The run of ROW's version, machine and system that lacks M's figure, made
// when there is none yet: a figure met again starts the next run.
size_t run_for(const Columns& c, const Row& row, const Measurement& m, Read& out,
               std::map<std::string, size_t>& current,
               std::vector<std::pair<size_t, size_t>>& lines, const std::string& program,
               const std::string& name) {
    std::string group = cell(row, c.version) + '\x1f' + cell(row, c.machine) + '\x1f' +
                        cell(row, c.system) + '\x1f' + cell(row, c.program);
    auto at = current.find(group);
    if (at != current.end() &&
        !out.runs[at->second].find(std::string(m.algorithm.view()), m.operation, m.parameter))
        return at->second;
    Run run = data_file_run(name, program, "", 0, 0, "");
    run.version = trimmed(cell(row, c.version));
    if (std::string program = trimmed(cell(row, c.program)); !program.empty()) {
        run.notes.push_back("the rows of " + program);  // "openssl-no-ext": a build of its own
        run.label = program;                            // a mark its label keeps (labels.h)
    }
    std::string host = trimmed(cell(row, c.machine)), system = trimmed(cell(row, c.system));
    if (!host.empty() || !system.empty()) {
        Machine machine;
        machine.hostname = host;
        machine.distribution = system;
        run.machine = std::move(machine);
    }
    current[group] = out.runs.size();
    out.runs.push_back(std::move(run));
    lines.emplace_back(row.line, row.line);
    return out.runs.size() - 1;
}

// Whether M's rate is printed finer than openssl speed ever prints one (to
// 0.01 bytes/s with -mr, to 10 bytes/s as k, to 0.1 per second): a program's
// own timing (Python's `perf_counter` quotient) unless the file names openssl.
bool finer_than_openssl_prints(const Measurement& m) {
    return m.printed_step > 0 && m.printed_step < 0.005;
}

bool names_openssl(std::string_view text) {
    return mentions(text, "openssl") || mentions(text, "libressl");
}

// Rows of one version, machine and system are one run, read from its rows'
// first to last line, or through THROUGH (a nested JSON's figures lie below
// the key whose line is their row's, and its keys are read sorted).
Read runs_of(const Columns& c, const std::vector<Row>& rows, const Input& input,
             const std::string& program, const std::string& kind, size_t through = 0) {
    Read out;
    std::map<std::string, size_t> current;  // version, machine and system -> run index
    std::vector<std::pair<size_t, size_t>> lines;
    bool named = names_openssl(*input.text);
    for (const auto& row : rows)
        for (auto& figure : row_figures(c, row)) {
            if (auto* why = std::get_if<std::string>(&figure)) {
                out.diagnostics.push_back(
                    fmt::format("{}:{}: warning: not used: {}", input.name, row.line, *why));
                ++out.unused_lines;
                continue;
            }
            auto& m = std::get<Measurement>(figure);
            if (!named && finer_than_openssl_prints(m)) {
                out.runs.clear();
                out.refused = fmt::format(
                    "{}:{}: {} with columns {}, but its rate {} is printed finer than openssl "
                    "speed prints and nothing names openssl: another program's timing",
                    input.name, row.line, kind, c.names, m.value);
                return out;
            }
            size_t k = run_for(c, row, m, out, current, lines, program, input.name);
            out.runs[k].measurements.push_back(std::move(m));
            lines[k].first = std::min(lines[k].first, row.line);
            lines[k].second = std::max({lines[k].second, row.line, through});
        }
    for (size_t k = 0; k < out.runs.size(); ++k) {
        Run made = data_file_run(input.name, program, *input.text, lines[k].first, lines[k].second,
                                 kind + " (columns " + c.names + ")");
        Run& run = out.runs[k];
        run.raw_text = made.raw_text;
        run.sources = made.sources;
        run.notes.insert(run.notes.begin(), made.notes.begin(), made.notes.end());
    }
    if (out.runs.empty())
        out.refused = fmt::format("{}:{}: {} with columns {}, but no row gives a figure",
                                  input.name, rows.empty() ? 1 : rows.front().line, kind, c.names);
    return out;
}

// ---- CSV and TSV ----

char separator_of(std::string_view header) {
    for (char sep : {'\t', ',', ';'})
        if (std::count(header.begin(), header.end(), sep) >= 1) return sep;
    return 0;
}

std::vector<std::string> strings(const std::vector<std::string_view>& views) {
    return {views.begin(), views.end()};
}

std::optional<Columns> csv_header(std::string_view text, char& sep, size_t& header_line) {
    for (const auto& line : numbered_lines(text)) {
        if (trimmed_view(line.text).empty()) continue;
        sep = separator_of(line.text);
        header_line = line.number;
        if (!sep) return std::nullopt;
        return columns_of(strings(cells_of(line.text, sep)));
    }
    return std::nullopt;
}

bool csv_sniff(std::string_view head) {
    // Only the first line counts, so a large text is not split here.
    size_t start = head.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return false;
    head = head.substr(start, head.find('\n', start) - start);
    if (head.find_first_of("{[") == 0) return false;
    char sep = 0;
    size_t line = 0;
    return csv_header(head, sep, line).has_value();
}

// "45659,14" in a file separated by semicolons: a decimal comma, as the
// spreadsheets of locales that write one export it.
std::vector<std::string> decimal_commas(std::vector<std::string> cells) {
    for (auto& c : cells) {
        size_t comma = c.find(',');
        if (comma == std::string::npos || comma == 0 || comma + 1 == c.size() ||
            c.find_first_not_of("0123456789,") != std::string::npos ||
            c.find(',', comma + 1) != std::string::npos)
            continue;
        c[comma] = '.';
    }
    return cells;
}

Read csv_read(Input& input) {
    char sep = 0;
    size_t header_line = 0;
    auto columns = csv_header(*input.text, sep, header_line);
    if (!columns) {  // the sniff saw a header cut at kSniffBytes; whole, it names no columns
        Read out;
        out.refused = fmt::format("{}:{}: expected a header naming an algorithm and a rate column",
                                  input.name, std::max<size_t>(header_line, 1));
        return out;
    }
    std::vector<Row> rows;
    for (const auto& line : numbered_lines(*input.text))
        if (line.number > header_line && !trimmed_view(line.text).empty())
            rows.push_back({line.number, sep == ';'
                                             ? decimal_commas(strings(cells_of(line.text, sep)))
                                             : strings(cells_of(line.text, sep))});
    return runs_of(*columns, rows, input, "csv export", sep == '\t' ? "a TSV file" : "a CSV file");
}

}  // namespace

double stated_byte_unit(std::string_view word) {
    std::string lower = lower_ascii(word);
    for (const auto& [unit_word, unit] : kUnitWords)
        if (lower == unit_word && !unit.ops) return unit.factor;
    return 0;
}

Read read_csv_lines(const Input& input, std::span<const NumberedLine> lines,
                    const StatedAround& stated) {
    if (lines.empty()) return {};
    char sep = separator_of(lines.front().text);
    auto columns =
        sep ? columns_of(strings(cells_of(lines.front().text, sep)), stated) : std::nullopt;
    if (!columns) return {};
    std::vector<Row> rows;
    for (const auto& line : lines.subspan(1))
        if (!trimmed_view(line.text).empty())
            rows.push_back({line.number, strings(cells_of(line.text, sep))});
    return runs_of(*columns, rows, input, "csv export", "a CSV in a code fence");
}

namespace {

// ---- JSON ----

// The array of row objects: the document itself, or the first array of
// objects one of its top-level keys holds ({"results": [...]}).
const nlohmann::json* json_rows(const nlohmann::json& doc) {
    auto rows = [](const nlohmann::json& j) {
        return j.is_array() && !j.empty() && j.front().is_object();
    };
    if (rows(doc)) return &doc;
    if (doc.is_object())
        for (const auto& [key, value] : doc.items())
            if (rows(value)) return &value;
    return nullptr;
}

// A JSON nested by algorithm (nested_json.h), whole within HEAD.
bool nested_sniff(std::string_view head) {
    nlohmann::json doc = nlohmann::json::parse(head, nullptr, false);
    if (doc.is_discarded()) return false;
    auto rows = nested_rows(doc);
    if (!rows) return false;
    std::vector<std::string> header;
    for (const auto& [key, value] : rows->front().items()) header.push_back(key);
    return columns_of(header).has_value();
}

bool json_sniff(std::string_view head) {
    size_t at = head.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (at == std::string_view::npos || (head[at] != '[' && head[at] != '{')) return false;
    if (head.find("\"speedlab-bundle\"") != std::string_view::npos) return false;
    if (head[at] == '{' && nested_sniff(head)) return true;
    // The first object's keys, as written: enough to tell this kind from a bundle.
    size_t open = head.find('{', at + (head[at] == '{' ? 1 : 0));
    if (head[at] == '{' && open == std::string_view::npos) open = at;
    size_t close = head.find('}', open);
    if (open == std::string_view::npos || close == std::string_view::npos) return false;
    std::vector<std::string> keys;
    std::string_view object = head.substr(open, close - open);
    for (size_t q = object.find('"'); q != std::string_view::npos;) {
        size_t end = object.find('"', q + 1);
        if (end == std::string_view::npos) break;
        size_t after = object.find_first_not_of(" \t\r\n", end + 1);
        if (after != std::string_view::npos && object[after] == ':')
            keys.emplace_back(object.substr(q + 1, end - q - 1));
        q = object.find('"', end + 1);
    }
    return columns_of(keys).has_value();
}

std::string json_cell(const nlohmann::json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
    if (v.is_number()) return fmt::format("{}", v.get<double>());
    return "";
}

// Each string TEXT writes (quotes left out) with the line it is first written
// on, in one pass: a nested row's line ("aes-128-gcm": ...) is then a lookup,
// where a search from the start per row was quadratic in a large file.
std::unordered_map<std::string_view, size_t> string_lines(std::string_view text) {
    std::unordered_map<std::string_view, size_t> lines;
    size_t line = 1;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') ++line;
        if (text[i] != '"') continue;
        size_t end = i + 1;  // a string of parsed JSON holds no raw line feed
        while (end < text.size() && text[end] != '"') end += text[end] == '\\' ? 2 : 1;
        if (end >= text.size()) break;
        lines.emplace(text.substr(i + 1, end - i - 1), line);
        i = end;
    }
    return lines;
}

// The line where each row object opens in TEXT: at depth 1 when the rows are
// the document itself (TOP_LEVEL), else at depth 2.
std::vector<size_t> object_lines(std::string_view text, bool top_level) {
    std::vector<size_t> lines;
    size_t line = 1;
    int depth = 0;
    for (char ch : text) {
        if (ch == '\n') ++line;
        if (ch == '{' && ++depth == (top_level ? 1 : 2)) lines.push_back(line);
        if (ch == '}') --depth;
    }
    return lines;
}

// The number of TEXT's last line that is not blank.
size_t last_text_line(std::string_view text) {
    size_t last = 1;
    for (const auto& line : numbered_lines(text))
        if (!trimmed_view(line.text).empty()) last = line.number;
    return last;
}

Read json_read(Input& input) {
    Read out;
    nlohmann::json doc = nlohmann::json::parse(*input.text, nullptr, false);
    const nlohmann::json* list = doc.is_discarded() ? nullptr : json_rows(doc);
    std::optional<nlohmann::json> nested;  // rows nested by algorithm: a line each
    if (!list && !doc.is_discarded() && (nested = nested_rows(doc))) list = &*nested;
    if (!list) {
        out.refused = input.name + ":1: expected a JSON array of rows with named columns";
        return out;
    }
    std::vector<std::string> header;
    for (const auto& [key, value] : list->front().items()) header.push_back(key);
    auto columns = columns_of(header);
    if (!columns) {
        out.refused = input.name + ":1: expected columns naming an algorithm and a rate";
        return out;
    }
    // A nested row's line is where its algorithm's key is written; any
    // other's where its object opens.
    const auto keys =
        nested ? string_lines(*input.text) : std::unordered_map<std::string_view, size_t>{};
    const auto opens = nested ? std::vector<size_t>{} : object_lines(*input.text, list == &doc);
    auto line_of = [&](size_t k, const nlohmann::json& object) -> size_t {
        if (!nested) return k < opens.size() ? opens[k] : 1;
        const auto& name = object["algorithm"];
        auto at = name.is_string() ? keys.find(name.get_ref<const std::string&>()) : keys.end();
        return at == keys.end() ? 1 : at->second;
    };
    std::vector<Row> rows;
    for (size_t k = 0; k < list->size(); ++k) {
        const auto& object = (*list)[k];
        Row row{line_of(k, object), {}};
        for (const auto& name : header)
            row.cells.push_back(
                object.is_object() && object.contains(name) ? json_cell(object[name]) : "");
        rows.push_back(std::move(row));
    }
    return runs_of(*columns, rows, input, "json export", "a JSON file",
                   nested ? last_text_line(*input.text) : 0);
}

}  // namespace

Read read_columns(Input& input) {
    return json_sniff(*input.text) ? json_read(input) : csv_read(input);
}

bool columns_sniff(std::string_view head) {
    return json_sniff(head) || csv_sniff(head);
}

}  // namespace speedlab::import
