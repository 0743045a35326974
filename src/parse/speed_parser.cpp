// Stage 3 of import, assemble: a small grammar over classified lines that
// decides where runs start and end, which rows belong to the run being read,
// and joins rows wrapped onto the next line where the column count is known.
// Stage 1 is clean_lines (unwrap), 2 classify, 4 RunBuilder (resolve).
#include "parse/speed_parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>

#include "core/algorithm.h"
#include "core/curve.h"
#include "core/labelled_machines.h"
#include "core/text.h"
#include "parse/cells.h"
#include "parse/classify.h"
#include "parse/hand_table.h"
#include "parse/line_starts.h"
#include "parse/run_builder.h"
#include "parse/system_text.h"

namespace speedlab::parse {

namespace {

// Default block sizes for a table printed without a header (-multi).
std::vector<int64_t> default_sizes(size_t columns, std::string_view version) {
    if (columns == 6) return {16, 64, 256, 1024, 8192, 16384};
    bool eight = starts_with(version, "SSLeay") || starts_with(version, "OpenSSL 0.9.1") ||
                 starts_with(version, "OpenSSL 0.9.2") || starts_with(version, "OpenSSL 0.9.3") ||
                 starts_with(version, "OpenSSL 0.9.4") || starts_with(version, "OpenSSL 0.9.5") ||
                 starts_with(version, "OpenSSL 0.9.6");
    return {eight ? 8 : 16, 64, 256, 1024, 8192};
}

// The curve of a -mr record's index and bits ("nistp256"); an unknown size
// keeps the old prime-curve spelling so the id still says its bits.
std::string curve_for(int64_t idx, int64_t bits) {
    if (const Curve* c = curve_by_mr_index(static_cast<int>(idx), static_cast<int>(bits)))
        return std::string(c->printed);
    return "nistp" + std::to_string(bits);
}

// "OpenSSL 3.2.1 ...", "OpenSSL 4.0.0": a version whose -mr +R records have
// 3.2's numbers.
bool numbers_of_32(std::string_view version) {
    if (!starts_with(version, "OpenSSL ")) return false;
    int major = 0, minor = 0;
    auto [p, ec] = std::from_chars(version.data() + 8, version.data() + version.size(), major);
    if (ec != std::errc{}) return false;
    if (p < version.data() + version.size() && *p == '.')
        std::from_chars(p + 1, version.data() + version.size(), minor);
    return major > 3 || (major == 3 && minor >= 2);
}

// "SW aes-128-cbc", "AF aes-128-cbc": rows a person marked with a short
// upper-case word are separate runs (software vs engine, say). Strips the mark.
std::string row_variant(std::string& name) {
    auto space = name.find(' ');
    if (space == std::string::npos || space > 4) return {};
    std::string mark = name.substr(0, space), rest = name.substr(space + 1);
    bool upper = std::all_of(mark.begin(), mark.end(), [](char c) {
        return std::isupper(static_cast<unsigned char>(c)) ||
               std::isdigit(static_cast<unsigned char>(c));
    });
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
    void begin_fresh();
    void begin_fresh_for_progress();
    void finish();
    void finish_one(Run run);
    void closest_miss(const Token& tok);
    bool dispatch(Token& tok);
    std::string heading_above(size_t first) const;
    RawText raw_lines(size_t from, size_t to);
    void merge_invocations();
    static bool same_setup(const Run& a, const Run& b);
    void remember_command(std::string_view t);
    bool system_text();

    // ---- one function per kind of line ----
    bool speed_line(Token& tok);
    void rejoin(Token& tok);
    size_t next_text_line() const;
    static bool only_openssl(const Token& tok);
    bool header(const Token& tok);
    bool forked_child(const Token& tok);
    bool symmetric_header(const std::vector<int64_t>& sizes);
    bool public_key_header(const Token& tok);
    bool row(const Token& tok);
    bool repeated_row(const std::string& id);
    void headerless_row(const Token& tok);
    void next_run_under_header();
    bool label_between_rows(const Token& tok) const;
    bool symmetric_row(const Token& tok);
    void symmetric_cells(const std::string& name, const std::vector<std::string_view>& cells);
    bool kem_row(const Token& tok);
    bool progress(const Token& tok);
    bool machine_readable(std::string_view t, bool child);
    bool mr_progress(std::string_view tag, const std::vector<std::string_view>& f);
    void mr_throughput(const std::vector<std::string_view>& f);
    Progress public_key_record(std::string_view tag, const std::vector<std::string_view>& f);
    Progress table_record(int n, const std::vector<std::string_view>& f);
    void mr_public_key(std::string_view tag, const std::vector<std::string_view>& f);
    void mr_put(const std::string& id, Operation op, std::optional<Number> n, bool seconds_per_op);

    std::string_view text_;
    std::shared_ptr<const std::string> whole_;  // what runs' raw texts are spans of, if kept
    const std::string& file_;
    CleanText clean_;
    const std::vector<CleanLine>& lines_ = clean_.lines;
    std::vector<bool> used_;  // lines the openssl output parser took
    size_t i_ = 0;
    ParsedText out_;
    MachineReader machines_;

    // The run being read.
    bool active_ = false, has_tables_ = false, has_progress_ = false, truncated_ = false;
    RunBuilder builder_;
    size_t first_ = 0, last_used_ = 0;
    std::vector<size_t> candidates_unused_;
    Mode mode_ = Mode::none;
    size_t key_columns_ = 0;  // columns of the last public-key header (4, or 8 in 3.2+)
    std::vector<int64_t> sizes_;
    bool header_seen_ = false;          // version/options/compiler lines of this run
    std::vector<std::string> row_ids_;  // the table rows of this run, by algorithm
    // -mr progress state
    int64_t pending_len_ = 0;
    std::string pending_pk_;
    Operation pending_op_ = Operation::sign;
    bool child_record_ = false;  // the -mr record being read is a -multi child's
    bool records_32_ = false;    // +R numbers of 3.2+ (RSA encrypt/decrypt are R3/R4)

    std::string prompt_host_;
    size_t prompt_line_ = 0;
    std::vector<std::string> command_words_;  // after "openssl speed" on the last command line
    LineStarts line_starts_{text_};
    LabelledMachines labelled_;    // as a heading or prompt named them
    size_t closest_fallback_ = 0;  // index + 1 of the first line naming OpenSSL
};

ParsedText Parser::parse(bool merge) {
    used_.assign(lines_.size(), false);
    for (i_ = 0; i_ < lines_.size(); ++i_) {
        std::string_view line = lines_[i_].text();
        size_t start = i_;
        Token tok = classify(line);
        rejoin(tok);
        bool used = !only_openssl(tok) && system_text();
        used = speed_line(tok) || used;
        if (used)
            std::fill(used_.begin() + static_cast<long>(start),
                      used_.begin() + static_cast<long>(i_) + 1, true);
        bool blank = trim(line).empty();
        if (active_) {
            if (used)
                last_used_ = i_;
            else if (!blank)
                candidates_unused_.push_back(i_);
        }
        if (!used && mode_ != Mode::none && !blank) {
            if (!label_between_rows(tok))
                mode_ = Mode::none;
            else if (!row_ids_.empty())
                next_run_under_header();
        }
    }
    finish();
    if (Shared<Machine> first(machines_.first()); !first->empty())
        for (auto& run : out_.runs)
            if (run.machine->empty()) run.machine = first;
    if (merge) merge_invocations();
    auto hand = read_hand_tables(lines_, used_, text_, file_, out_.runs);
    attach_bogomips_facts(out_.runs, hand.bogomips_facts, file_);
    if (!out_.ratio_table_line) out_.ratio_table_line = hand.ratio_table_line;
    if (!out_.closest_line && closest_fallback_) {
        out_.closest_line = lines_[closest_fallback_ - 1].line;
        out_.closest_what = "it names OpenSSL, but no openssl speed output follows";
    }
    // In order already unless runs' lines overlap: a sort's buffer (half of them) only then.
    in_line_order(out_.diagnostics.begin(), out_.diagnostics.end());
    return std::move(out_);
}

// A row of openssl's "k" figures outside any run, without a header: a run
// when its sizes are known, from the command ("-bytes 16": one figure) or
// from the version's default sizes (five or six figures).
void Parser::headerless_row(const Token& tok) {
    size_t k_cells =
        static_cast<size_t>(std::count_if(tok.cells.begin(), tok.cells.end(), [](auto w) {
            return w.back() == 'k' && throughput_cell(w).has_value();
        }));
    // Only openssl's own row names: "aes128ecb Yes" is a person's table.
    if (k_cells != tok.cells.size() || !looks_like_algorithm(canonical_symmetric_id(tok.name)))
        return;
    std::optional<int64_t> bytes;
    for (size_t k = 0; k + 1 < command_words_.size(); ++k)
        if (command_words_[k] == "-bytes") bytes = integer(command_words_[k + 1]);
    if (k_cells == 1 && bytes && *bytes > 0) {
        begin();
        sizes_ = {*bytes};
        mode_ = Mode::symmetric;
        builder_.note("block size " + std::to_string(*bytes) + " from the command's -bytes");
    } else if (k_cells == 5 || k_cells == 6) {
        begin();
        mode_ = Mode::symmetric;  // sizes_ empty: the version's defaults by count
        builder_.note("a row without its header: the version's default block sizes");
    }
}

// A short line between rows of one table ("decrypt", "After:", "openssl speed
// -evp rc4:"), a row of the same table under it: it labels the next run,
// which shares the header.
bool Parser::label_between_rows(const Token& tok) const {
    if (mode_ != Mode::symmetric && mode_ != Mode::public_key) return false;
    if (tok.kind != LineKind::other && tok.kind != LineKind::prompt) return false;
    if (tok.text.size() > 80 || !std::isalpha(static_cast<unsigned char>(tok.text[0])) ||
        words(tok.text).size() > 8)
        return false;
    size_t k = next_text_line();
    while (k < lines_.size() && k < i_ + 4 && classify(lines_[k].text()).kind == LineKind::other &&
           lines_[k].text().size() <= 80)
        k = k + 1;
    if (k >= lines_.size()) return false;
    LineKind next = classify(lines_[k].text()).kind;
    return mode_ == Mode::symmetric ? next == LineKind::throughput_row
                                    : next == LineKind::public_key_row;
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
    if (active_ && !has_tables_ && builder_.run().measurements.empty())
        builder_.run().machine = machines_.shared_current();
    return true;
}

// ---- runs ----

void Parser::begin() {
    if (active_) return;
    active_ = true;
    has_tables_ = has_progress_ = truncated_ = header_seen_ = records_32_ = false;
    Run run;
    run.source = "imported";
    run.program = "openssl speed";
    run.timing = Timing::user_cpu;  // openssl speed's default clock
    run.platform = "";              // unknown: the text does not say
    run.machine = machines_.shared_current();
    machines_.take();
    builder_ = RunBuilder(std::move(run));
    builder_.at_line(lines_[i_].line);
    first_ = last_used_ = i_;
    candidates_unused_.clear();
    sizes_.clear();
    row_ids_.clear();
    mode_ = Mode::none;
}

// A row of an algorithm this run has a row of already: the next run, printed
// under the same header (repeated runs, or runs interleaved row by row).
bool Parser::repeated_row(const std::string& id) {
    if (std::find(row_ids_.begin(), row_ids_.end(), id) == row_ids_.end()) {
        row_ids_.push_back(id);
        return false;
    }
    next_run_under_header();
    row_ids_.push_back(id);
    return true;
}

// The run ends; the next one shares its header lines and its table's columns.
void Parser::next_run_under_header() {
    const Run& old = builder_.run();
    Run shared;
    shared.version = old.version;
    shared.built_on = old.built_on;
    shared.options = old.options;
    shared.compiler = old.compiler;
    shared.timing = old.timing;
    auto sizes = sizes_;
    Mode mode = mode_;
    bool header = header_seen_;
    finish();
    begin();
    Run& run = builder_.run();
    run.version = std::move(shared.version);
    run.built_on = std::move(shared.built_on);
    run.options = std::move(shared.options);
    run.compiler = std::move(shared.compiler);
    run.timing = shared.timing;
    sizes_ = std::move(sizes);
    mode_ = mode;
    header_seen_ = header;
    has_tables_ = true;
}

// A progress line or header after tables starts the next run.
void Parser::begin_fresh() {
    if (active_ && has_tables_) finish();
    begin();
}

void Parser::begin_fresh_for_progress() {
    if (active_ && (has_tables_ || (header_seen_ && !has_progress_))) finish();
    begin();
}

void Parser::finish() {
    if (!active_) return;
    active_ = false;
    builder_.resolve_curves(command_words_);
    size_t mark = out_.diagnostics.size();
    for (Run& run : builder_.finish()) finish_one(std::move(run));
    for (auto& d : builder_.take_diagnostics()) out_.diagnostics.push_back(std::move(d));
    // The run's lines not used, then its figures' notes: in line order here, so
    // that the whole text's are in order without sorting them all at the end.
    in_line_order(out_.diagnostics.begin() + static_cast<long>(mark), out_.diagnostics.end());
}

void Parser::finish_one(Run run) {
    if (run.measurements.empty()) return;
    if (run.machine->label.empty() && run.machine->hostname.empty()) {
        std::string label = !prompt_host_.empty() && prompt_line_ + 3 >= first_
                                ? prompt_host_
                                : heading_above(first_);
        if (!label.empty()) run.machine = labelled_.get(run.machine, std::move(label));
    }
    if (truncated_ || (has_progress_ && !has_tables_)) {
        run.complete = false;
        run.notes.push_back(has_tables_
                                ? "a table row was cut off"
                                : "progress lines without a summary table: the run was cut off");
    }
    size_t begin_line = lines_[first_].line;
    size_t end_line = lines_[last_used_].line;
    static const Shared<std::string> not_used = std::string("not used");
    for (size_t k : candidates_unused_)
        if (k > first_ && k < last_used_) {
            ++out_.unused_lines;
            out_.diagnostics.push_back({lines_[k].line, Severity::warning, true, not_used});
        }
    candidates_unused_.clear();
    // Keep the original text of the run's lines, so it can be parsed again later.
    run.raw_text = raw_lines(begin_line, end_line);
    run.measurements.shrink_to_fit();  // a run outlives the parse: no spare capacity
    run.notes.push_back("read from lines " + std::to_string(begin_line) + "-" +
                        std::to_string(end_line) + " of " + file_);
    out_.runs.push_back(std::move(run));
}

// A short line just above a run ("M1 Firestorm master") names its machine.
std::string Parser::heading_above(size_t first) const {
    for (size_t k = first, seen = 0; k-- > 0 && seen < 4;) {
        std::string_view l = trim(lines_[k].text());
        if (l.empty() || starts_with(l, "```") || starts_with(l, "$") || starts_with(l, "#"))
            continue;
        ++seen;
        // A heading, not a sentence: short, no full stop, no quotes.
        if (used_[k] || l.size() > 60 || words(l).size() > 8 || l.back() == '.' ||
            l.find('"') != std::string_view::npos)
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
            for (auto& m : run.measurements) into.measurements.push_back(std::move(m));
            into.raw_text.append(run.raw_text);
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
}

// ---- one function per kind of line ----

// Lines of these kinds are openssl's own and never system text: the system
// text readers (a score of searches a line) are spared them.
bool Parser::only_openssl(const Token& tok) {
    switch (tok.kind) {
        case LineKind::throughput_row:  // all figures: not "... 149.50 BogoMIPS"
            return static_cast<size_t>(tok.number) == tok.cells.size();
        case LineKind::progress:
        case LineKind::mr_record:
        case LineKind::version:
        case LineKind::built_on:
        case LineKind::options:
        case LineKind::compiler:
        case LineKind::throughput_header:
        case LineKind::public_key_header:
        case LineKind::public_key_row:
        case LineKind::kem_row:
        case LineKind::blank:
            return true;
        default:
            return false;
    }
}

bool Parser::speed_line(Token& tok) {
    builder_.at_line(lines_[i_].line);
    bool used = dispatch(tok);
    if (!used && !active_ && !out_.closest_line) closest_miss(tok);
    return used;
}

// The first line with openssl's shape that no run took, for the error of a
// text without runs; a line naming OpenSSL is kept until a better one comes.
void Parser::closest_miss(const Token& tok) {
    if (tok.kind == LineKind::blank) return;
    if (tok.kind == LineKind::other) {
        if (closest_fallback_ == 0 && mentions(tok.text, "openssl")) closest_fallback_ = i_ + 1;
        return;
    }
    out_.closest_line = lines_[i_].line;
    out_.closest_what = std::string(to_string(tok.kind)) + " '" +
                        std::string(tok.text.substr(0, 60)) + "' outside any run";
}

bool Parser::dispatch(Token& tok) {
    if (tok.names_command) remember_command(tok.text);
    switch (tok.kind) {
        case LineKind::prompt:
            prompt_host_ = std::move(tok.value);
            prompt_line_ = i_;
            if (active_ && has_tables_) finish();
            return false;
        case LineKind::progress:
            return progress(tok);
        case LineKind::mr_record:
            return machine_readable(tok.record, tok.from_child);
        case LineKind::version:
        case LineKind::elapsed_notice:
        case LineKind::built_on:
        case LineKind::options:
        case LineKind::compiler:
        case LineKind::timing_note:
        case LineKind::cpuinfo:
            return header(tok);
        case LineKind::forked_child:
            return forked_child(tok);
        case LineKind::numbers_note:
            if (!active_) begin();
            mode_ = Mode::symmetric;
            return true;
        case LineKind::throughput_header:
            return symmetric_header(tok.sizes);
        case LineKind::public_key_header:
            return public_key_header(tok);
        case LineKind::public_key_row:
            // A row with openssl's seconds cells is openssl's, header or not.
            if (!active_ && row_with_seconds(tok.text)) begin();
            return active_ && row(tok);
        case LineKind::throughput_row:
            if (!active_) headerless_row(tok);
            return active_ && row(tok);
        case LineKind::kem_row:
            return active_ && row(tok);
        case LineKind::blank:
        case LineKind::other:
            return false;
    }
    return false;
}

bool Parser::header(const Token& tok) {
    Run& run = builder_.run();
    if (tok.kind == LineKind::version) {
        if (active_ && (has_tables_ || header_seen_)) finish();
        begin();
        builder_.run().version = tok.value;
        header_seen_ = true;
        return true;
    }
    if (tok.kind == LineKind::elapsed_notice) {
        // Printed on stderr before anything else of a -elapsed run.
        begin_fresh();
        builder_.run().timing = Timing::wall;
        return true;
    }
    // Other header lines only count inside a run (after a version or progress line).
    if (!active_) return false;
    switch (tok.kind) {
        case LineKind::built_on:
            run.built_on = tok.value;
            break;
        case LineKind::options:
            run.options = tok.value;
            // Wrapped continuation: more "name(...)" tokens on the next lines.
            while (i_ + 1 < lines_.size() && option_tokens(trim(lines_[i_ + 1].text())))
                run.options += " " + std::string(trim(lines_[++i_].text()));
            break;
        case LineKind::compiler:
            run.compiler = tok.value;
            while (i_ + 1 < lines_.size() && starts_with(trim(lines_[i_ + 1].text()), "-"))
                run.compiler += " " + std::string(trim(lines_[++i_].text()));
            break;
        case LineKind::timing_note:
            builder_.note(std::string(tok.text));
            return true;
        default:  // cpuinfo
            run.cpuinfo = std::string(tok.text);
            if (!tok.value.empty()) run.cpu_mask = tok.value;
            return true;
    }
    header_seen_ = true;
    return true;
}

bool Parser::forked_child(const Token& tok) {
    begin_fresh();
    builder_.set_multi();
    Run& run = builder_.run();
    run.timing = Timing::wall;
    run.processes = std::max(run.processes, std::clamp(tok.number, 0, 1023) + 1);
    builder_.note("a -multi run: the children time with the wall clock and the table is their sum");
    return true;
}

bool Parser::symmetric_header(const std::vector<int64_t>& sizes) {
    if (sizes.empty()) return false;
    // A header after other text, in a run that has its tables, starts the next run.
    if (active_ && has_tables_ && mode_ == Mode::none) finish();
    // Without a version or progress line, the header is openssl's when the row
    // under it has openssl's "k" cells (a ratio table has none).
    size_t under = next_text_line();
    bool next = under < lines_.size();
    if (!active_ && next && row_in_kilobytes(lines_[under].text())) begin();
    if (!active_ && next && row_of_ratios(lines_[under].text()) && !out_.ratio_table_line)
        out_.ratio_table_line = lines_[i_].line;
    if (!active_ || (mode_ != Mode::symmetric && !header_seen_ && !has_progress_ &&
                     !builder_.run().measurements.empty()))
        return false;
    sizes_ = sizes;
    mode_ = Mode::symmetric;
    has_tables_ = true;
    return true;
}

// The line under the current one, past blank lines (a double-spaced page).
size_t Parser::next_text_line() const {
    size_t k = i_ + 1;
    while (k < lines_.size() && trim(lines_[k].text()).empty()) ++k;
    return k;
}

bool Parser::public_key_header(const Token& tok) {
    // Without a run around it, a table is openssl's only when its next row
    // has openssl's seconds-per-operation cells (not somebody's ratio table).
    if (!active_) {
        size_t under = next_text_line();
        if (under >= lines_.size() || !row_with_seconds(lines_[under].text())) return false;
        begin();
    }
    mode_ = tok.table == TableKind::kem         ? Mode::kem
            : tok.table == TableKind::signature ? Mode::signature
                                                : Mode::public_key;
    key_columns_ = words(tok.text).size();
    has_tables_ = true;
    return true;
}

// A row of the table being read, wrapped by a mail client before its last
// figures: the next line holds only those. The two are read as one line.
void Parser::rejoin(Token& tok) {
    if (!active_ || i_ + 1 >= lines_.size()) return;
    bool kem = mode_ == Mode::kem || mode_ == Mode::signature;
    bool short_key_row = mode_ == Mode::public_key && tok.kind == LineKind::public_key_row &&
                         tok.public_key.seconds.size() + tok.public_key.rates.size() < key_columns_;
    if (!(kem && tok.kind != LineKind::kem_row && tok.kind != LineKind::blank) && !short_key_row)
        return;
    auto next = words(lines_[i_ + 1].text());
    if (next.empty() || next.size() > 4 ||
        !std::all_of(next.begin(), next.end(), [](auto w) { return rate(w).has_value(); }))
        return;
    clean_.rewritten.push_back(std::string(lines_[i_].text()) + " " +
                               std::string(lines_[i_ + 1].text()));
    Token joined = classify(clean_.rewritten.back());
    bool fits =
        kem ? joined.kind == LineKind::kem_row
            : joined.kind == LineKind::public_key_row &&
                  joined.public_key.seconds.size() + joined.public_key.rates.size() <= key_columns_;
    if (!fits) return;
    ++i_;  // the continuation is this row's
    tok = std::move(joined);
}

// Which rows belong to the run being read depends on the table it is in.
bool Parser::row(const Token& tok) {
    bool kem_table = mode_ == Mode::kem || mode_ == Mode::signature;
    switch (tok.kind) {
        case LineKind::public_key_row:
            if (mode_ != Mode::public_key && mode_ != Mode::symmetric && !header_seen_ &&
                !row_with_seconds(tok.text))
                return false;
            repeated_row(std::string(tok.label) + "\t" + tok.public_key.id);
            truncated_ =
                builder_.add_public_key_row(tok.public_key, std::string(tok.label)) || truncated_;
            has_tables_ = true;
            if (mode_ == Mode::none) mode_ = Mode::public_key;
            return true;
        case LineKind::kem_row:
            return kem_table && kem_row(tok);
        default:
            if (kem_table) return false;
            if (mode_ == Mode::symmetric || (header_seen_ && !has_tables_ && mode_ == Mode::none))
                return symmetric_row(tok);
            return false;
    }
}

// Two rows on one line (a page lost the line break between them): where a
// known algorithm's name follows this row's figures; 0 when none does.
size_t joined_row_at(const std::vector<std::string_view>& cells) {
    for (size_t k = 1; k < cells.size(); ++k)
        if (!cell_like(cells[k]) && std::isalpha(static_cast<unsigned char>(cells[k][0])) &&
            looks_like_algorithm(canonical_symmetric_id(cells[k])))
            return k;
    return 0;
}

bool Parser::symmetric_row(const Token& tok) {
    std::vector<std::string_view> cells = tok.cells;
    if (size_t next = joined_row_at(cells)) {
        std::string_view rest(
            cells[next].data(),
            static_cast<size_t>(tok.text.data() + tok.text.size() - cells[next].data()));
        cells.resize(next);
        Token first = tok;
        first.cells = cells;
        Token second = classify(rest);
        bool ok = symmetric_row(first);
        if (second.kind == LineKind::throughput_row) symmetric_row(second);
        return ok;
    }
    if (sizes_.empty()) {
        if (cells.size() < 5) return false;  // a headerless (-multi) table has whole rows
        sizes_ = default_sizes(cells.size(), builder_.run().version);
    }
    // A row wrapped before its last cells: the next line holds only figures
    // (the very last may be cut mid-number, and is skipped in place).
    while (cells.size() < sizes_.size() && i_ + 1 < lines_.size()) {
        auto next = words(lines_[i_ + 1].text());
        if (next.empty() || cells.size() + next.size() > sizes_.size() ||
            !std::all_of(next.begin(), next.end() - 1,
                         [](auto w) { return throughput_cell(w).has_value(); }) ||
            !(throughput_cell(next.back()) || cell_like(next.back())))
            break;
        ++i_;
        cells.insert(cells.end(), next.begin(), next.end());
    }
    // Words after the figures that are none ("(approx)", "x"): said and
    // dropped, so they shift no figure. Extra cells left over are a name's
    // words read as cells ("3des"), at the front.
    while (cells.size() > sizes_.size() && !throughput_cell(cells.back())) {
        builder_.skip(tok.name + ": '" + std::string(cells.back()) +
                      "' after the row's figures is none; not used");
        cells.pop_back();
    }
    if (cells.size() > sizes_.size())
        cells.erase(cells.begin(), cells.end() - static_cast<long>(sizes_.size()));
    if (cells.size() < sizes_.size()) truncated_ = true;
    repeated_row(lower_ascii(tok.name));
    symmetric_cells(tok.name, cells);
    has_tables_ = true;
    mode_ = Mode::symmetric;
    return true;
}

// Each cell in its block size's place; one that is not a figure ("1e308k",
// "x", a cell cut mid-number) is skipped in place and noted.
void Parser::symmetric_cells(const std::string& printed,
                             const std::vector<std::string_view>& cells) {
    std::string name = printed;
    std::string variant = row_variant(name);
    // -multi names an -evp row "evp": the cipher is the command's.
    if (name == "evp")
        for (size_t k = 0; k + 1 < command_words_.size(); ++k)
            if (command_words_[k] == "-evp") name = command_words_[k + 1];
    std::string id = canonical_symmetric_id(name);
    bool zero_row = true;
    for (size_t k = 0; k < cells.size(); ++k) {
        auto cell = throughput_cell(cells[k]);
        // Only a skipped cell needs its place said: most cells are figures.
        auto at = [&] { return name + " at " + std::to_string(sizes_[k]) + " bytes: "; };
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
        Measurement m;
        m.algorithm = id;
        m.parameter = sizes_[k];
        m.value = cell->value;
        m.printed_step = cell->step;
        m.source_name = name;
        if (!variant.empty())
            builder_.add_variant(variant, std::move(m));
        else
            builder_.add_table(std::move(m));
    }
    if (zero_row)
        builder_.skip(name + ": printed as 0.00 (not run, or not in that build); not stored");
}

bool Parser::kem_row(const Token& tok) {
    TableKind table = mode_ == Mode::kem ? TableKind::kem : TableKind::signature;
    std::string name = table_algorithm(table, tok.name);
    std::array<Operation, 3> ops =
        table == TableKind::kem
            ? std::array{Operation::keygen, Operation::encaps, Operation::decaps}
            : std::array{Operation::keygen, Operation::sign, Operation::verify};
    for (size_t k = 0; k < 3; ++k) {
        auto r = rate(tok.cells[k]);
        if (!r || !std::isfinite(r->value) || r->value <= 0) continue;
        Measurement m;
        m.algorithm = name;
        m.operation = ops[k];
        m.value = r->value;
        m.printed_step = r->step;
        m.source_name = tok.name;
        builder_.add_table(std::move(m));
    }
    has_tables_ = true;
    return true;
}

bool Parser::progress(const Token& tok) {
    begin_fresh_for_progress();
    has_progress_ = true;
    const Progress& p = tok.progress;
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
    if (child) {
        if (!active_) begin();
        builder_.set_multi();
        builder_.run().timing = Timing::wall;
        if (auto from = t.rfind(" from "); from != std::string_view::npos) t = t.substr(0, from);
    }
    auto f = fields(t, ':');
    std::string_view tag = f[0];
    bool summary = tag == "+H" || starts_with(tag, "+F");
    if (!active_) begin();
    if (!summary && has_tables_ && !child) {
        finish();
        begin();
    }
    builder_.from_child(child);
    child_record_ = child;
    if (!summary) {
        has_progress_ = mr_progress(tag, f) || has_progress_;
    } else if (tag == "+H") {
        sizes_.clear();
        for (size_t k = 1; k < f.size(); ++k)
            if (auto n = integer(f[k])) sizes_.push_back(*n);
    } else if (tag == "+F" && f.size() >= 4) {
        mr_throughput(f);
        has_tables_ = has_tables_ || !child;  // a child's record is a sample, not the table
    } else if (starts_with(tag, "+F") && f.size() >= 5) {
        mr_public_key(tag, f);
        has_tables_ = has_tables_ || !child;
    }
    builder_.from_child(false);
    child_record_ = false;
    return true;
}

// +DT/+DTP announce a figure, +R/+Rn give its count and seconds; false for
// records that are neither (+DN).
bool Parser::mr_progress(std::string_view tag, const std::vector<std::string_view>& f) {
    if (tag == "+DT" && f.size() >= 4) {
        pending_len_ = integer(f[3]).value_or(0);
    } else if (tag == "+R" && f.size() >= 4) {
        auto count = integer(f[1]);
        auto secs = number(f[3]);
        if (count && *count > 0 && secs && secs->value > 0 && pending_len_ > 0) {
            Progress p;
            p.kind = Progress::Kind::figure;
            p.id = canonical_symmetric_id(f[2]);
            p.bytes = pending_len_;
            p.count = *count;
            p.seconds = secs->value;
            p.source = std::string(f[2]);
            builder_.add_progress(p);
        }
    } else if (tag == "+DTP" && f.size() >= 5) {
        std::string alg = lower_ascii(f[3]), op = lower_ascii(f[2]);
        pending_pk_.clear();
        // 3.2+ names RSA's operations in the record ("rsa sign"): its +R numbers moved.
        if (starts_with(alg, "rsa ")) records_32_ = true;
        if (starts_with(alg, "rsa")) {
            pending_pk_ = "rsa" + std::string(f[1]);
            pending_op_ = contains(alg, "decrypt")   ? Operation::decrypt
                          : contains(alg, "encrypt") ? Operation::encrypt
                          : op == "private"          ? Operation::sign
                                                     : Operation::verify;
        } else if (alg == "dsa") {
            pending_pk_ = "dsa" + std::string(f[1]);
            pending_op_ = op == "verify" ? Operation::verify : Operation::sign;
        }
    } else if (starts_with(tag, "+R") && tag.size() > 2 && f.size() >= 4) {
        auto count = integer(f[1]);
        auto secs = number(f.back());
        Progress p = public_key_record(tag, f);
        if (p.kind != Progress::Kind::started && count && *count > 0 && secs && secs->value > 0) {
            p.count = *count;
            p.seconds = secs->value;
            if (p.kind == Progress::Kind::figure)
                builder_.add_progress(p);
            else if (!child_record_)  // a child's count is not the table's
                builder_.pend_curve(p);
        }
        pending_pk_.clear();
    } else {
        return false;
    }
    return true;
}

// What a "+Rn:count:bits[:name]:seconds" record measured. The tag says it
// (since 0.9.7: 1/2 RSA sign/verify, 3/4 DSA, 5/6 ECDSA, 7 ECDH, 8/9 EdDSA,
// 10/11 SM2, 12 FFDH), so records of -multi processes that interleave are
// told apart; the +DTP before it only adds RSA encrypt/decrypt (3.2+).
Progress Parser::public_key_record(std::string_view tag, const std::vector<std::string_view>& f) {
    Progress p;
    int n = 0;
    std::from_chars(tag.data() + 2, tag.data() + tag.size(), n);
    if (n >= 15 && n <= 20) return table_record(n, f);  // 3.2+ KEM and signature tests
    if (records_32_ || numbers_of_32(builder_.run().version)) {
        // 3.2+ numbers: R3/R4 RSA encrypt/decrypt, then DSA.. FFDH two later.
        if (n == 3 || n == 4) {
            auto bits = integer(f[2]);
            if (!bits || *bits <= 0) return p;
            p.kind = Progress::Kind::figure;
            p.bits = *bits;
            p.id = "rsa" + std::to_string(*bits);
            p.op = n == 3 ? Operation::encrypt : Operation::decrypt;
            return p;
        }
        if (n >= 5) n -= 2;
    }
    auto bits = integer(f[2]);
    if (!bits || *bits <= 0) return p;
    std::string b = std::to_string(*bits);
    std::string name = f.size() >= 5 ? lower_ascii(f[3]) : std::string();
    p.kind = Progress::Kind::figure;
    p.bits = *bits;
    switch (n) {
        case 1:
        case 2:
            p.id = "rsa" + b;
            p.op = n == 1 ? Operation::sign : Operation::verify;
            if (pending_pk_ == p.id &&
                (pending_op_ == Operation::encrypt || pending_op_ == Operation::decrypt))
                p.op = pending_op_;
            break;
        case 3:
        case 4:
            p.id = "dsa" + b;
            p.op = n == 3 ? Operation::sign : Operation::verify;
            break;
        case 8:
        case 9:
        case 10:
        case 11:
            if (name.empty()) return Progress{};
            p.id = n >= 10 ? "sm2" : name;
            p.op = n % 2 == 0 ? Operation::sign : Operation::verify;
            break;
        case 12:
            p.id = "ffdh" + b;
            p.op = Operation::derive;
            break;
        case 5:
        case 6:
        case 7:
            p.kind = Progress::Kind::curve;
            p.family = n == 7 ? "ecdh" : "ecdsa";
            p.op = n == 5 ? Operation::sign : n == 6 ? Operation::verify : Operation::derive;
            break;
        default:
            return Progress{};
    }
    pending_pk_.clear();
    return p;
}

// "+R15:{count}:{algname}:{secs}" .. "+R20": a 3.2+ KEM (keygen, encaps,
// decaps) or signature (keygen, sign, verify) test, named as its table names it.
Progress Parser::table_record(int n, const std::vector<std::string_view>& f) {
    Progress p;
    if (f.size() != 4 || f[2].empty()) return p;
    bool kem = n <= 17;
    int k = (n - 15) % 3;
    p.kind = Progress::Kind::figure;
    p.id = table_algorithm(kem ? TableKind::kem : TableKind::signature, f[2]);
    p.op = k == 0 ? Operation::keygen
           : kem  ? (k == 1 ? Operation::encaps : Operation::decaps)
                  : (k == 1 ? Operation::sign : Operation::verify);
    p.source = std::string(f[2]);
    return p;
}

void Parser::mr_throughput(const std::vector<std::string_view>& f) {
    if (sizes_.empty()) sizes_ = default_sizes(f.size() - 3, builder_.run().version);
    std::string name(f[2]);
    for (size_t k = 3; k < f.size() && k - 3 < sizes_.size(); ++k) {
        auto n = number(f[k]);
        if (!n || !(n->value > 0) || !std::isfinite(n->value)) continue;  // "nan", "inf"
        Measurement m;
        m.algorithm = canonical_symmetric_id(name);
        m.parameter = sizes_[k - 3];
        m.value = n->value;
        m.printed_step = n->step;
        m.source_name = name;
        builder_.add_table(std::move(m));
    }
}

void Parser::mr_put(const std::string& id, Operation op, std::optional<Number> n,
                    bool seconds_per_op) {
    if (!n || n->value <= 0 || !std::isfinite(n->value)) return;
    Measurement m;
    m.algorithm = id;
    m.operation = op;
    m.value = seconds_per_op ? 1 / n->value : n->value;
    m.printed_step = seconds_per_op ? 0 : n->step;
    std::string family = starts_with(id, "ecdsa-")  ? "ecdsa"
                         : starts_with(id, "ecdh-") ? "ecdh"
                         : id == "sm2"              ? "sm2"
                                                    : "";
    if (!family.empty() && !child_record_)
        builder_.add_curve_table(std::move(m), family, curve_bits(id));
    else
        builder_.add_table(std::move(m));
}

void Parser::mr_public_key(std::string_view tag, const std::vector<std::string_view>& f) {
    auto idx = integer(f[1]);
    auto bits = integer(f[2]);
    if (!idx || !bits) return;
    if (tag == "+F2" || tag == "+F3") {
        std::string id = (tag == "+F2" ? "rsa" : "dsa") + std::to_string(*bits);
        auto a = number(f[3]), b = number(f[4]);
        // Up to 1.1.0 these are seconds per op, later ops per second: signing
        // is the slower of the two, so the larger value tells which.
        bool seconds = a && b && a->value > b->value;
        mr_put(id, Operation::sign, a, seconds);
        mr_put(id, Operation::verify, b, seconds);
        if (f.size() >= 7) {
            mr_put(id, Operation::encrypt, number(f[5]), false);
            mr_put(id, Operation::decrypt, number(f[6]), false);
        }
    } else if (tag == "+F4" || tag == "+F5") {
        std::string curve = curve_for(*idx, *bits);
        auto a = number(f[3]), b = number(f[4]);
        if (tag == "+F4") {
            bool seconds = a && b && a->value < 1 && b->value < 1;
            std::string id = canonical_curve_id("ecdsa", curve);
            mr_put(id, Operation::sign, a, seconds);
            mr_put(id, Operation::verify, b, seconds);
        } else if (a && b) {
            // ECDH: one field is ops/s, the other s/op; their order flipped in 1.1.1.
            mr_put(canonical_curve_id("ecdh", curve), Operation::derive,
                   a->value >= b->value ? a : b, false);
        }
    } else if ((tag == "+F6" || tag == "+F7") && f.size() >= 6) {
        std::string id = tag == "+F7" ? "sm2" : lower_ascii(f[3]);
        mr_put(id, Operation::sign, number(f[4]), false);
        mr_put(id, Operation::verify, number(f[5]), false);
    } else if (tag == "+F8") {
        mr_put("ffdh" + std::to_string(*bits), Operation::derive, number(f[3]), false);
    } else {
        builder_.skip(std::string(tag) + " records carry no algorithm name; not stored");
    }
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
    return Parser(std::move(text), view, file_name).parse(options.merge_invocations);
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

Machine parse_system_text(std::string_view text, const std::string& file_name,
                          std::vector<UnusedLine>& unrecognised) {
    auto machines = parse_system_machines(text, file_name, unrecognised);
    return machines.empty() ? Machine{} : machines.back();
}

}  // namespace speedlab::parse
