// Stage 3 of import, assemble: a small grammar over classified lines that
// decides where runs start and end and which rows belong to the run being
// read. Stage 1 is clean_lines (unwrap: every joining of wrapped lines), 2
// classify (each line once, kept while the assembler looks ahead), 4
// RunBuilder (resolve).
#include "parse/speed_parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <optional>
#include <variant>

#include "core/algorithm.h"
#include "core/labelled_machines.h"
#include "core/mr_tags.h"
#include "core/text.h"
#include "parse/append_run.h"
#include "parse/cells.h"
#include "parse/classify.h"
#include "parse/hand_inline_figures.h"
#include "parse/hand_table.h"
#include "parse/harness_keys.h"
#include "parse/line_starts.h"
#include "parse/mr_records.h"
#include "parse/run_builder.h"
#include "parse/shell_command.h"
#include "parse/stated_date.h"
#include "parse/stated_machine.h"
#include "parse/system_text.h"
#include "parse/table_heading.h"
#include "parse/unstated_unit.h"

namespace speedlab::parse {

namespace {

// "1071382.53k        0.00": 4.x prints a bare 0.00 after -mb's figures,
// a column of no size (openssl issue 31772); the row's figures carry a k.
bool bare_zero_after_k(const std::vector<std::string_view>& cells) {
    std::string_view last = cells.back();
    if (cells.front().back() != 'k' || last.back() == 'k') return false;
    auto n = number(last);
    return n && n->value == 0;
}

// "md5 (Xeon)", "Xeon: md5": a row a person marked with its machine, before
// a colon or in brackets after; the mark, stripped from NAME, or empty.
std::string machine_mark(std::string& name) {
    auto known = [](const std::string& n) {
        return looks_like_algorithm(canonical_symmetric_id(n));
    };
    if (known(name)) return {};
    std::string mark, rest;
    auto colon = name.find(": ");
    if (colon != std::string::npos && colon > 0) {
        mark = name.substr(0, colon), rest = name.substr(colon + 2);
    } else if (auto open = name.rfind(" ("); open != std::string::npos && name.back() == ')') {
        mark = name.substr(open + 2, name.size() - open - 3), rest = name.substr(0, open);
    }
    if (mark.empty() || mark.size() > 24 || !known(rest)) return {};
    name = rest;
    return mark;
}

// "SW aes-128-cbc", "AF aes-128-cbc": rows a person marked with a short
// upper-case word are separate runs (software vs engine, say), as are rows
// marked with their machine (machine_mark). Strips the mark.
std::string row_variant(std::string& name) {
    if (std::string mark = machine_mark(name); !mark.empty()) return mark;
    auto space = name.find(' ');
    if (space == std::string::npos || space > 4) return {};
    std::string mark = name.substr(0, space), rest = name.substr(space + 1);
    bool upper = std::all_of(mark.begin(), mark.end(),
                             [](char c) { return ascii_upper(c) || ascii_digit(c); });
    if (!upper || looks_like_algorithm(canonical_symmetric_id(name)) ||
        !looks_like_algorithm(canonical_symmetric_id(rest)))
        return {};
    name = rest;
    return mark;
}

// Diagnostics [first, last) in line order, each line's in the order they came;
// sorted (with a buffer of half of them) only when they are not already.
void in_line_order(std::vector<Diagnostic>::iterator first,
                   std::vector<Diagnostic>::iterator last) {
    auto by_line = [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; };
    if (!std::is_sorted(first, last, by_line)) std::stable_sort(first, last, by_line);
}

enum class Mode { none, symmetric, public_key, kem, signature };

// What may end the run being read (Parser::ends_run).
enum class Boundary {
    prompt,        // a shell prompt
    fresh_start,   // a line that starts a run of its own (a -multi child's line, say)
    version,       // a version line
    table_header,  // a throughput table's header after other text
    progress,      // a progress line
    mr_progress,   // a -mr progress record (not a child's)
};

// The run being read: where it is in the text and what it has so far.
struct RunState {
    bool active = false;
    bool has_tables = false;           // a summary table (or -mr +F records) was read
    bool has_progress = false;         // progress lines or -mr +R records were read
    bool truncated = false;            // a table row was cut off
    bool header_seen = false;          // version/options/compiler lines of this run
    Mode mode = Mode::none;            // the table being read
    std::vector<int64_t> sizes;        // its block sizes
    std::vector<std::string> row_ids;  // its rows, by algorithm
    size_t repeat = 0;  // the last row is its name's repeat N right under itself (add_repeat)
    size_t first = 0, last_used = 0;        // lines of the text
    std::vector<size_t> candidates_unused;  // lines inside it that nothing took
    // Unused lines between the last prompt and the run's first (prompt_names).
    size_t strays_after_prompt = 0;
    bool command_after_prompt = false;
    // Another program that printed it (shell_command.h), and its prompt's line; empty: openssl.
    std::string printed_by;
    size_t printed_by_line = 0;
    // The line between rows that labels it ("openssl speed -evp rc4:"), and
    // the first line of the first run under its header, whose prose names
    // the machine of every run under it.
    std::string between_label;
    size_t header_first = 0;

    void start(size_t at) {
        *this = RunState{};
        active = true;
        first = last_used = header_first = at;
    }
};

class Parser {
  public:
    Parser(std::string_view text, const std::string& file)
        : text_(text), file_(file), clean_(clean_lines(text)), machines_(lines_) {}
    // TEXT is WHOLE, or WHOLE but the newline it was given at its end: the runs'
    // raw texts are spans of WHOLE.
    Parser(std::shared_ptr<const std::string> whole, std::string_view text, const std::string& file)
        : Parser(text, file) {
        whole_ = std::move(whole);
    }

    ParsedText parse(bool merge);
    std::vector<Machine> system_only(std::vector<UnusedLine>& unrecognised);

  private:
    // ---- runs ----
    void begin();
    void finish();
    bool ends_run(Boundary what) const;
    void end_run_at(Boundary what) {
        if (ends_run(what)) finish();
    }
    // A line that starts a run (a progress line, a version, a header after
    // tables): the run it ends, if WHAT ends it, then the run it starts.
    void begin_at(Boundary what) {
        end_run_at(what);
        begin();
    }
    void finish_one(Run run, std::optional<RawText>& raw);
    void refuse_other_program();
    void past_fence();
    void closest_miss(const Token& tok);
    bool dispatch(Token& tok);
    bool prompt_names(size_t first) const;
    void after_prompt(const Token& tok);
    std::string heading_above(size_t first) const;
    RawText raw_lines(size_t from, size_t to);
    void merge_invocations();
    static bool same_setup(const Run& a, const Run& b);
    void remember_command(std::string_view t);
    void command_processes();
    bool system_text();

    // ---- one function per kind of line ----
    bool speed_line(Token& tok);
    Token& token(size_t k);
    Token& token_here();
    size_t next_text_line() const;
    static bool only_openssl(const Token& tok);
    bool read(const Token&, const Blank&) { return false; }
    bool read(const Token&, const Other&) { return false; }
    bool read(const Token& tok, const Prompt& prompt);
    bool read(const Token& tok, const Progress& p);
    bool read(const Token&, const MrLine& mr) { return machine_readable(mr.record, mr.from_child); }
    bool read(const Token& tok, const Version& version);
    bool read(const Token& tok, const ElapsedNotice&);
    bool header_field(std::string Run::*field, const std::string& value);
    bool read(const Token&, const BuiltOn& b) { return header_field(&Run::built_on, b.date); }
    bool read(const Token&, const Options& o) { return header_field(&Run::options, o.options); }
    bool read(const Token&, const Compiler& c) { return header_field(&Run::compiler, c.command); }
    bool read(const Token& tok, const TimingNote&);
    bool read(const Token& tok, const CpuInfo& info);
    bool read(const Token& tok, const RunTiming& timing);
    bool read(const Token& tok, const PartialRun&);
    bool read(const Token& tok, const ForkedChild& child);
    bool read(const Token& tok, const NumbersNote&);
    bool read(const Token& tok, const ThroughputHeader& header);
    bool read(const Token& tok, const PublicKeyHeader& header);
    bool read(const Token& tok, const PublicKeyRow& row);
    bool read(const Token& tok, const KemRow& row);
    bool read(const Token& tok, const ThroughputRow& row);
    bool repeated_row(const std::string& id);
    void headerless_row(const ThroughputRow& row);
    std::string evp_named(const std::string& name);
    void harness_named(const std::string& cipher);
    bool multi_processes(std::string_view n);
    const std::vector<std::string>& harness_values(const std::string& key);
    std::vector<int64_t> command_sizes() const;
    const std::string* command_value(std::string_view option) const;
    void next_run_under_header();
    bool label_between_rows(const Token& tok);
    static std::string between_label(std::string_view t);
    bool symmetric_row(const ThroughputRow& row);
    void symmetric_cells(const std::string& name, const std::vector<std::string_view>& cells,
                         size_t repeat = 0);
    bool machine_readable(std::string_view t, bool child);

    std::string_view text_;
    std::shared_ptr<const std::string> whole_;  // what runs' raw texts are spans of, if kept
    const std::string& file_;
    CleanText clean_;
    const std::vector<CleanLine>& lines_ = clean_.lines;
    std::vector<bool> used_;  // lines the openssl output parser took
    // The tokens of lines [ahead_first_, ...): the line being read and those
    // looked ahead at, each classified once.
    std::deque<Token> ahead_;
    size_t ahead_first_ = 0;
    size_t i_ = 0;
    ParsedText out_;
    MachineReader machines_;

    // The run being read.
    RunState run_;
    RunBuilder builder_;
    size_t key_columns_ = 0;  // columns of the last public-key header (4, or 8 in 3.2+)
    MrRecords mr_;            // what the -mr records of the run measured

    std::string prompt_host_;
    size_t prompt_line_ = 0;
    // Unused lines since that prompt: stray ones (not blank, not build
    // lines), and whether one named another command; counted as they pass.
    size_t strays_after_prompt_ = 0;
    bool command_after_prompt_ = false;
    OtherProgram other_;                      // the last prompt running another program
    std::vector<std::string> command_words_;  // after "openssl speed" on the last command line
    bool command_unread_ = false;             // no run has begun since that command
    LineStarts line_starts_{text_};
    LabelledMachines labelled_;    // as a heading or prompt named them
    size_t closest_fallback_ = 0;  // index + 1 of the first line naming OpenSSL
    std::map<std::string, std::vector<std::string>> harness_;  // harness_values, by key
};

ParsedText Parser::parse(bool merge) {
    used_.assign(lines_.size(), false);
    out_.diagnostics = std::move(clean_.diagnostics);  // what unwrap dropped
    for (i_ = 0; i_ < lines_.size(); ++i_) {
        Token& tok = token_here();
        if (other_.active() || (run_.active && !run_.printed_by.empty())) past_fence();
        bool used = !only_openssl(tok) && system_text();
        used = speed_line(tok) || used;
        if (used) used_[i_] = true;
        if (!used && tok.kind() != LineKind::prompt) after_prompt(tok);
        bool blank = tok.kind() == LineKind::blank;  // an elision too (classify.h)
        if (run_.active) {
            if (used)
                run_.last_used = i_;
            else if (!blank)
                run_.candidates_unused.push_back(i_);
        }
        if (!used && run_.mode != Mode::none && !blank) {
            if (!label_between_rows(tok)) {
                run_.mode = Mode::none;
            } else {
                if (!run_.row_ids.empty()) next_run_under_header();
                run_.between_label = between_label(tok.text);
            }
        }
    }
    finish();
    if (Shared<Machine> first(machines_.first()); !first->empty())
        for (auto& run : out_.runs)
            if (run.machine->empty()) run.machine = first;
    if (merge) merge_invocations();
    // The diagnostics are all in: their spare room goes before the hand
    // tables' runs raise the peak (bench/import_speed).
    out_.diagnostics.shrink_to_fit();
    auto hand = read_hand_tables(
        lines_, used_, text_, file_, [this](size_t from, size_t to) { return raw_lines(from, to); },
        out_.runs);
    attach_bogomips_facts(out_.runs, hand.bogomips_facts, file_);
    read_inline_figures(
        lines_, used_, file_, [this](size_t from, size_t to) { return raw_lines(from, to); },
        out_.runs);
    if (!out_.ratio_table_line) out_.ratio_table_line = hand.ratio_table_line;
    if (!out_.closest_line && hand.unstated_unit_line) {  // a table refused, not missed
        out_.closest_line = hand.unstated_unit_line;
        out_.closest_what = kUnstatedUnitWhy;
    }
    if (!out_.closest_line && closest_fallback_) {
        out_.closest_line = lines_[closest_fallback_ - 1].line;
        out_.closest_what = "it names OpenSSL, but no openssl speed output follows";
    }
    // In order already unless runs' lines overlap: a sort's buffer (half of them) only then.
    in_line_order(out_.diagnostics.begin(), out_.diagnostics.end());
    return std::move(out_);
}

// The word after OPTION on the last openssl speed command ("-evp aes-128-gcm"):
// of an option given twice, the last, as openssl's option loop keeps it.
const std::string* Parser::command_value(std::string_view option) const {
    for (size_t k = command_words_.size(); k-- > 1;)
        if (command_words_[k - 1] == option) return &command_words_[k];
    return nullptr;
}

// The sizes the command times where a table prints no header: `-mb`'s.
std::vector<int64_t> Parser::command_sizes() const {
    bool mb =
        std::find(command_words_.begin(), command_words_.end(), "-mb") != command_words_.end();
    return mb ? multiblock_sizes() : std::vector<int64_t>{};
}

// KEY's values in the clean lines (a web page's &#x27; decoded), looked for
// once a text, when a row first needs them: a text may hold thousands of rows.
const std::vector<std::string>& Parser::harness_values(const std::string& key) {
    auto [at, fresh] = harness_.try_emplace(key);
    if (!fresh) return at->second;
    for (const auto& line : lines_) {
        if (line.text().find(key) == std::string_view::npos) continue;
        for (auto& v : harness_key_values(line.text(), key))
            if (std::find(at->second.begin(), at->second.end(), v) == at->second.end())
                at->second.push_back(std::move(v));
    }
    return at->second;
}

// -multi names an -evp row "evp": the cipher is the command's, else that of a
// harness that parsed the output and names it in its samples ('algorithm': ...).
std::string Parser::evp_named(const std::string& name) {
    if (name != "evp") return name;
    if (const std::string* cipher = command_value("-evp")) return *cipher;
    const auto& named = harness_values("algorithm");
    if (named.size() != 1 || !looks_like_algorithm(canonical_symmetric_id(named[0]))) return name;
    return named[0];
}

// The harness's samples named the cipher: they name the processes too
// ('parallelism': 10), as -multi does.
void Parser::harness_named(const std::string& cipher) {
    builder_.note("the cipher of the 'evp' row from the harness's samples ('algorithm': '" +
                  cipher + "')");
    const auto& parallel = harness_values("parallelism");
    if (parallel.size() == 1) multi_processes(parallel[0]);
}

// N processes of a -multi run, as a command or a harness states them ("8"):
// the table is their sum, timed by the wall clock. False when N is no count.
bool Parser::multi_processes(std::string_view n) {
    auto count = integer(n);
    if (!count || *count < 2 || *count > 1024) return false;
    builder_.set_multi();
    builder_.run().processes = static_cast<int>(*count);
    builder_.run().timing = Timing::wall;
    return true;
}

// A row of openssl's "k" figures outside any run, without a header: a run
// when its sizes are known, from the command ("-bytes 16": one figure) or
// from the version's default sizes (five or six figures).
void Parser::headerless_row(const ThroughputRow& row) {
    size_t k_cells =
        static_cast<size_t>(std::count_if(row.cells.begin(), row.cells.end(), [](auto w) {
            return w.back() == 'k' && throughput_cell(w).has_value();
        }));
    // Only openssl's own row names: "aes128ecb Yes" is a person's table.
    if (k_cells != row.cells.size() ||
        !looks_like_algorithm(canonical_symmetric_id(evp_named(row.name))))
        return;
    const std::string* given = command_value("-bytes");
    std::optional<int64_t> bytes = given ? integer(*given) : std::nullopt;
    if (k_cells == 1 && bytes && *bytes > 0) {
        if (!run_.active) begin();
        run_.sizes = {*bytes};
        run_.mode = Mode::symmetric;
        builder_.note("block size " + std::to_string(*bytes) + " from the command's -bytes");
    } else if (k_cells == 5 || k_cells == 6) {
        if (!run_.active) begin();
        run_.mode = Mode::symmetric;  // run_.sizes empty: the version's defaults by count
        builder_.note("a row without its header: the version's default block sizes");
    }
}

// A short line between rows of one table ("decrypt", "After:", "openssl speed
// -evp rc4:"), a row of the same table under it: it labels the next run,
// which shares the header.
bool Parser::label_between_rows(const Token& tok) {
    if (run_.mode != Mode::symmetric && run_.mode != Mode::public_key) return false;
    if (tok.kind() != LineKind::other && tok.kind() != LineKind::prompt) return false;
    if (tok.text.size() > 80 || !ascii_alpha(tok.text[0]) || words(tok.text).size() > 8)
        return false;
    size_t k = next_text_line();
    while (k < lines_.size() && k < i_ + 4 && token(k).kind() == LineKind::other &&
           lines_[k].text().size() <= 80)
        k = k + 1;
    if (k >= lines_.size()) return false;
    LineKind next = token(k).kind();
    return run_.mode == Mode::symmetric ? next == LineKind::throughput_row
                                        : next == LineKind::public_key_row;
}

// A line between rows as the label of the run under it: "openssl speed
// -evp rc4:" is "-evp rc4" (the program names no run), "Current master:".
std::string Parser::between_label(std::string_view t) {
    t = trim(t);
    if (t.ends_with(':')) t = trim(t.substr(0, t.size() - 1));
    if (lower_ascii(t.substr(0, 14)) == "openssl speed ") t = trim(t.substr(14));
    return std::string(t);
}

// Only the system text, for `speedlab sysinfo --decode`.
std::vector<Machine> Parser::system_only(std::vector<UnusedLine>& unrecognised) {
    machines_.keep_all();
    for (i_ = 0; i_ < lines_.size(); ++i_) {
        size_t at = i_;
        machines_.take();
        if (!machines_.read(i_) && !trim(lines_[at].text()).empty())
            unrecognised.push_back({lines_[at].line, std::string(lines_[at].text())});
    }
    return std::move(machines_).all();
}

// A machine described before a run's figures is that run's machine.
bool Parser::system_text() {
    if (!machines_.read(i_)) return false;
    if (run_.active && !run_.has_tables && builder_.run().measurements.empty())
        builder_.run().machine = machines_.shared_current();
    return true;
}

// ---- runs ----

void Parser::begin() {
    if (run_.active) return;
    run_.start(i_);
    run_.strays_after_prompt = strays_after_prompt_;  // the lines above its first
    run_.command_after_prompt = command_after_prompt_;
    run_.printed_by = other_.printer();
    run_.printed_by_line = other_.line();
    mr_.start_run();
    Run run;
    run.source = "imported";
    run.program = "openssl speed";
    run.timing = Timing::user_cpu;  // openssl speed's default clock
    run.platform = "";              // unknown: the text does not say
    run.machine = machines_.shared_current();
    machines_.take();
    builder_ = RunBuilder(std::move(run));
    builder_.at_line(lines_[i_].line);
    command_processes();
}

// `openssl speed -multi 8` above the output: the table printed is the sum of
// 8 processes timed by the wall clock, though the poster kept no "Forked
// child" line (MISSES round ten kind 41). Only the first run below the command.
void Parser::command_processes() {
    if (!command_unread_) return;
    command_unread_ = false;
    const std::string* n = command_value("-multi");
    if (!n || !multi_processes(*n)) return;
    builder_.note("a -multi run (the command's -multi " + *n +
                  "): the table is the processes' sum, timed by the wall clock");
}

// A row of an algorithm this run has a row of already: the next run, printed
// under the same header (repeated runs, or runs interleaved row by row).
bool Parser::repeated_row(const std::string& id) {
    if (std::find(run_.row_ids.begin(), run_.row_ids.end(), id) == run_.row_ids.end()) {
        run_.row_ids.push_back(id);
        return false;
    }
    next_run_under_header();
    run_.row_ids.push_back(id);
    return true;
}

// The run ends; the next one shares its header lines and its table's columns.
void Parser::next_run_under_header() {
    auto share = [](const Run& from, Run& to) {
        to.version = from.version, to.built_on = from.built_on, to.options = from.options;
        to.compiler = from.compiler, to.timing = from.timing;
    };
    Run shared;
    share(builder_.run(), shared);
    auto sizes = run_.sizes;
    Mode mode = run_.mode;
    bool header = run_.header_seen;
    size_t header_first = run_.header_first;
    finish();
    begin();
    run_.header_first = header_first;
    share(shared, builder_.run());
    run_.sizes = std::move(sizes);
    run_.mode = mode;
    run_.header_seen = header;
    run_.has_tables = true;
}

// The one place that decides where a run ends: what came, against what the
// run has read so far. A run ends before it, or goes on.
bool Parser::ends_run(Boundary what) const {
    if (!run_.active) return false;
    switch (what) {
        case Boundary::prompt:
        case Boundary::fresh_start:
        case Boundary::mr_progress:
            return run_.has_tables;  // after the tables, the next run
        case Boundary::version:
            return run_.has_tables || run_.header_seen;  // a run has one version
        case Boundary::table_header:
            return run_.has_tables && run_.mode == Mode::none;  // after other text
        case Boundary::progress:  // after tables, or after a header and no progress yet
            return run_.has_tables || (run_.header_seen && !run_.has_progress);
    }
    return false;
}

void Parser::finish() {
    if (!run_.active) return;
    run_.active = false;
    // openssl's own version/options/compiler lines: the program ran openssl
    // (a wrapper such as "./bench"); a copy of its layout prints none of them.
    if (!run_.printed_by.empty() && !run_.header_seen) return refuse_other_program();
    builder_.resolve_curves(command_words_);
    size_t mark = out_.diagnostics.size();
    // One run state may give several runs (one per family): they share its
    // lines' raw text, found once rather than walked back to for each.
    std::optional<RawText> raw;
    for (Run& run : builder_.finish()) finish_one(std::move(run), raw);
    for (auto& d : builder_.take_diagnostics()) out_.diagnostics.push_back(std::move(d));
    // The run's lines not used, then its figures' notes: in line order here, so
    // that the whole text's are in order without sorting them all at the end.
    in_line_order(out_.diagnostics.begin() + static_cast<long>(mark), out_.diagnostics.end());
}

void Parser::finish_one(Run run, std::optional<RawText>& raw) {
    if (run.measurements.empty()) return;
    if (run.machine->label.empty() && run.machine->hostname.empty()) {
        // A line between rows labels the run, and names no machine.
        std::string label = prompt_names(run_.first)     ? prompt_host_
                            : run_.between_label.empty() ? heading_above(run_.first)
                                                         : std::string();
        if (label.empty()) label = heading_over_rows(lines_, run_.first);  // "# RPI 4B"
        if (!label.empty()) run.machine = labelled_.get(run.machine, std::move(label));
    }
    // "Some benchmarks on an Intel(R) Core(TM) i7-2760QM CPU @ 2.40GHz:"
    if (run.machine->label.empty() && run.machine->hostname.empty() &&
        run.machine->cpu_name.empty())
        if (Machine stated = stated_machine(lines_, run_.header_first); !stated.label.empty()) {
            Machine m = *run.machine;
            add_stated(m, stated);
            run.machine = Shared<Machine>(std::move(m));
        }
    if (run.label.empty()) run.label = run_.between_label;
    if (run_.truncated || (run_.has_progress && !run_.has_tables)) {
        run.complete = false;
        run.notes.push_back(run_.has_tables
                                ? "a table row was cut off"
                                : "progress lines without a summary table: the run was cut off");
    }
    size_t begin_line = lines_[run_.first].line;
    size_t end_line = clean_.last_line(run_.last_used);
    static const Shared<std::string> not_used = std::string("not used");
    for (size_t k : run_.candidates_unused)
        if (k > run_.first && k < run_.last_used) {
            ++out_.unused_lines;
            out_.diagnostics.push_back({lines_[k].line, Severity::warning, true, not_used});
        }
    run_.candidates_unused.clear();
    // Keep the original text of the run's lines, so it can be parsed again later.
    if (!raw) raw = raw_lines(begin_line, end_line);
    run.raw_text = *raw;
    lines_in_raw_text(run.measurements, begin_line, end_line);
    run.sources = {{file_, "", static_cast<int64_t>(begin_line), static_cast<int64_t>(end_line)}};
    run.measurements.shrink_to_fit();  // a run outlives the parse: no spare capacity
    // The file's name only: a note travels in bundles and onto pages (privacy).
    run.notes.push_back("read from lines " + std::to_string(begin_line) + "-" +
                        std::to_string(end_line) + " of " +
                        std::filesystem::path(file_).filename().string());
    out_.runs.push_back(std::move(run));
}

// A run another program printed in openssl's layout ("$ ./tiber-bench"):
// none of its figures is openssl's. Its lines stay taken, so no typed-table
// rule reads them again; a warning at its first line names the program.
void Parser::refuse_other_program() {
    builder_.finish();
    builder_.take_diagnostics();
    std::string why =
        fmt::format("output of {} (the command at line {}), not of openssl: not imported",
                    run_.printed_by, lines_[run_.printed_by_line].line);
    uint32_t at = lines_[run_.first].line;
    out_.diagnostics.push_back({at, Severity::warning, false, Shared<std::string>(why)});
    if (!out_.closest_line) out_.closest_line = at, out_.closest_what = std::move(why);
}

// Unwrap drops a code fence's line: a line missing before this one ends
// another program's output (looked for only under its prompt: rare).
void Parser::past_fence() {
    if (i_ == 0 || lines_[i_].line <= clean_.last_line(i_ - 1) + 1) return;
    other_.clear();
    if (run_.active && !run_.printed_by.empty()) finish();
}

// A prompt names the run its command printed: a run it lies within, or one
// starting below it with no other command between and at most three lines
// that are neither blank nor the run's own build lines (`| tail -5` keeps
// "built on:" .. "CPUINFO:" without their "version:").
bool Parser::prompt_names(size_t first) const {
    if (prompt_host_.empty()) return false;
    if (prompt_line_ >= first) return true;
    return !run_.command_after_prompt && run_.strays_after_prompt <= 3;
}

// An unused line after the prompt, counted as it passes: a look back from
// each run would classify its lines again.
void Parser::after_prompt(const Token& tok) {
    auto seen = other_.see(tok, i_);
    if (seen == OtherProgram::Seen::prompt) end_run_at(Boundary::prompt);
    // Where another program's output ends, so does its run: what follows may be openssl's.
    if (seen != OtherProgram::Seen::other && !run_.printed_by.empty()) finish();
    if (tok.names_command)
        command_after_prompt_ = true;
    else
        strays_after_prompt_ += tok.stray();
}

// A short line just above a run ("M1 Firestorm master") names its machine.
std::string Parser::heading_above(size_t first) const {
    for (size_t k = first, seen = 0; k-- > 0 && seen < 4;) {
        std::string_view l = trim(lines_[k].text());
        // Fences ("```", and Markdown's "~~~" too), prompts and comments name
        // nothing; nor do a command line and a summary of figures ("302MB/s @1k").
        if (l.empty() || elision_line(l) || starts_with(l, "```") || starts_with(l, "~~~") ||
            starts_with(l, "$") || starts_with(l, "#") || bare_speed_command(l) || states_rate(l))
            continue;
        // A prompt names its host (`user@box:~$ cat speed.txt`), or nothing ("bash-4.2#").
        if (auto command = shell_command(l)) {
            if (command->runs == ShellCommand::Runs::other) return {};
            if (std::string host = any_prompt_host(l); !host.empty()) return host;
            continue;
        }
        // A title over its rule ("openssl 1.0.1k" over "=====") names a machine or nothing.
        if (l.size() >= 3 && l.find_first_not_of(l[0]) == std::string_view::npos &&
            std::string_view("=-~^*").find(l[0]) != std::string_view::npos)
            return heading_name(lines_, k);
        // "Executing benchmark twice on cluster 0 (Cortex-A53)": the words outside parentheses.
        if (names_results(l.substr(0, l.find('(')))) return {};
        ++seen;
        // A heading, not a sentence: short, no full stop, no quotes; nor a
        // tool's field of numbers (free's "Swap: 0 0 0", "Mem: 499 28 267").
        auto ws = words(l);
        bool numbers_field = ws.size() > 1 && ws[0].back() == ':' &&
                             std::all_of(ws.begin() + 1, ws.end(),
                                         [](std::string_view w) { return number(w).has_value(); });
        if (used_[k] || l.size() > 60 || ws.size() > 8 || l.back() == '.' ||
            l.find('"') != std::string_view::npos || numbers_field)
            return {};
        if (l.back() == ':') l.remove_suffix(1);
        return std::string(trim(l));
    }
    return {};
}

// The input's own text of lines from..to (1-based, inclusive), newline ended.
RawText Parser::raw_lines(size_t from, size_t to) {
    size_t begin = line_starts_(from);
    if (begin == std::string_view::npos) return {};
    size_t end = std::min(line_starts_(to + 1), text_.size());
    // The last line's span takes the newline WHOLE may have been given.
    if (whole_) return RawText(whole_, begin, end == text_.size() ? whole_->size() : end);
    std::string out(text_.substr(begin, end - begin));
    if (!out.empty() && out.back() != '\n') out += '\n';
    return out;
}

// One person's results are often several invocations (`openssl speed dsa512`
// then `openssl speed -evp aes-128-cbc`) of the same build on the same
// machine. Neighbours that agree on all that and share no figure become one run.
void Parser::merge_invocations() {
    size_t kept = 0;  // in place: out_.runs[0, kept) are the merged runs
    for (size_t k = 0; k < out_.runs.size(); ++k) {
        Run& run = out_.runs[k];
        if (kept > 0 && same_setup(out_.runs[kept - 1], run)) {
            Run& into = out_.runs[kept - 1];
            append_run(into, run);
            for (auto& n : run.notes) into.notes.push_back(std::move(n));
            into.complete = into.complete && run.complete;
            continue;
        }
        if (kept != k) out_.runs[kept] = std::move(run);
        ++kept;
    }
    out_.runs.erase(out_.runs.begin() + static_cast<long>(kept), out_.runs.end());
    for (auto& run : out_.runs) run.measurements.shrink_to_fit();  // merged runs grew
}

bool Parser::same_setup(const Run& a, const Run& b) {
    // Rows a person marked ("SW md5", "Xeon: md5") are runs of their own.
    if (a.label != b.label) return false;
    if (a.version.empty() || a.version != b.version || a.built_on != b.built_on ||
        a.options != b.options || a.compiler != b.compiler || a.timing != b.timing)
        return false;
    if (a.machine->cpu_name != b.machine->cpu_name || a.machine->cpu_mhz != b.machine->cpu_mhz)
        return false;
    for (const auto& m : b.measurements)
        if (a.find(m.algorithm, m.operation, m.parameter)) return false;
    return true;
}

void Parser::remember_command(std::string_view t) {
    auto at = lower_ascii(t).find("openssl speed");
    command_words_.clear();
    for (auto w : words(t.substr(at + 13))) command_words_.emplace_back(w);
    command_unread_ = true;
}

// ---- one function per kind of line ----

// Lines of these kinds are openssl's own and never system text: the system
// text readers (a score of searches a line) are spared them.
bool Parser::only_openssl(const Token& tok) {
    using K = LineKind;
    if (tok.kind() == K::throughput_row) {  // all figures: not "... 149.50 BogoMIPS"
        const auto& row = tok.as<ThroughputRow>();
        return row.figures == row.cells.size();
    }
    static constexpr K kOwn[] = {
        K::progress, K::mr_record,         K::version,           K::built_on,       K::options,
        K::compiler, K::throughput_header, K::public_key_header, K::public_key_row, K::kem_row,
        K::blank};
    return std::find(std::begin(kOwn), std::end(kOwn), tok.kind()) != std::end(kOwn);
}

bool Parser::speed_line(Token& tok) {
    builder_.at_line(lines_[i_].line);
    bool used = dispatch(tok);
    if (!used && !run_.active && !out_.closest_line) closest_miss(tok);
    return used;
}

// The first line with openssl's shape that no run took, for the error of a
// text without runs; a line naming OpenSSL is kept until a better one comes.
void Parser::closest_miss(const Token& tok) {
    if (tok.kind() == LineKind::blank) return;
    if (tok.kind() == LineKind::other) {
        if (closest_fallback_ == 0 && mentions(tok.text, "openssl")) closest_fallback_ = i_ + 1;
        return;
    }
    out_.closest_line = lines_[i_].line;
    out_.closest_what = std::string(to_string(tok.kind())) + " '" +
                        std::string(tok.text.substr(0, 60)) + "' outside any run";
}

// Each kind of line to its own function (golang/perf benchfmt's reader).
bool Parser::dispatch(Token& tok) {
    if (tok.names_command) remember_command(tok.text);
    return std::visit([&](const auto& line) { return read(tok, line); }, tok.line);
}

// The run before this prompt ends first: its name is the host of the prompt
// above it, not of this one.
bool Parser::read(const Token&, const Prompt& prompt) {
    end_run_at(Boundary::prompt);
    prompt_host_ = prompt.host;
    other_.clear();
    prompt_line_ = i_;
    strays_after_prompt_ = 0;
    command_after_prompt_ = false;
    return false;
}

bool Parser::read(const Token&, const Version& version) {
    begin_at(Boundary::version);
    builder_.run().version = version.version;
    run_.header_seen = true;
    return true;
}

// Printed on stderr before anything else of a -elapsed run.
bool Parser::read(const Token&, const ElapsedNotice&) {
    begin_at(Boundary::fresh_start);
    builder_.run().timing = Timing::wall;
    return true;
}

// The other header lines only count inside a run (after a version or progress line).
bool Parser::header_field(std::string Run::*field, const std::string& value) {
    if (!run_.active) return false;
    builder_.run().*field = value;
    run_.header_seen = true;
    return true;
}

bool Parser::read(const Token& tok, const TimingNote&) {
    if (run_.active) builder_.note(std::string(tok.text));
    return run_.active;
}

bool Parser::read(const Token& tok, const CpuInfo& info) {
    if (!run_.active) return false;
    builder_.run().cpuinfo = std::string(tok.text);
    if (!info.mask.empty()) builder_.run().cpu_mask = info.mask;
    return true;
}

bool Parser::read(const Token&, const ForkedChild& child) {
    begin_at(Boundary::fresh_start);
    builder_.set_multi();
    Run& run = builder_.run();
    run.timing = Timing::wall;
    run.processes = std::max(run.processes, std::clamp(child.child, 0, 1023) + 1);
    builder_.note("a -multi run: the children time with the wall clock and the table is their sum");
    return true;
}

// speedlab's own table says what openssl's lines do not: the clock, how many
// processes were summed, that the run is partial. A -mr text of a partial run
// starts with the partial line: it starts the run.
bool Parser::read(const Token&, const PartialRun&) {
    if (!run_.active) begin_at(Boundary::fresh_start);
    builder_.run().complete = false;
    return true;
}

bool Parser::read(const Token&, const RunTiming& timing) {
    if (!run_.active) return false;
    builder_.run().timing = timing.clock;
    builder_.run().processes = std::clamp(timing.processes, 1, 1024);
    return true;
}

bool Parser::read(const Token&, const NumbersNote&) {
    if (!run_.active) begin();
    run_.mode = Mode::symmetric;
    return true;
}

bool Parser::read(const Token&, const ThroughputHeader& header) {
    const std::vector<int64_t>& sizes = header.sizes;
    if (sizes.empty()) return false;
    // A header after other text, in a run that has its tables, starts the next run.
    end_run_at(Boundary::table_header);
    // Without a version or progress line, the header is openssl's when the row
    // under it has openssl's "k" cells (a ratio table has none).
    size_t under = next_text_line();
    bool next = under < lines_.size();
    // A line labelling the first row may come between ("openssl speed md5:").
    if (next && !run_.active && trim(lines_[under].text()).ends_with(':')) {
        size_t row = under + 1;
        while (row < lines_.size() && trim(lines_[row].text()).empty()) ++row;
        if (row < lines_.size() && row_in_kilobytes(lines_[row].text())) under = row;
    }
    if (!run_.active && next && row_in_kilobytes(lines_[under].text())) begin();
    if (!run_.active && next && row_of_ratios(lines_[under].text()) && !out_.ratio_table_line)
        out_.ratio_table_line = lines_[i_].line;
    if (!run_.active || (run_.mode != Mode::symmetric && !run_.header_seen && !run_.has_progress &&
                         !builder_.run().measurements.empty()))
        return false;
    run_.sizes = sizes;
    run_.mode = Mode::symmetric;
    run_.has_tables = true;
    return true;
}

// The line under the current one, past blank lines (a double-spaced page).
size_t Parser::next_text_line() const {
    size_t k = i_ + 1;
    while (k < lines_.size() && trim(lines_[k].text()).empty()) ++k;
    return k;
}

bool Parser::read(const Token& tok, const PublicKeyHeader& header) {
    // Without a run around it, a table is openssl's only when its next row
    // has openssl's seconds-per-operation cells (not somebody's ratio table).
    if (!run_.active) {
        size_t under = next_text_line();
        if (under >= lines_.size() || !row_with_seconds(token(under))) return false;
        begin();
    }
    run_.mode = header.table == TableKind::kem         ? Mode::kem
                : header.table == TableKind::signature ? Mode::signature
                                                       : Mode::public_key;
    key_columns_ = words(tok.text).size();
    run_.has_tables = true;
    return true;
}

// The token of line K, classified when first asked for.
Token& Parser::token(size_t k) {
    while (ahead_first_ + ahead_.size() <= k) {
        const CleanLine& line = lines_[ahead_first_ + ahead_.size()];
        ahead_.push_back(classify(line.text(), line.hints()));  // unwrap read its bytes
    }
    return ahead_[k - ahead_first_];
}

// The token of the line being read; those of lines passed are dropped.
Token& Parser::token_here() {
    while (!ahead_.empty() && ahead_first_ < i_) {
        ahead_.pop_front();
        ++ahead_first_;
    }
    if (ahead_.empty()) ahead_first_ = i_;
    return token(i_);
}

// Which rows belong to the run being read depends on the table it is in. A
// row with openssl's seconds cells is openssl's, header or not.
bool Parser::read(const Token& tok, const PublicKeyRow& row) {
    if (!run_.active && row_with_seconds(tok)) begin();
    if (!run_.active || (run_.mode != Mode::public_key && run_.mode != Mode::symmetric &&
                         !run_.header_seen && !row_with_seconds(tok)))
        return false;
    repeated_row(std::string(row.label) + "\t" + row.id);
    run_.truncated = builder_.add_public_key_row(row, std::string(row.label)) || run_.truncated;
    run_.has_tables = true;
    if (run_.mode == Mode::none) run_.mode = Mode::public_key;
    return true;
}

// -multi's "Forked child" lines start a run that has no header yet.
bool Parser::read(const Token&, const ThroughputRow& row) {
    if (!run_.active || (run_.mode == Mode::none && !run_.header_seen && !run_.has_tables))
        headerless_row(row);
    if (!run_.active || run_.mode == Mode::kem || run_.mode == Mode::signature) return false;
    if (run_.mode == Mode::symmetric ||
        (run_.header_seen && !run_.has_tables && run_.mode == Mode::none))
        return symmetric_row(row);
    return false;
}

// A row of the throughput table (unwrap joined a wrapped row and split rows
// run onto one line): each cell in its block size's place.
bool Parser::symmetric_row(const ThroughputRow& row) {
    std::vector<std::string_view> cells = row.cells;
    if (run_.sizes.empty()) {
        if (cells.size() < 5) return false;  // a headerless (-multi) table has whole rows
        run_.sizes = command_sizes();
        if (run_.sizes.empty())
            run_.sizes = default_block_sizes(cells.size(), builder_.run().version);
    }
    // "1 234 567.80k": figures grouped by spaces cannot be told from their
    // neighbours (openssl prints none without decimals): the row is said, not used.
    auto bare_group = [](std::string_view w) {
        return w.size() <= 3 && std::all_of(w.begin(), w.end(), ascii_digit);
    };
    if (cells.size() > run_.sizes.size() && std::any_of(cells.begin(), cells.end(), bare_group)) {
        builder_.skip(row.name +
                      ": figures grouped by spaces cannot be told apart; the row is not used");
        return true;
    }
    // Words after the figures that are none ("(approx)", "x"): said and
    // dropped, so they shift no figure. Extra cells left over are a name's
    // words read as cells ("3des"), at the front.
    while (cells.size() > run_.sizes.size() &&
           (!throughput_cell(cells.back()) || bare_zero_after_k(cells))) {
        builder_.skip(row.name + ": '" + std::string(cells.back()) +
                      "' after the row's figures is none; not used");
        cells.pop_back();
    }
    if (cells.size() > run_.sizes.size())
        cells.erase(cells.begin(), cells.end() - static_cast<long>(run_.sizes.size()));
    if (cells.size() < run_.sizes.size()) run_.truncated = true;
    std::string id = lower_ascii(row.name);
    // A row right under a row of its name: the next of runs interleaved row by row.
    bool again = !run_.row_ids.empty() && run_.row_ids.back() == id;
    run_.repeat = again ? run_.repeat + 1 : 0;
    if (!again) repeated_row(id);
    symmetric_cells(row.name, cells, run_.repeat);
    run_.has_tables = true;
    run_.mode = Mode::symmetric;
    return true;
}

// Each cell in its block size's place; one that is not a figure ("1e308k",
// "x", a cell cut mid-number) is skipped in place and noted.
void Parser::symmetric_cells(const std::string& printed, const std::vector<std::string_view>& cells,
                             size_t repeat) {
    std::string name = printed;
    std::string variant = row_variant(name);
    name = evp_named(name);
    if (name == "evp")
        return builder_.skip("an 'evp' row whose cipher no command names; not stored");
    if (printed == "evp" && !command_value("-evp")) harness_named(name);
    std::string id = canonical_symmetric_id(name);
    bool zero_row = true;
    for (size_t k = 0; k < cells.size(); ++k) {
        auto cell = throughput_cell(cells[k]);
        // Only a skipped cell needs its place said: most cells are figures.
        auto at = [&] { return name + " at " + std::to_string(run_.sizes[k]) + " bytes: "; };
        if (!cell) {
            builder_.skip(at() + "'" + std::string(cells[k]) + "' is not a figure; skipped");
            continue;
        }
        if (!cell->finite) {
            builder_.skip(at() + "printed as " + std::string(cells[k]) + ", not stored");
            continue;
        }
        if (cell->value == 0) continue;
        zero_row = false;
        Measurement m =
            table_figure(id, Operation::throughput, run_.sizes[k], cell->value, cell->step, name);
        if (repeat > 0)
            builder_.add_repeat(repeat, std::move(m));
        else if (!variant.empty())
            builder_.add_variant(variant, std::move(m));
        else
            builder_.add_table(std::move(m));
    }
    if (zero_row)
        builder_.skip(name + ": printed as 0.00 (not run, or not in that build); not stored");
}

bool Parser::read(const Token&, const KemRow& row) {
    if (!run_.active || (run_.mode != Mode::kem && run_.mode != Mode::signature)) return false;
    TableKind table = run_.mode == Mode::kem ? TableKind::kem : TableKind::signature;
    std::string name = table_algorithm(table, row.name);
    std::array<Operation, 3> ops =
        table == TableKind::kem
            ? std::array{Operation::keygen, Operation::encaps, Operation::decaps}
            : std::array{Operation::keygen, Operation::sign, Operation::verify};
    for (size_t k = 0; k < 3; ++k) {
        auto r = rate(row.rates[k]);
        if (!r || !std::isfinite(r->value) || r->value <= 0) continue;
        builder_.add_table(table_figure(name, ops[k], 0, r->value, r->step, row.name));
    }
    run_.has_tables = true;
    return true;
}

bool Parser::read(const Token& tok, const Progress& p) {
    begin_at(Boundary::progress);
    run_.has_progress = true;
    switch (p.kind) {
        case Progress::Kind::started:
            break;
        case Progress::Kind::empty:
            builder_.skip(std::string(tok.text) + ": no operations or no time, not stored");
            break;
        case Progress::Kind::figure:
            builder_.add_progress(p);
            break;
        case Progress::Kind::curve:
            builder_.pend_curve(p);
            break;
    }
    return true;
}

// -mr records: +DT/+R progress, +H/+F summary; "Got: ... from N" in -multi.
// `child`: a -multi child's record echoed by the parent ("Got: ... from N"):
// its figures are per-process samples; the parent's table carries their sum.
bool Parser::machine_readable(std::string_view t, bool child) {
    bool cut = false;
    if (child) {
        if (!run_.active) begin();
        builder_.set_multi();
        builder_.run().timing = Timing::wall;
        if (auto from = t.rfind(" from "); from != std::string_view::npos)
            t = t.substr(0, from);
        else
            cut = true;
    }
    auto f = fields(t, ':');
    // "Got: ...:961839104.00:102" with no "from N": a record cut or wrapped,
    // its last field perhaps inside a number.
    if (cut && f.size() > 4 && mr_record(f[0]) == MrRecord::throughput) {
        builder_.skip(std::string(t.substr(0, 40)) +
                      "...: the record is cut (no 'from N'); its last field is not used");
        f.pop_back();
    }
    std::string_view tag = f[0];
    auto record = mr_record(tag);
    bool summary = record && is_summary(*record);
    if (!run_.active) begin();
    if (!summary && !child) begin_at(Boundary::mr_progress);
    if (summary && run_.sizes.empty()) run_.sizes = command_sizes();
    builder_.from_child(child);
    mr_.from_child(child);
    if (!summary)
        run_.has_progress = mr_.progress(builder_, tag, f) || run_.has_progress;
    else if (mr_.summary(builder_, tag, f, run_.sizes))
        run_.has_tables = run_.has_tables || !child;  // a child's record is a sample, not the table
    builder_.from_child(false);
    mr_.from_child(false);
    return true;
}

}  // namespace

namespace {
void check_input(std::string_view text, const std::string& file_name) {
    if (text.size() > kMaxInputBytes)
        throw InputError(file_name + ":1: input larger than " +
                         std::to_string(kMaxInputBytes >> 20) +
                         " MiB; expected openssl speed text");
    if (auto nul = text.find('\0'); nul != std::string_view::npos) {
        size_t line = 1 + static_cast<size_t>(std::count(
                              text.begin(), text.begin() + static_cast<long>(nul), '\n'));
        throw InputError(file_name + ":" + std::to_string(line) +
                         ": binary data (a NUL byte); expected text");
    }
}
}  // namespace

std::string_view to_string(Severity severity) {
    return severity == Severity::warning ? "warning" : "note";
}

ParsedText parse_speed_text(std::string_view text, const std::string& file_name,
                            const ParseOptions& options) {
    return parse_speed_text(std::make_shared<std::string>(text), file_name, options);
}

ParsedText parse_speed_text(std::shared_ptr<std::string> text, const std::string& file_name,
                            const ParseOptions& options) {
    if (auto plain = as_plain_text(*text))  // UTF-16, byte order marks, lone CRs
        *text = std::move(*plain);
    check_input(*text, file_name);
    size_t size = text->size();
    if (size > 0 && text->back() != '\n') {  // so that every run's raw text ends a line
        text->reserve(size + 1);
        text->push_back('\n');
    }
    std::string_view view(text->data(), size);
    auto keep = text;  // the text outlives the parser: date_runs reads it after
    auto parsed = Parser(std::move(text), view, file_name).parse(options.merge_invocations);
    date_runs(view, parsed.runs);
    return parsed;
}

std::vector<std::string> diagnostic_messages(const std::vector<Diagnostic>& diagnostics,
                                             std::string_view text) {
    auto plain = as_plain_text(text);  // the lines parse_speed_text counted
    if (plain) text = *plain;
    std::vector<std::string> out;
    out.reserve(diagnostics.size());
    LineStarts starts(text);
    for (const auto& d : diagnostics) {
        if (!d.quotes_line) {
            out.push_back(*d.message);
            continue;
        }
        size_t pos = std::min(starts(d.line), text.size());  // past the end: quotes nothing
        std::string_view quoted = text.substr(pos, text.find('\n', pos) - pos);
        out.push_back(*d.message + ": " + std::string(trim(quoted)));
    }
    return out;
}

std::vector<Machine> parse_system_machines(std::string_view text, const std::string& file_name,
                                           std::vector<UnusedLine>& unrecognised) {
    auto plain = as_plain_text(text);
    if (plain) text = *plain;
    check_input(text, file_name);
    auto machines = Parser(text, file_name).system_only(unrecognised);
    std::erase_if(machines, [](const Machine& m) { return m.empty() && m.kernel_release.empty(); });
    return machines;
}

}  // namespace speedlab::parse
