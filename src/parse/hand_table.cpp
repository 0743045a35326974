// Hand-made summary tables: find them (pipe, MoinMoin or double-space cells),
// read the text around them for what the cells leave out, and turn each row
// or column of one machine's figures into a run.
#include "parse/hand_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "core/algorithm.h"
#include "core/curve.h"
#include "core/shared_pool.h"
#include "core/text.h"
#include "parse/caption_unit.h"
#include "parse/cell_rows.h"
#include "parse/cells.h"
#include "parse/grid_facts.h"
#include "parse/hand_grid.h"
#include "parse/hand_rules.h"
#include "parse/stated_machine.h"
#include "parse/unstated_unit.h"

namespace speedlab::parse {

namespace {

Run table_run(const std::string& file, size_t line) {
    Run r;
    r.source = "imported";
    r.program = "hand-made table";
    r.timing = Timing::unknown;
    r.platform = "";
    // The file's name only: a note travels in bundles and onto pages (privacy).
    r.notes.push_back("a hand-made summary table at line " + std::to_string(line) + " of " +
                      std::filesystem::path(file).filename().string() +
                      ": figures as the person typed them");
    return r;
}

// A figure, or a row's index ("0": pandas numbers its rows from zero, which
// is no figure): never a machine's name.
bool number_text(const std::string& t) {
    return read_hand_number(t) ||
           (!t.empty() && t.find_first_not_of("0123456789") == std::string::npos);
}

// A column header as a machine's name: "ARM CE (MB/s)" -> "ARM CE"; the
// unit in brackets belongs to the figures, not the name.
std::string column_name(std::string name) {
    size_t open = name.rfind('(');
    if (open == std::string::npos || open == 0 || !name.ends_with(')')) return name;
    std::string_view inside(name.data() + open + 1, name.size() - open - 2);
    if (rate_unit(trim(inside)) <= 0) return name;
    return std::string(trim(std::string_view(name).substr(0, open)));
}

// The group a row of one label names for the rows under it (group_row_name),
// and the header of its column.
struct RowGroup {
    std::string name, header;
};

// A row's own name beside its machine's: its group and clock ("Cortex-A53
// 1800MHz"), which tell apart rows of one machine name (a big.LITTLE SoC's
// two cores, two boards of one SoC); empty when it has neither.
std::string row_mark(const Machine& m, const RowGroup& group) {
    std::string mark = group.name;
    if (m.cpu_mhz) mark += fmt::format("{}{}MHz", mark.empty() ? "" : " ", *m.cpu_mhz);
    return mark;
}

// Label cells name the run and its machine `m`: the machine, its OS, the
// OpenSSL version, BogoMips, its clock; a group row above them its core.
// `header` is the table's header cells in lower case (grid_facts.h).
void name_run(Run& r, Machine& m, const Grid& t, const std::vector<std::string>& header, size_t row,
              const std::vector<bool>& figure_column, const std::string& caption,
              const RowGroup& group = {}) {
    std::vector<std::string> names;
    for (size_t k = 0; k < t.row(row).size() && k < t.row(0).size(); ++k) {
        if (figure_column[k] || t.cell(row, k).empty()) continue;
        const std::string& h = header[k];
        const std::string& cell = t.text(row, k);
        bool digit = std::isdigit(static_cast<unsigned char>(cell[0]));
        if (double per = clock_header(h); per > 0 && digit) {
            if (auto n = read_hand_number(cell); n && !n->own_unit && !n->percent)
                m.cpu_mhz = n->value * per;
        } else if ((contains(h, "version") && contains(h, "openssl")) ||
                   ((h == "openssl" || h == "libressl") && digit)) {
            std::string lib = h == "libressl" ? "LibreSSL " : "OpenSSL ";
            r.version = digit ? lib + cell : cell;
        } else if (lower_ascii(cell).rfind("openssl ", 0) == 0) {
            r.version = cell;
        } else if (contains(h, "bogomips")) {
            if (auto n = read_hand_number(cell)) m.bogomips = n->value;
        } else if (h == "os" || h == "distro" || contains(h, "distribution") ||
                   contains(h, "system")) {
            m.distribution = cell;
            names.push_back(cell);
        } else if (h == "kernel") {  // "6.1": sbc-bench's results table (hand_sbc_bench.cpp)
            m.kernel_release = cell;
        } else if (contains(h, "cpu") || contains(h, "processor")) {
            m.cpu_name = cell;
            names.push_back(cell);
        } else if (!number_text(hand_cell_text(cell))) {  // a number names no machine
            names.push_back(cell);
        }
    }
    std::string joined;
    for (const auto& n : names) joined += (joined.empty() ? "" : " / ") + n;
    if (!caption.empty() || !names.empty()) m.label = !caption.empty() ? caption : names.front();
    if (!joined.empty()) r.notes.push_back("row: " + joined);
    if (!group.name.empty()) {
        r.notes.push_back("group: " + group.name);
        if (contains(lower_ascii(group.header), "core")) m.cpu_core = group.name;
    }
    if (std::string mark = row_mark(m, group); !mark.empty()) r.label = mark;
}

// "rsa" and 2048: "rsa2048". A curve family and bits: the prime curve of that
// size, as `openssl speed ecdsa` lists it first (said in the run's notes).
std::string key_id(Run& r, const std::string& family, int64_t bits) {
    if (auto id = key_size_id(family, bits); !id.empty()) return id;
    const Curve* c = curve_by_mr_index(-1, bits);
    if (!c) return family + "-p" + std::to_string(bits);
    std::string note = fmt::format("{} {} bits: taken as {}, openssl's first curve of that size",
                                   family, bits, c->printed);
    if (std::find(r.notes.begin(), r.notes.end(), note) == r.notes.end()) r.notes.push_back(note);
    return family + "-" + std::string(c->suffix);
}

// A BogoMips fact's machine, kernel and figure: facts that share them make
// one run and add nothing to others after the first (attach_bogomips_facts).
std::string fact_key(const BogomipsFact& f) {
    return fmt::format("{}\n{}\n{}", lower_ascii(f.machine), f.kernel_release, f.bogomips);
}

struct Reader {
    const std::vector<CleanLine>& lines;
    std::string_view text;  // that lines are views of, most of them
    const std::string& file;
    const RawLines& raw_lines;
    HandTables& out;
    std::deque<Run>& runs_out;  // the text's runs, which each table's runs join
    // A figure without a unit is openssl's 1000s of bytes/s only in a text
    // about openssl; elsewhere (a table shaped as a benchmark) it is nothing
    // that can be told: cycles per byte, counts, ratios.
    bool plain_is_k;
    // The input line of the row being read, which each figure of it keeps.
    size_t row_line = 0;
    // UNIT: bytes/s of one figure as the header states it ("(MB/s)"); unstated,
    // figures are in 1000s of bytes/s, as openssl prints them.
    void figure(Run& r, const std::string& id, Operation op, int64_t size, const HandNumber& n,
                double unit = 0) const {
        if (op == Operation::throughput && !plain_is_k && !n.own_unit && unit <= 0) return;
        Measurement m;
        m.algorithm = id;
        m.operation = op;
        m.parameter = op == Operation::throughput ? size : 0;
        double scale = op != Operation::throughput ? 1 : unit > 0 && !n.own_unit ? unit : 1000;
        m.value = n.value * scale;
        m.printed_step = n.step * scale;
        m.line = static_cast<uint32_t>(row_line);
        if (!r.find(m.algorithm, m.operation, m.parameter)) r.measurements.push_back(std::move(m));
    }
    // The text around the tables, read on first need: most tables say all
    // they mean, and this is a pass over every line.
    mutable std::optional<TableContext> context{};
    const TableContext& ctx() const {
        if (!context) context = read_context(lines, text);
        return *context;
    }
    // Rows that name the same machine share one copy of it (a text may
    // repeat a table many times).
    SharedPool<Machine, MachineHash> row_machines{};
    // Facts kept, by fact_key: a text quoting a table many times keeps its
    // facts once (they were a fifth of the hand tables' peak memory).
    std::unordered_set<std::string> fact_keys{};
    Shared<Machine> row_machine(const Machine& m) {
        if (m == Machine{}) return {};  // the one blank machine
        return row_machines.get(m);
    }

    // The table's runs and BogoMips facts show the table's lines (show --raw).
    void table(const Grid& t) {
        size_t runs_before = runs_out.size(), facts_before = out.bogomips_facts.size();
        bool plain_was_k = plain_is_k;
        if (plain_is_k && caption_names_other_unit(lines, t.first)) plain_is_k = false;
        read(t);
        plain_is_k = plain_was_k;
        if (runs_out.size() == runs_before && out.bogomips_facts.size() == facts_before) return;
        size_t first = lines[t.first].line, last = lines[t.end - 1].line;
        RawText raw = raw_lines(first, last);
        for (size_t k = runs_before; k < runs_out.size(); ++k) {
            if (runs_out[k].machine->label.empty() && !prose_machine(t).label.empty())
                add_stated(runs_out[k].machine.edit(), prose_machine(t));
            runs_out[k].measurements.shrink_to_fit();  // a run outlives the parse: no spare room
            runs_out[k].raw_text = raw;
            lines_in_raw_text(runs_out[k].measurements, first, last);
            runs_out[k].sources = {
                {file, "", static_cast<int64_t>(first), static_cast<int64_t>(last)}};
        }
        for (size_t k = facts_before; k < out.bogomips_facts.size(); ++k) {
            out.bogomips_facts[k].raw = raw;
            out.bogomips_facts[k].last_line = last;
        }
    }

    // The rules that read a grid another way than by its header's cells, in
    // the order they are tried; each runs only where the grid's facts allow
    // it (grid_facts.h: what the rule's own first test asks), and says
    // whether it read the grid.
    struct Rule {
        const char* name;
        bool (*applies)(const GridFacts&);
        bool (Reader::*read)(const Grid&);
    };
    static std::span<const Rule> rules() {
        static constexpr Rule kRules[] = {
            {"other program's columns", [](const GridFacts& f) { return f.rate_header; },
             &Reader::other_program_columns},
            {"sbc-bench's table", [](const GridFacts& f) { return f.rows >= 2; },
             &Reader::sbc_bench},
            {"sign/verify pairs", [](const GridFacts& f) { return f.verify_header; },
             &Reader::pair_columns},
            {"algorithm lines", [](const GridFacts& f) { return f.lone_cell_row; },
             &Reader::algorithm_lines},
            {"OpenSSL column", [](const GridFacts& f) { return f.openssl_header; },
             &Reader::openssl_column},
            {"side by side",
             [](const GridFacts& f) { return f.rows >= 2 && (f.width == 2 || f.width >= 7); },
             &Reader::halves},
            {"KEM columns", [](const GridFacts& f) { return f.rate_header; }, &Reader::kem_columns},
            {"spanned header", [](const GridFacts& f) { return f.rows >= 3; },
             &Reader::spanned_parts},
        };
        return kRules;
    }

    void read(const Grid& given) {
        const GridFacts facts = grid_facts(given);
        for (const Rule& rule : rules())
            if (rule.applies(facts) && (this->*rule.read)(given)) return;
        std::optional<Grid> spanned = spanning_header(given);
        if (!spanned) spanned = algorithm_over_sizes(given);
        if (spanned) return read_cells(*spanned, grid_facts(*spanned));
        read_cells(given, facts);
    }

    bool other_program_columns(const Grid& g) {
        auto mine = without_other_program_columns(g, lines);
        if (mine) read(*mine);
        return mine.has_value();
    }
    bool sbc_bench(const Grid& g) {
        auto sbc = sbc_bench_table(g, text);
        if (sbc) read(*sbc);
        return sbc.has_value();
    }
    bool pair_columns(const Grid& g) {
        auto split = split_pair_columns(g.rows());
        if (split) read(Grid(g.first, g.end, std::move(*split), g.row_lines()));
        return split.has_value();
    }
    bool algorithm_lines(const Grid& g) {
        auto blocks = spread_algorithm_lines(g);
        if (blocks) read(Grid(g.first, g.end, std::move(blocks->first), blocks->second));
        return blocks.has_value();
    }
    bool openssl_column(const Grid& g) {
        auto column = openssl_column_figures(g, lines);
        if (!column || !speed_named()) return false;
        figures_run(column_run(g, "OpenSSL"), g, *column);
        return true;
    }
    bool halves(const Grid& g) {
        auto parts = side_by_side_halves(g);
        if (!parts.empty()) read_parts(g, parts);
        return !parts.empty();
    }
    bool kem_columns(const Grid& g) {
        auto kem = kem_column_figures(g);
        if (kem.empty() || !speed_named()) return false;
        figures_run(g, kem);
        return true;
    }
    bool spanned_parts(const Grid& g) {
        auto parts = unfold_spanned_header(g);
        if (!parts.empty()) read_parts(g, parts);
        return !parts.empty();
    }

    // The grid read by its header's cells: block sizes or algorithms across,
    // or down, or openssl's rows in cells.
    void read_cells(const Grid& t, const GridFacts& facts) {
        std::vector<HeaderCell> cols;
        for (size_t k = 0; k < t.row(0).size(); ++k) cols.push_back(t.header(0, k));
        // "| type (MB/s) | 16 bytes |": the corner's unit is every column's
        for (size_t k = 1; k < cols.size() && cols[0].unit > 0 && cols[0].algorithm.empty(); ++k)
            if (cols[k].unit == 0) cols[k].unit = cols[0].unit;
        double unit = stated_unit(lines, t.first);
        if (unit <= 0 && std::all_of(cols.begin(), cols.end(), [](auto& c) { return c.unit == 0; }))
            unit = stated_unit_below(lines, t.end);
        if (unit > 0)
            for (auto& c : cols) c.unit = c.unit > 0 ? c.unit : unit;
        size_t sized = 0, named = 0;
        std::vector<bool> sized_at(cols.size());
        for (size_t k = 0; k < cols.size(); ++k) {
            sized_at[k] = cols[k].size > 0 && cols[k].algorithm.empty() && t.names_size(0, k);
            sized += sized_at[k];
            named += !cols[k].algorithm.empty() && !cols[k].ratio;
        }
        const std::string repaired = repair_same_sizes(cols, sized_at);
        if (all_percent(t)) {
            if (!out.ratio_table_line) out.ratio_table_line = lines[t.first].line;
            return;
        }
        if (sized < 2 && named == 0 && facts.bogomips && bogomips_table(t)) return;
        if (sized >= 2 && unit_unstated_and_too_small(t.rows(), cols)) {
            if (!out.unstated_unit_line) out.unstated_unit_line = lines[t.first].line;
            return;
        }
        if (sized >= 2) return noted(repaired, [&] { size_columns(t, cols, facts); });
        if (named >= 1 && sized_rows_of_algorithms(t, cols)) return;
        if (named >= 1) return algorithm_columns(t, cols, facts);
        if (rows_in_cells(t)) return;
        if (metric_rows(t, cols)) return;
        if (auto keys = facts.rate_header ? speed_signature_figures(t, lines) : std::nullopt)
            return figures_run(t, *keys);
        if (facts.size_header && long_rows(t, facts)) return;
        size_rows(t, cols);
    }

    // Whether the text names `openssl speed`, read once: a comparison's
    // OpenSSL column is openssl's own figures only then.
    mutable std::optional<bool> speed_command{};
    bool speed_named() const {
        if (!speed_command) speed_command = mentions(text, "openssl speed");
        return *speed_command;
    }
    // Figures a rule read from the table's cells as one run (the OpenSSL
    // column of a table of programs, a KEM table).
    void figures_run(Run run, const Grid& t, const std::vector<ColumnFigure>& figures) {
        for (const auto& f : figures) {
            row_line = t.line_of(f.row);
            figure(run, f.algorithm, f.operation, f.size, f.number, f.unit);
        }
        keep(run);
    }

    // Figures a rule read at their rows, as one run of the table.
    void figures_run(const Grid& t, const std::vector<ColumnFigure>& figures) {
        figures_run(captioned_run(t), t, figures);
    }

    // Each group of a header spanning two rows as a table of its own; a
    // version the group names is its runs' where their rows name none.
    void read_parts(const Grid& t, const std::vector<SpannedPart>& parts) {
        for (const auto& part : parts) {
            size_t before = runs_out.size();
            std::vector<size_t> row_lines;  // each part row's line, by the row it came from
            for (size_t r : part.from) row_lines.push_back(t.line_of(r));
            read(Grid(t.first, t.end, part.rows, std::move(row_lines)));
            for (size_t k = before; k < runs_out.size(); ++k)
                if (runs_out[k].version.empty()) runs_out[k].version = part.version;
        }
    }

    // The runs `read` adds, with `note` in each (a header's contradiction).
    template <typename Read>
    void noted(const std::string& note, Read read) {
        size_t before = runs_out.size();
        read();
        for (size_t k = before; k < runs_out.size() && !note.empty(); ++k)
            runs_out[k].notes.push_back(note);
    }

    // "| | md5 | | sha256 | |" over "| | 16 bytes | 8192 bytes | 16 bytes |
    // 8192 bytes |": a header row that names each algorithm once for the
    // sizes under it. The two rows as one ("md5 16 bytes", ...), else none.
    static std::optional<Grid> spanning_header(const Grid& t) {
        if (t.size() < 3 || t.row(1).size() != t.row(0).size()) return std::nullopt;
        const size_t width = t.row(0).size();
        size_t named = 0, sized = 0;
        for (size_t k = 0; k < width; ++k) {
            named += !hand_algorithm_word(t.text(0, k)).empty();
            sized += t.names_size(1, k) && !t.number(1, k);
        }
        if (named == 0 || sized < 2 || sized <= named) return std::nullopt;
        Rows rows(t.rows().begin() + 1, t.rows().end());
        std::string algorithm;
        for (size_t k = 0; k < width; ++k) {
            const std::string& top = t.text(0, k);
            if (!top.empty()) algorithm = hand_algorithm_word(top).empty() ? "" : top;
            if (t.names_size(1, k) && !algorithm.empty())
                rows[0][k] = algorithm + " " + t.cell(1, k);
            else if (!top.empty())
                rows[0][k] = t.cell(0, k);
        }
        const auto& lines = t.row_lines();
        return Grid(t.first, t.end, std::move(rows), {lines.begin() + !lines.empty(), lines.end()});
    }

    // A table of BogoMips per machine and kernel; false when it is not one.
    bool bogomips_table(const Grid& t) {
        size_t h = 0;
        while (h < 2 && h < t.size() && bogomips_columns(t.row(h)).empty()) ++h;
        if (h >= 2 || h + 1 >= t.size()) return false;
        auto columns = bogomips_columns(t.row(h));
        auto names = column_machines(t, h, columns);
        size_t kernel = label_column(t, h, {"kernel"});
        size_t system = label_column(t, h, {"distribution", "os", "system", "release"});
        for (size_t r = h + 1; r < t.size(); ++r)
            for (size_t c = 0; c < columns.size(); ++c) {
                auto n = t.figure(r, columns[c]);
                if (names[c].empty() || !n || n->value <= 0) continue;
                BogomipsFact fact;
                fact.machine = names[c];
                fact.emulator = emulator_named(names[c]);
                fact.bogomips = n->value;
                if (n->step > 0) fact.step = n->step;
                fact.line = lines[t.first].line;
                fact.row_line = t.line_of(r);
                fact.kernel_release = kernel_of(t.text(r, kernel));
                fact.distribution = t.text(r, system);
                if (fact_keys.insert(fact_key(fact)).second)
                    out.bogomips_facts.push_back(std::move(fact));
            }
        return true;
    }
    static std::vector<size_t> bogomips_columns(const std::vector<std::string>& header) {
        std::vector<size_t> out;
        for (size_t k = 0; k < header.size(); ++k)
            if (mentions(header[k], "bogomips")) out.push_back(k);
        return out;
    }
    // "tilia BogoMips" names its machine; a bare "BogoMips" takes the name
    // above it: the upper header row's last names, one per column, in order
    // (pages lose the spanning cells that aligned them).
    static std::vector<std::string> column_machines(const Grid& t, size_t h,
                                                    const std::vector<size_t>& columns) {
        std::vector<std::string> above;
        if (h == 1)
            for (size_t k = 0; k < t.row(0).size(); ++k)
                if (!t.text(0, k).empty()) above.push_back(t.text(0, k));
        std::vector<std::string> names;
        for (size_t c = 0; c < columns.size(); ++c) {
            std::string own = t.text(h, columns[c]);
            // The column was chosen by its header's text; its cell without markup
            // may have lost the word ("Bogo<b>MIPS"): then nothing is cut.
            if (auto at = lower_ascii(own).find("bogomips"); at != std::string::npos)
                own = trimmed(own.erase(at, 8));
            size_t from_end = columns.size() - c;
            if (own.empty() && above.size() >= from_end) own = above[above.size() - from_end];
            names.push_back(own);
        }
        return names;
    }
    static size_t label_column(const Grid& t, size_t h,
                               std::initializer_list<std::string_view> words) {
        for (size_t k = 0; k < t.row(h).size(); ++k) {
            std::string cell = lower_ascii(t.text(h, k));
            for (auto w : words)
                if (cell == w || (w.size() > 2 && mentions(t.cell(h, k), w))) return k;
        }
        return t.row(h).size();
    }
    // "Linux 2.2.14" -> "2.2.14"; empty when the cell names no version.
    static std::string kernel_of(const std::string& t) {
        auto digit = t.find_first_of("0123456789");
        if (digit == std::string::npos) return {};
        auto end = t.find_first_not_of("0123456789.", digit);
        std::string v = t.substr(digit, end == std::string::npos ? end : end - digit);
        while (!v.empty() && v.back() == '.') v.pop_back();
        return v.find('.') == std::string::npos ? std::string() : v;
    }
    static std::string emulator_named(const std::string& name) {
        for (std::string_view e : {"PCem", "86Box", "QEMU", "Bochs", "DOSBox"})
            if (lower_ascii(name) == lower_ascii(e)) return std::string(e);
        return {};
    }

    bool all_percent(const Grid& t) const {
        // A percent figure has its sign: a table without one (most) needs no cell read.
        bool signs = std::any_of(t.rows().begin() + 1, t.rows().end(), [](const auto& row) {
            return std::any_of(row.begin(), row.end(), [](const std::string& c) {
                return c.find('%') != std::string::npos;
            });
        });
        if (!signs) return false;
        size_t figures = 0, percent = 0;
        for (size_t r = 1; r < t.size(); ++r)
            for (size_t k = 0; k < t.row(r).size(); ++k)
                if (const auto& n = t.number(r, k)) ++figures, percent += n->percent;
        return figures > 0 && percent * 2 > figures;
    }

    // In a table whose rows are labelled by the command that printed them
    // ("openssl speed -evp aes-256-cbc"), a row of another program
    // ("libarchivetest aes-256") holds no openssl figures.
    // Which rows those are, by index into t.rows; each label read once.
    static std::vector<bool> other_program_rows(const Grid& t,
                                                const std::vector<bool>& figure_column) {
        std::vector<std::string> labels(t.size());
        for (size_t r = 1; r < t.size(); ++r)
            for (size_t k = 0; k < t.row(r).size() && k < figure_column.size(); ++k)
                if (!figure_column[k] && !t.cell(r, k).empty()) {
                    labels[r] = lower_ascii(t.text(r, k));
                    break;
                }
        auto command = [](const std::string& l) { return l.rfind("openssl ", 0) == 0; };
        std::vector<bool> other(t.size());
        if (std::none_of(labels.begin(), labels.end(), command)) return other;
        for (size_t r = 1; r < t.size(); ++r)
            other[r] = !command(labels[r]) && labels[r].find(' ') != std::string::npos;
        return other;
    }

    // openssl 1.0 prints a cipher twice, its classic row ("aes-128 cbc") and
    // its EVP row ("aes-128-cbc"), which name one id: a typed copy's second,
    // EVP-named row (no space in its label) is kept in a run of its own.
    static constexpr const char* kEvpRowsNote =
        "the table's EVP rows (aes-128-cbc), apart from its classic rows (aes-128 cbc)";
    static bool evp_reprint(const std::map<std::string, Run>& runs, const std::string& key,
                            const std::string& alg, const Grid& t, size_t r) {
        auto it = runs.find(key);
        if (it == runs.end() || kind_of(alg) != AlgorithmKind::cipher) return false;
        bool seen = std::any_of(it->second.measurements.begin(), it->second.measurements.end(),
                                [&](const Measurement& m) { return m.algorithm == alg; });
        for (size_t k = 0; seen && k < t.row(r).size(); ++k)
            if (lower_ascii(t.text(r, k)) == alg) return true;
        return false;
    }

    // Columns are block sizes; each row one algorithm of one run.
    void size_columns(const Grid& t, const std::vector<HeaderCell>& cols, const GridFacts& facts) {
        std::vector<std::string> order;
        std::map<std::string, Run> runs;
        std::vector<bool> figure_column(cols.size());
        for (size_t k = 0; k < cols.size(); ++k)
            figure_column[k] = cols[k].size > 0 && cols[k].algorithm.empty() && !cols[k].ratio;
        std::optional<std::string> fallback;  // only rows that name no algorithm need it
        std::string caption;
        const std::vector<bool> other_programs = other_program_rows(t, figure_column);
        RowGroup group;
        for (size_t r = 1; r < t.size(); ++r) {
            const auto& row = t.row(r);
            row_line = t.line_of(r);
            if (other_programs[r] || next_group(t, r, group)) continue;
            std::string alg, key;
            std::vector<bool> label_column = figure_column;
            if (r == 1) caption = caption_machine(lines, t.first);
            double row_unit = 0;  // "md5 (MB/s)"
            for (size_t k = 0; k < row.size() && k < cols.size(); ++k) {
                if (figure_column[k]) continue;
                std::string a = hand_algorithm_word(t.text(r, k));
                if (const HeaderCell& h = t.header(r, k);
                    a.empty() && h.unit > 0 && !h.algorithm.empty() && h.size == 0)
                    a = h.algorithm, row_unit = h.unit;
                if (a.empty()) a = label_algorithm(row[k]);  // "ChaCha20 (AVX2)"
                if (alg.empty() && !a.empty() && !named_with_key_bits(a)) {
                    alg = a;
                    label_column[k] = true;  // the algorithm names no run
                } else if (!row[k].empty() && !number_text(t.text(r, k)) && !cols[k].ratio) {
                    // a number is never a machine's name (a "notes" column, a size not read)
                    key += (key.empty() ? "" : " / ") + t.text(r, k);
                }
            }
            if (alg.empty()) {
                if (!fallback) fallback = context_algorithm(lines, t.first, ctx());
                alg = *fallback;
            }
            if (alg.empty()) continue;
            // Kept apart under a key no label can spell (a unit separator).
            const bool evp = evp_reprint(runs, key, alg, t, r);
            if (evp) key += "\x1f" + std::string("evp");
            if (!runs.count(key)) {
                order.push_back(key);
                runs[key] = table_run(file, lines[t.first].line);
                Machine m;
                name_run(runs[key], m, t, facts.header_lower, r, label_column, caption, group);
                runs[key].machine = row_machine(m);
                if (evp) runs[key].notes.push_back(kEvpRowsNote);
            }
            for (size_t k = 0; k < row.size() && k < cols.size(); ++k)
                if (auto n = t.figure(r, k); n && figure_column[k])
                    figure(runs[key], alg, Operation::throughput, cols[k].size, *n,
                           row_unit > 0 ? row_unit : cols[k].unit);
        }
        for (const auto& key : order)
            if (!runs[key].measurements.empty()) runs_out.push_back(std::move(runs[key]));
    }

    // Columns name algorithms (with a size or an operation); each row is a run.
    void algorithm_columns(const Grid& t, const std::vector<HeaderCell>& cols,
                           const GridFacts& facts) {
        std::vector<bool> figure_column(cols.size());
        for (size_t k = 0; k < cols.size(); ++k)
            figure_column[k] = !cols[k].algorithm.empty() && !cols[k].ratio;
        std::string caption = caption_machine(lines, t.first);
        RowGroup group;
        for (size_t r = 1; r < t.size(); ++r) {
            if (t.row(r) == t.row(0)) continue;  // the header repeated at the end
            if (next_group(t, r, group)) continue;
            row_line = t.line_of(r);
            Run run = table_run(file, lines[t.first].line);
            Machine m;
            name_run(run, m, t, facts.header_lower, r, figure_column, caption, group);
            run.machine = row_machine(m);
            for (size_t k = 0; k < t.row(r).size() && k < cols.size(); ++k)
                if (auto n = t.figure(r, k); n && figure_column[k]) header_figure(run, cols[k], *n);
            keep(run);
        }
    }

    // A group row ("| Cortex-A53 | | | |") names the rows under it: true
    // when row `r` is one, `group` then its name.
    static bool next_group(const Grid& t, size_t r, RowGroup& group) {
        size_t column = 0;
        std::string name = group_row_name(t, r, column);
        if (name.empty()) return false;
        group = {std::move(name), t.text(0, column)};
        return true;
    }

    // A figure under a header that names its algorithm: key bits or block
    // size from the header, else from the text around the table.
    void header_figure(Run& run, const HeaderCell& h, const HandNumber& n) const {
        if (whole_key_id(h.algorithm)) {  // "ecdsa (nistp256)": the key itself
            if (h.operation != Operation::throughput) figure(run, h.algorithm, h.operation, 0, n);
        } else if (named_with_key_bits(h.algorithm)) {
            int64_t bits = h.size ? h.size : ctx().key_bits;
            if (bits && h.operation != Operation::throughput)
                figure(run, key_id(run, h.algorithm, bits), h.operation, 0, n);
        } else if (int64_t size = h.size ? h.size : ctx().block_size; size > 0) {
            figure(run, h.algorithm, Operation::throughput, size, n, h.unit);
        }
    }

    // The table turned: rows name an algorithm with a size or an operation
    // ("md5 8192 bytes", "rsa 2048 sign/s"), every other column is a
    // machine's run. False when fewer than two rows do.
    bool metric_rows(const Grid& t, const std::vector<HeaderCell>& cols) {
        std::vector<HeaderCell> keys;
        size_t named = 0;
        for (size_t r = 1; r < t.size(); ++r) {
            keys.push_back(key_cell(t, r));
            const HeaderCell& h = keys.back();
            named += !h.algorithm.empty() && !h.ratio &&
                     (h.size > 0 || h.operation != Operation::throughput);
        }
        if (named >= 1 && operation_columns(t, cols, keys)) return true;
        if (named < 2) return false;
        for (size_t k = 1; k < t.row(0).size(); ++k) {
            const HeaderCell& column = t.header(0, k);
            if (column.ratio || t.text(0, k).empty()) continue;
            Run run = column_run(t, column_name(t.text(0, k)));
            for (size_t r = 1; r < t.size(); ++r) {
                const auto& n = t.number(r, k);
                row_line = t.line_of(r);
                HeaderCell key = keys[r - 1];
                if (key.unit == 0) key.unit = column.unit;  // "Xeon (MB/s)"
                // A bare name beside rows that name their size or operation is
                // another benchmark's row (nbench's "IDEA").
                bool keyed = key.size > 0 || key.operation != Operation::throughput;
                if (n && !n->percent && !key.algorithm.empty() && !key.ratio && keyed)
                    header_figure(run, key, *n);
            }
            keep(run);
        }
        return true;
    }

    // Rows are block sizes, columns algorithms ("| block size | md5 | sha256 |"):
    // one run. False unless the corner says sizes and two rows hold one.
    bool sized_rows_of_algorithms(const Grid& t, const std::vector<HeaderCell>& cols) {
        std::string corner = lower_ascii(t.text(0, 0));
        if (corner.find("size") == std::string::npos && corner.find("block") == std::string::npos &&
            corner.find("bytes") == std::string::npos && !rows_are_sizes(t))
            return false;
        if (size_labels(t) < 2) return false;
        Run run = captioned_run(t);
        for (size_t r = 1; r < t.size(); ++r) {
            const HeaderCell& size = t.header(r, 0);
            row_line = t.line_of(r);
            if (size.size <= 0 || !size.algorithm.empty()) continue;
            for (size_t k = 1; k < cols.size() && k < t.row(r).size(); ++k) {
                const HeaderCell& c = cols[k];
                if (c.algorithm.empty() || c.ratio || named_with_key_bits(c.algorithm)) continue;
                if (auto n = t.figure(r, k))
                    figure(run, c.algorithm, Operation::throughput, size.size, *n,
                           c.unit > 0 ? c.unit : size.unit);
            }
        }
        keep(run);
        return true;
    }
    // How many rows a block size labels ("16 bytes", "8192").
    static size_t size_labels(const Grid& t) {
        size_t sized = 0;
        for (size_t r = 1; r < t.size(); ++r)
            sized += t.header(r, 0).size > 0 && t.header(r, 0).algorithm.empty();
        return sized;
    }

    // Cells that hold openssl's own rows (cell_rows.h): one run of them all.
    // False when no cell does.
    bool rows_in_cells(const Grid& t) {
        Run run = captioned_run(t);
        for (size_t r = 1; r < t.size(); ++r) {
            row_line = t.line_of(r);
            for (const auto& cell : t.row(r))
                if (auto row = openssl_row_in_cell(cell))
                    for (const auto& [size, n] : row->figures)
                        figure(run, row->algorithm, Operation::throughput, size, n);
        }
        if (run.measurements.empty()) return false;
        runs_out.push_back(std::move(run));
        return true;
    }

    // One run of the whole table, on the machine its caption names, if any.
    Run captioned_run(const Grid& t) { return named_run(t, caption_machine(lines, t.first)); }
    // A run of the table on the machine `label` names (none when empty).
    Run named_run(const Grid& t, std::string label) {
        Run run = table_run(file, lines[t.first].line);
        Machine m;
        m.label = std::move(label);
        run.machine = row_machine(m);
        return run;
    }
    // A run of one column's figures, named by its header. A header naming a
    // build ("Baseline (C)", "patched") labels the run, where a caption or
    // the prose names the machine it ran on.
    Run column_run(const Grid& t, const std::string& label) {
        std::string machine = label;
        if (names_build(label)) {
            machine = caption_machine(lines, t.first);
            if (machine.empty() && prose_machine(t).label.empty()) machine = label;
        }
        Run run = named_run(t, machine);
        if (machine != label) run.label = label;
        run.notes.push_back("column: " + label);
        return run;
    }
    // The machine the prose above table `t` names (stated_machine.h), read
    // once a table and only where no cell or caption names one.
    std::optional<std::pair<size_t, Machine>> prose{};
    const Machine& prose_machine(const Grid& t) {
        if (!prose || prose->first != t.first)
            prose.emplace(t.first, stated_machine(lines, t.first));
        return prose->second;
    }
    void keep(Run& run, size_t figures = 1) {
        if (run.measurements.size() >= figures) runs_out.push_back(std::move(run));
    }

    // Rows name keys ("rsa 2048 bits"), columns their operations ("sign/s",
    // "verify/s"): one run, as openssl's own sign/verify table. False when
    // no column names an operation.
    bool operation_columns(const Grid& t, const std::vector<HeaderCell>& cols,
                           const std::vector<HeaderCell>& keys) {
        std::vector<size_t> ops;
        for (size_t k = 1; k < cols.size(); ++k)
            if (cols[k].algorithm.empty() && !cols[k].ratio &&
                cols[k].operation != Operation::throughput)
                ops.push_back(k);
        if (ops.empty()) return false;
        Run run = captioned_run(t);
        for (size_t r = 1; r < t.size(); ++r) {
            HeaderCell key = keys[r - 1];
            row_line = t.line_of(r);
            if (key.algorithm.empty() || key.ratio ||
                !(named_with_key_bits(key.algorithm) || whole_key_id(key.algorithm)))
                continue;
            for (size_t k : ops)
                if (auto n = t.figure(r, k)) {
                    key.operation = cols[k].operation;
                    header_figure(run, key, *n);
                }
        }
        keep(run);
        return true;
    }

    // Rows name an algorithm and a block size in cells of their own
    // ("aes-128-cbc","1024", as harnesses and csv-tables list them); every
    // other column is one machine's figures ("am62pxx_sk-fs: throughput
    // (KBytes/Sec)"). False unless two rows are such.
    bool long_rows(const Grid& t, const GridFacts& facts) {
        const size_t width = t.row(0).size();
        size_t alg = width, size = width, rows = 0;
        for (size_t k = 0; k < width; ++k) {
            const std::string& h = facts.header_lower[k];
            if (size == width &&
                (h.find("size") != std::string::npos || h.find("bytes") != std::string::npos ||
                 h.find("block") != std::string::npos))
                size = k;
            else if (alg == width && column_names_algorithms(t, k))
                alg = k;
        }
        if (alg == width || size == width) return false;
        for (size_t r = 1; r < t.size(); ++r) rows += whole_number(t.text(r, size)) > 0;
        if (rows < 2) return false;
        for (size_t k = 0; k < width; ++k) {
            const HeaderCell& column = t.header(0, k);
            if (k == alg || k == size || column.ratio) continue;
            std::string label = t.text(0, k);
            if (auto colon = label.find(": "); colon != std::string::npos) label.resize(colon);
            Run run = column_run(t, label);
            for (size_t r = 1; r < t.size(); ++r) {
                row_line = t.line_of(r);
                if (t.row(r).size() != width) continue;
                std::string id = hand_algorithm_word(t.text(r, alg));
                int64_t bytes = whole_number(t.text(r, size));
                auto n = t.figure(r, k);
                if (id.empty() || named_with_key_bits(id) || bytes <= 0 || !n) continue;
                figure(run, id, Operation::throughput, bytes, *n, column.unit);
            }
            keep(run);
        }
        return true;
    }
    static bool column_names_algorithms(const Grid& t, size_t k) {
        size_t named = 0;
        for (size_t r = 1; r < t.size(); ++r) named += !hand_algorithm_word(t.text(r, k)).empty();
        return named * 2 > t.size() - 1;
    }
    // "1024": a cell of digits only; 0 otherwise.
    static int64_t whole_number(const std::string& t) {
        if (t.empty() || t.size() > 12 || t.find_first_not_of("0123456789") != std::string::npos)
            return 0;
        return std::stoll(t);
    }

    // Rows are block sizes ("16bytes"); every other column is a run.
    void size_rows(const Grid& t, const std::vector<HeaderCell>& cols) {
        if (size_labels(t) < 2 || columns_pair_directions(t) || rows_name_other_than_sizes(t))
            return;
        std::string alg = hmac_by_header(t, context_algorithm(lines, t.first, ctx()));
        if (alg.empty()) return;
        for (size_t k = 1; k < cols.size(); ++k) {
            if (cols[k].ratio) continue;
            Run run = column_run(t, column_name(t.text(0, k)));
            for (size_t r = 1; r < t.size(); ++r) {
                row_line = t.line_of(r);
                const HeaderCell& size = t.header(r, 0);
                auto n = t.figure(r, k);
                if (size.size <= 0 || !size.algorithm.empty() || !n) continue;
                figure(run, alg, Operation::throughput, size.size, *n,
                       size.unit > 0 ? size.unit : cols[k].unit);
            }
            keep(run, 2);
        }
    }
};

}  // namespace

namespace {

// The version numbers a text holds: "Linux 2.2.14 RedHat Linux 6.2 x86" ->
// 2.2.14, 6.2, 86; "2.4.18-3" -> 2.4.18, 3.
std::vector<std::string> version_tokens(std::string_view text) {
    std::vector<std::string> out;
    for (size_t i = 0; i < text.size();) {
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < text.size() &&
               (std::isdigit(static_cast<unsigned char>(text[j])) || text[j] == '.'))
            ++j;
        std::string_view v = text.substr(i, j - i);
        while (!v.empty() && v.back() == '.') v.remove_suffix(1);
        out.emplace_back(v);
        i = j;
    }
    return out;
}

// Runs by machine name (label or emulator) and a version their kernel or
// distribution names: one lookup per fact, so many facts stay linear.
std::unordered_map<std::string, std::vector<size_t>> runs_by_machine_and_version(
    const std::deque<Run>& runs) {
    std::unordered_map<std::string, std::vector<size_t>> index;
    for (size_t k = 0; k < runs.size(); ++k) {
        const Machine& m = runs[k].machine;
        auto versions = version_tokens(m.kernel_release);
        for (auto& v : version_tokens(m.distribution)) versions.push_back(std::move(v));
        std::sort(versions.begin(), versions.end());
        versions.erase(std::unique(versions.begin(), versions.end()), versions.end());
        for (const std::string& name : {lower_ascii(m.label), lower_ascii(m.emulator)}) {
            if (name.empty()) continue;
            for (const auto& v : versions) {
                auto& list = index[name + '\n' + v];
                if (list.empty() || list.back() != k) list.push_back(k);
            }
        }
    }
    return index;
}

}  // namespace

namespace {
// A fact as a run of its own: its one figure is the BogoMips value.
Run fact_run(const BogomipsFact& f, const std::string& file) {
    Run r = table_run(file, f.line);
    r.raw_text = f.raw;
    r.sources = {{file, "", static_cast<int64_t>(f.line), static_cast<int64_t>(f.last_line)}};
    Machine& m = r.machine.edit();
    m.label = f.machine;
    m.emulator = f.emulator;
    m.bogomips = f.bogomips;
    m.kernel_release = f.kernel_release;
    m.distribution = f.distribution;
    Measurement figure;
    figure.algorithm = kBogomipsId;
    figure.operation = Operation::score;
    figure.value = f.bogomips;
    figure.printed_step = f.step;
    figure.source_name = "BogoMips";
    figure.line = static_cast<uint32_t>(f.row_line);
    r.measurements.push_back(std::move(figure));
    lines_in_raw_text(r.measurements, f.line, f.last_line);
    r.notes.push_back("BogoMips only: no openssl figures");
    return r;
}

// What the fact adds to a run of its machine: the kernel, the figure (noted).
void attach(Run& run, const BogomipsFact& f) {
    Machine& m = run.machine.edit();
    if (m.kernel_release.empty()) m.kernel_release = f.kernel_release;
    if (m.bogomips) return;
    m.bogomips = f.bogomips;
    run.notes.push_back(fmt::format("BogoMips {:.2f} from the table of {}", f.bogomips, f.machine));
}
}  // namespace

void attach_bogomips_facts(std::deque<Run>& runs, const std::vector<BogomipsFact>& facts,
                           const std::string& file_name) {
    if (facts.empty()) return;
    auto index = runs_by_machine_and_version(runs);
    std::set<std::string> made;  // machine, kernel and figure of each fact run
    for (const auto& f : facts) {
        if (made.insert(fact_key(f)).second) runs.push_back(fact_run(f, file_name));
        auto found = f.kernel_release.empty()
                         ? index.end()
                         : index.find(lower_ascii(f.machine) + '\n' + f.kernel_release);
        if (found == index.end()) continue;
        // A run that has both facts leaves the list: the next facts of the same
        // machine and kernel (a text quoted many times) pass it by.
        auto has_both = [&](size_t k) {
            return !runs[k].machine->kernel_release.empty() && runs[k].machine->bogomips;
        };
        std::erase_if(found->second, [&](size_t k) {
            if (!has_both(k)) attach(runs[k], f);  // else its machine stays shared
            return has_both(k);
        });
    }
}

// A table shaped as a benchmark of openssl's algorithms, whatever the text
// around it names: block sizes across and an algorithm down ("| type | 16
// bytes | 64 bytes |" over "| md5 | ..."), or turned.
bool benchmark_shaped(const Grid& t) {
    // A header row of no cells ("||" over the rows) names nothing.
    const size_t width = t.row(0).size();
    if (width == 0) return false;
    auto algorithm = [&](size_t r, size_t k) {  // "md5", "md5 (MB/s)"
        return !hand_algorithm_word(t.text(r, k)).empty() || !t.header(r, k).algorithm.empty();
    };
    auto sized = [&](size_t r, size_t k) { return t.names_size(r, k); };
    auto count = [](size_t from, size_t to, auto pred) {
        size_t n = 0;
        for (size_t i = from; i < to; ++i) n += pred(i);
        return n;
    };
    // A harness's report may put the machine first ("| **ALPINE** | `sha256` |"):
    // any label cell, one not under a size, may name the algorithm.
    bool labelled_row = false;
    for (size_t r = 1; r < t.size() && !labelled_row; ++r)
        for (size_t k = 0; k < t.row(r).size() && k < width && !labelled_row; ++k)
            labelled_row = !sized(0, k) && algorithm(r, k);
    auto across = [&](auto pred) { return count(1, width, [&](size_t k) { return pred(0, k); }); };
    auto first_cells_sized = [&] {
        return count(1, t.size(), [&](size_t r) { return !t.row(r).empty() && sized(r, 0); });
    };
    return (across(sized) >= 2 && labelled_row) ||
           (across(algorithm) >= 1 && first_cells_sized() >= 2) || signature_table(t);
}

HandTables read_hand_tables(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                            std::string_view text, const std::string& file_name,
                            const RawLines& raw_lines, std::deque<Run>& runs) {
    HandTables out;
    // Figures without openssl's own layout count only where the text is about
    // openssl (or one of its forks), or where the table is shaped as one of
    // its benchmarks: a table of sizes alone is none.
    bool about = false;
    for (std::string_view name : {"openssl", "libressl", "libcrypto", "ssleay"})
        about = about || mentions(text, name);
    // BoringSSL's own `bssl speed` prints other figures: the fork alone is
    // about openssl only where the text names no other benchmark.
    bool other = names_other_benchmark(text);
    about = about || (mentions(text, "boringssl") && !other);
    other = other && !about;
    Reader reader{lines, text, file_name, raw_lines, out, runs, about};
    find_grids(lines, used, text, [&](const Grid& t) {
        if (about || (!other && benchmark_shaped(t))) reader.table(t);
    });
    return out;
}

}  // namespace speedlab::parse
