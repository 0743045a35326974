#include "parse/speed_parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <set>

#include "core/algorithm.h"
#include "core/curve.h"
#include "core/text.h"
#include "parse/hand_table.h"
#include "sysinfo/decode.h"

namespace speedlab::parse {

namespace {

bool starts_with(std::string_view s, std::string_view p) {
    return s.substr(0, p.size()) == p;
}
bool contains(std::string_view s, std::string_view p) {
    return s.find(p) != std::string_view::npos;
}

// The C locale's white space, inline: libc's isspace is a call per character.
constexpr bool space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && space(s[i])) ++i;
        size_t j = i;
        while (j < s.size() && !space(s[j])) ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

std::vector<std::string_view> fields(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    size_t start = 0;
    for (size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || s[i] == sep) {
            out.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    return out;
}

// A decimal number as printed; `step` is the value of one unit in its last digit.
struct Number {
    double value = 0;
    double step = 1;
};
std::optional<Number> number(std::string_view t) {
    if (t.empty()) return std::nullopt;
    double v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc{} || p != t.data() + t.size()) return std::nullopt;
    auto dot = t.find('.');
    double step = dot == std::string_view::npos
                      ? 1
                      : std::pow(10.0, -static_cast<double>(t.size() - dot - 1));
    return Number{v, step};
}
std::optional<int64_t> integer(std::string_view t) {
    int64_t v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc{} || p != t.data() + t.size()) return std::nullopt;
    return v;
}

// A cell of the symmetric table: "469.71k" (1000s of bytes/s), "9876.54" (bytes/s), "inf".
struct Cell {
    double value = 0;
    double step = 0;
    bool finite = true;
};
std::optional<Cell> throughput_cell(std::string_view t) {
    if (t == "inf" || t == "infk" || t == "nan" || t == "-nan" || t == "nank")
        return Cell{0, 0, false};
    bool k = !t.empty() && t.back() == 'k';
    if (k) t.remove_suffix(1);
    if (t.empty() || !std::isdigit(static_cast<unsigned char>(t.front()))) return std::nullopt;
    // openssl speed prints every cell with exactly two decimals ("%11.2f"); a
    // ratio table (three decimals) is not a run.
    if (t.size() < 4 || t[t.size() - 3] != '.') return std::nullopt;
    auto n = number(t);
    if (!n) return std::nullopt;
    double scale = k ? 1000 : 1;
    return Cell{n->value * scale, n->step * scale, true};
}

// Per-second figures of public-key tables: "20.6", "inf", "nan".
std::optional<Number> rate(std::string_view t) {
    if (t == "inf" || t == "nan" || t == "-nan" || t == "-inf") return Number{NAN, 0};
    // "%8.1f" in every version: one decimal.
    if (t.size() < 3 || t[t.size() - 2] != '.') return std::nullopt;
    return number(t);
}

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
std::string curve_for(size_t idx, int bits) {
    if (const Curve* c = curve_by_mr_index(static_cast<int>(idx), bits))
        return std::string(c->printed);
    return "nistp" + std::to_string(bits);
}

std::string lower(std::string_view s) {
    return lower_ascii(s);
}

// "ecdhp256" -> ("ecdh", "ecdh-p256"), "ed25519" -> ("eddsa", "ed25519"): a
// curve algorithm named on an openssl speed command line; empty when none.
std::pair<std::string, std::string> command_curve(std::string_view word) {
    std::string w = lower(word);
    if (w == "ed25519" || w == "ed448") return {"eddsa", w};
    if (w == "sm2") return {"sm2", "sm2"};
    for (std::string_view f : {"ecdsa", "ecdh"})
        if (w.size() > f.size() && w.compare(0, f.size(), f) == 0)
            return {std::string(f), canonical_curve_id(f, w.substr(f.size()))};
    return {};
}

enum class Mode { none, symmetric, public_key, kem, signature };

class Parser {
  public:
    Parser(std::string_view text, const std::string& file)
        : text_(text), file_(file), lines_(clean_lines(text)) {}

    ParsedText parse(bool merge) {
        used_.assign(lines_.size(), false);
        for (i_ = 0; i_ < lines_.size(); ++i_) {
            std::string_view line = lines_[i_].text;
            size_t start = i_;
            bool used = system_text(line);
            used = speed_line(line) || used;
            if (used)
                std::fill(used_.begin() + static_cast<long>(start),
                          used_.begin() + static_cast<long>(i_) + 1, true);
            if (active_) {
                if (used)
                    last_used_ = i_;
                else if (!trim(line).empty())
                    candidates_unused_.push_back(i_);
            }
            if (!used && mode_ != Mode::none && !trim(line).empty()) mode_ = Mode::none;
        }
        finish();
        for (auto& run : out_.runs)
            if (run.machine.empty() && !first_machine_.empty()) run.machine = first_machine_;
        if (merge) merge_invocations();
        auto hand = read_hand_tables(lines_, used_, text_, file_);
        for (auto& run : hand.runs) out_.runs.push_back(std::move(run));
        if (!out_.ratio_table_line) out_.ratio_table_line = hand.ratio_table_line;
        return std::move(out_);
    }

    // One person's results are often several invocations (`openssl speed dsa512`
    // then `openssl speed -evp aes-128-cbc`) of the same build on the same
    // machine. Neighbours that agree on all that and share no figure become one run.
    void merge_invocations() {
        std::vector<Run> merged;
        for (auto& run : out_.runs) {
            if (!merged.empty() && same_setup(merged.back(), run)) {
                Run& into = merged.back();
                for (auto& m : run.measurements) into.measurements.push_back(std::move(m));
                into.raw_text += run.raw_text;
                for (auto& n : run.notes) into.notes.push_back(std::move(n));
                into.complete = into.complete && run.complete;
                continue;
            }
            merged.push_back(std::move(run));
        }
        out_.runs = std::move(merged);
    }
    static bool same_setup(const Run& a, const Run& b) {
        if (a.version.empty() || a.version != b.version || a.built_on != b.built_on ||
            a.options != b.options || a.compiler != b.compiler || a.timing != b.timing)
            return false;
        if (a.machine.cpu_name != b.machine.cpu_name || a.machine.cpu_mhz != b.machine.cpu_mhz)
            return false;
        for (const auto& m : b.measurements)
            if (a.find(m.algorithm, m.operation, m.parameter)) return false;
        return true;
    }

    // Only the system text: for `speedlab sysinfo --decode`.
    // Every machine the text describes, in order: a second cpuinfo (or
    // meminfo) block starts the next one.
    std::vector<Machine> system_only(std::vector<UnusedLine>& unrecognised) {
        for (i_ = 0; i_ < lines_.size(); ++i_) {
            size_t at = i_;
            machine_taken_ = true;
            if (!system_text(lines_[i_].text) && !trim(lines_[at].text).empty())
                unrecognised.push_back({lines_[at].line, lines_[at].text});
        }
        earlier_machines_.push_back(machine_);
        return std::move(earlier_machines_);
    }

  private:
    std::string_view text_;
    const std::string& file_;
    std::vector<CleanLine> lines_;
    std::vector<bool> used_;  // lines the openssl output parser took
    size_t i_ = 0;
    ParsedText out_;

    // The run being read.
    bool active_ = false, has_tables_ = false, has_progress_ = false, truncated_ = false,
         multi_ = false;
    Run run_;
    size_t first_ = 0, last_used_ = 0;
    std::vector<size_t> candidates_unused_;
    Mode mode_ = Mode::none;
    std::vector<int64_t> sizes_;
    bool header_seen_ = false;  // version/options/compiler lines of this run
    // -mr progress state
    int64_t pending_len_ = 0;
    std::string pending_pk_;
    Operation pending_op_ = Operation::sign;

    // Machine facts read so far; a run takes the machine current when it starts.
    Machine machine_, first_machine_;
    bool machine_taken_ = false;

    // ---- runs ----
    // "didier at abrasd03:~$ openssl speed ...", "root@box:~# openssl speed": the host.
    static std::string prompt_host(std::string_view t) {
        auto cmd = t.find("openssl speed");
        if (cmd == std::string_view::npos || cmd < 3) return {};
        std::string_view before = t.substr(0, cmd);
        auto sigil = before.find_last_of("$#>");
        if (sigil == std::string_view::npos) return {};
        before = before.substr(0, sigil);
        auto colon = before.find(':');
        std::string_view who = colon == std::string_view::npos ? before : before.substr(0, colon);
        auto at = who.find('@');
        size_t skip = 1;
        if (at == std::string_view::npos) at = who.find(" at "), skip = 4;
        if (at == std::string_view::npos) return {};
        std::string_view host = trim(who.substr(at + skip));
        bool ok =
            !host.empty() && host.size() <= 64 && std::all_of(host.begin(), host.end(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' ||
                       c == '_';
            });
        return ok ? std::string(host) : std::string();
    }
    std::string prompt_host_;
    size_t prompt_line_ = 0;

    // A short line just above a run ("M1 Firestorm master") names its machine.
    std::string heading_above(size_t first) const {
        for (size_t k = first, seen = 0; k-- > 0 && seen < 4;) {
            std::string_view l = trim(lines_[k].text);
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

    void begin() {
        if (active_) return;
        active_ = true;
        has_tables_ = has_progress_ = truncated_ = multi_ = header_seen_ = false;
        run_ = Run{};
        run_.source = "imported";
        run_.program = "openssl speed";
        run_.timing = Timing::user_cpu;  // openssl speed's default clock
        run_.platform = "";
        run_.machine = machine_;
        machine_taken_ = true;
        first_ = last_used_ = i_;
        candidates_unused_.clear();
        sizes_.clear();
        pending_curves_.clear();
        mode_ = Mode::none;
    }
    // A progress line or header after tables starts the next run.
    void begin_fresh() {
        if (active_ && has_tables_) finish();
        begin();
    }
    void finish() {
        if (!active_) return;
        active_ = false;
        resolve_curves_from_command();
        auto variants = std::move(variants_);
        variants_.clear();
        for (auto& [mark, measurements] : variants) {
            Run v = run_;
            v.measurements = std::move(measurements);
            v.notes.push_back("rows marked '" + mark + "' in the source");
            v.label = mark;
            emit(std::move(v));
        }
        if (run_.measurements.empty()) return;
        emit(std::move(run_));
    }
    void emit(Run run) {
        std::swap(run, run_);
        finish_one();
        std::swap(run, run_);
    }
    // Curve progress lines no table row claimed (the table was cut off): the
    // curve the openssl speed command named, when its family and bits agree,
    // or the only curve of that family and size (SM2, X25519, Ed448, ...).
    void resolve_curves_from_command() {
        for (auto& p : pending_curves_) {
            if (p.used) continue;
            std::vector<std::string> named = command_words_;
            // Where bits name one curve only, the progress line is enough.
            if (p.family == "sm2") named.push_back("sm2");
            if (p.family == "eddsa") named.insert(named.end(), {"ed25519", "ed448"});
            if (p.family == "ecdh") named.insert(named.end(), {"ecdhx25519", "ecdhx448"});
            for (const auto& word : named) {
                auto [family, id] = command_curve(word);
                if (family != p.family || curve_bits(id) != p.bits) continue;
                p.used = true;
                Measurement m;
                m.algorithm = id;
                m.operation = p.op;
                m.count = p.count;
                m.seconds = p.seconds;
                m.value = static_cast<double>(p.count) / p.seconds;
                m.source_name = word;
                run_.measurements.push_back(std::move(m));
                note(id + ": from its progress line (no table row named the curve)");
                break;
            }
        }
    }
    void finish_one() {
        if (run_.measurements.empty()) return;
        if (run_.machine.label.empty() && run_.machine.hostname.empty()) {
            if (!prompt_host_.empty() && prompt_line_ + 3 >= first_)
                run_.machine.label = prompt_host_;
            else
                run_.machine.label = heading_above(first_);
        }
        if (!from_children_.empty())
            run_.notes.push_back(std::to_string(from_children_.size()) +
                                 " figure(s) are the sum of the processes' records: the "
                                 "parent's table is missing");
        from_children_.clear();
        if (truncated_ || (has_progress_ && !has_tables_)) {
            run_.complete = false;
            run_.notes.push_back(
                has_tables_ ? "a table row was cut off"
                            : "progress lines without a summary table: the run was cut off");
        }
        size_t begin_line = lines_[first_].line;
        size_t end_line = lines_[last_used_].line;
        for (size_t k : candidates_unused_)
            if (k > first_ && k < last_used_)
                out_.unused.push_back({lines_[k].line, lines_[k].text});
        // Keep the original text of the run's lines, so it can be parsed again later.
        run_.raw_text = raw_lines(begin_line, end_line);
        run_.notes.push_back("read from lines " + std::to_string(begin_line) + "-" +
                             std::to_string(end_line) + " of " + file_);
        out_.runs.push_back(std::move(run_));
        candidates_unused_.clear();
    }
    // The input's own text of lines from..to (1-based, inclusive).
    std::string raw_lines(size_t from, size_t to) {
        if (line_starts_.empty()) {
            line_starts_.push_back(0);
            for (size_t p = text_.find('\n'); p != std::string_view::npos;
                 p = text_.find('\n', p + 1))
                line_starts_.push_back(p + 1);
        }
        if (from == 0 || from > line_starts_.size()) return {};
        size_t begin = line_starts_[from - 1];
        size_t end = to < line_starts_.size() ? line_starts_[to] : text_.size();
        std::string out(text_.substr(begin, end - begin));
        if (!out.empty() && out.back() != '\n') out += '\n';
        return out;
    }
    std::vector<size_t> line_starts_;

    // Adds a figure; a progress-line figure (count/seconds) beats a table figure,
    // except in -multi runs, where only the table holds the children's sum.
    bool child_record_ = false;
    std::set<std::string> from_children_;  // figures only child records gave
    void add(Measurement m, bool from_table) {
        if (child_record_) return add_child_sample(std::move(m));
        from_children_.erase(metric_key(m));
        for (auto& e : run_.measurements) {
            if (e.algorithm != m.algorithm || e.operation != m.operation ||
                e.parameter != m.parameter)
                continue;
            if (m.samples.empty()) m.samples = std::move(e.samples);
            if (from_table && e.count && !multi_) {
                if (e.source_name.empty()) e.source_name = m.source_name;
                e.printed = m.printed;
                // Beyond the table's rounding the two disagree: the table is kept.
                double tolerance = std::max(m.printed_step, m.value * 0.005);
                if (std::abs(e.value - m.value) > tolerance) {
                    note(metric_key(m) + ": the progress line gives " +
                         fmt::format("{:.4g}", e.value) + ", the table " +
                         fmt::format("{:.4g}", m.value) + "; the table is kept");
                    e.value = m.value;
                    e.printed_step = m.printed_step;
                }
                return;
            }
            e = std::move(m);
            return;
        }
        run_.measurements.push_back(std::move(m));
    }
    // A -multi child's figure: one more per-process sample of the figure.
    void add_child_sample(Measurement m) {
        for (auto& e : run_.measurements)
            if (e.algorithm == m.algorithm && e.operation == m.operation &&
                e.parameter == m.parameter) {
                e.samples.push_back(m.value);
                if (from_children_.count(metric_key(m))) e.value += m.value;
                return;
            }
        m.samples = {m.value};
        from_children_.insert(metric_key(m));
        run_.measurements.push_back(std::move(m));
    }

    // A figure from a progress line: count operations (of `bytes` each) in `seconds`.
    void add_progress(std::string id, Operation op, int64_t bytes, int64_t count, double seconds,
                      std::string source) {
        Measurement m;
        m.algorithm = std::move(id);
        m.operation = op;
        m.parameter = bytes;
        m.count = count;
        m.seconds = seconds;
        double units = static_cast<double>(count) * (bytes > 0 ? static_cast<double>(bytes) : 1.0);
        m.value = units / seconds;
        m.source_name = std::move(source);
        add(std::move(m), false);
    }
    void note(const std::string& n) {
        if (std::find(run_.notes.begin(), run_.notes.end(), n) == run_.notes.end())
            run_.notes.push_back(n);
    }

    // ---- speed output ----
    bool speed_line(std::string_view line) {
        std::string_view t = trim(line);
        if (t.empty()) return false;
        if (mentions(t, "openssl speed")) remember_command(t);
        if (auto host = prompt_host(t); !host.empty()) {
            prompt_host_ = std::move(host);
            prompt_line_ = i_;
            if (active_ && has_tables_) finish();
            return false;
        }
        if (starts_with(t, "Doing ")) return progress(t);
        if (auto record = mr_record_in(t); !record.empty()) {
            std::string_view prefix = trim(t.substr(0, t.size() - record.size()));
            return machine_readable(
                record, prefix.size() >= 4 && prefix.substr(prefix.size() - 4) == "Got:");
        }
        if (header(t)) return true;
        if (starts_with(t, "Forked child")) {
            begin_fresh();
            multi_ = true;
            run_.timing = Timing::wall;
            int child = 0;
            std::string_view rest = trim(t.substr(12));
            std::from_chars(rest.data(), rest.data() + rest.size(), child);
            run_.processes = std::max(run_.processes, std::clamp(child, 0, 1023) + 1);
            note("a -multi run: the children time with the wall clock and the table is their sum");
            return true;
        }
        if (starts_with(t, "The 'numbers' are in 1000s")) {
            if (!active_) begin();
            mode_ = Mode::symmetric;
            return true;
        }
        if (starts_with(t, "type ") || t == "type") return symmetric_header(t);
        // openssl's own public-key headers start with their first column's name.
        bool pk_header =
            starts_with(t, "sign ") || starts_with(t, "keygen ") || starts_with(t, "op ");
        if (pk_header && (contains(t, "sign/s") || contains(t, "op/s") ||
                          contains(t, "keygens/s") || words_are(t, {"sign", "verify"}))) {
            // Without a run around it, a table is openssl's only when its next row
            // has openssl's seconds-per-operation cells (not somebody's ratio table).
            if (!active_) {
                if (!next_row_has_seconds()) return false;
                begin();
            }
            mode_ = contains(t, "encaps/s")    ? Mode::kem
                    : contains(t, "keygens/s") ? Mode::signature
                                               : Mode::public_key;
            has_tables_ = true;
            return true;
        }
        if (!active_) return false;
        if (mode_ == Mode::public_key || mode_ == Mode::symmetric || header_seen_) {
            if (public_key_row(t)) return true;
        }
        if (mode_ == Mode::kem || mode_ == Mode::signature) return kem_row(t);
        if (mode_ == Mode::symmetric || (header_seen_ && !has_tables_ && mode_ == Mode::none))
            return symmetric_row(t);
        return false;
    }

    bool header(std::string_view t) {
        auto version_at_start = [&](std::string_view prefix) {
            return starts_with(t, prefix) && t.size() > prefix.size() &&
                   std::isdigit(static_cast<unsigned char>(t[prefix.size()]));
        };
        if (version_at_start("OpenSSL ") || version_at_start("SSLeay ") ||
            version_at_start("LibreSSL ") || starts_with(t, "version: ")) {
            if (active_ && (has_tables_ || header_seen_)) finish();
            begin();
            // 3.x prints "version: 3.0.19"; speedlab's own table "version: libcrypto OpenSSL ...".
            std::string_view v = trim(t.substr(std::min<size_t>(9, t.size())));
            bool bare = !v.empty() && std::isdigit(static_cast<unsigned char>(v.front()));
            run_.version = starts_with(t, "version: ") ? (bare ? "OpenSSL " : "") + std::string(v)
                                                       : std::string(t);
            header_seen_ = true;
            return true;
        }
        if (starts_with(t, "You have chosen to measure elapsed time")) {
            // Printed on stderr before anything else of a -elapsed run.
            begin_fresh();
            run_.timing = Timing::wall;
            return true;
        }
        // Other header lines only count inside a run (after a version or progress line).
        if (!active_) return false;
        if (starts_with(t, "built on")) {
            std::string_view v = t;
            while (starts_with(v, "built on")) {
                v.remove_prefix(8);
                if (!v.empty() && v[0] == ':') v.remove_prefix(1);
                v = trim(v);
            }
            run_.built_on = std::string(v);
            header_seen_ = true;
            return true;
        }
        if (starts_with(t, "options:")) {
            run_.options = std::string(trim(t.substr(8)));
            // Wrapped continuation: more "name(...)" tokens on the next lines.
            while (i_ + 1 < lines_.size() && option_tokens(trim(lines_[i_ + 1].text))) {
                run_.options += " " + std::string(trim(lines_[++i_].text));
            }
            header_seen_ = true;
            return true;
        }
        if (starts_with(t, "compiler:") || starts_with(t, "C flags:")) {
            run_.compiler = std::string(trim(t.substr(t.find(':') + 1)));
            while (i_ + 1 < lines_.size() && starts_with(trim(lines_[i_ + 1].text), "-"))
                run_.compiler += " " + std::string(trim(lines_[++i_].text));
            header_seen_ = true;
            return true;
        }
        if (starts_with(t, "available timing options:") ||
            starts_with(t, "timing function used:")) {
            note(std::string(t));
            return true;
        }
        if (starts_with(t, "CPUINFO:")) {
            run_.cpuinfo = std::string(t);
            if (auto env = t.find(" env:"); env != std::string_view::npos)
                run_.cpu_mask = std::string(trim(t.substr(env + 5)));
            return true;
        }
        return false;
    }

    static bool words_are(std::string_view s, std::initializer_list<std::string_view> want) {
        auto ws = words(s);
        return ws.size() == want.size() && std::equal(ws.begin(), ws.end(), want.begin());
    }
    static bool seconds_cell(std::string_view w) {
        return w.size() > 1 && w.back() == 's' && number(w.substr(0, w.size() - 1)).has_value();
    }
    bool next_row_in_kilobytes() const {
        if (i_ + 1 >= lines_.size()) return false;
        auto ws = words(lines_[i_ + 1].text);
        size_t k = static_cast<size_t>(std::count_if(ws.begin(), ws.end(), [](auto w) {
            return w.back() == 'k' && throughput_cell(w).has_value();
        }));
        return k > 0 && k < ws.size() && std::isalpha(static_cast<unsigned char>(ws[0][0]));
    }
    // sslcmp and friends print ratios with three decimals and no k.
    bool next_row_of_ratios() const {
        if (i_ + 1 >= lines_.size()) return false;
        auto ws = words(lines_[i_ + 1].text);
        size_t k = 0;
        while (k < ws.size() && ws[ws.size() - 1 - k].size() > 4 &&
               ws[ws.size() - 1 - k][ws[ws.size() - 1 - k].size() - 4] == '.' &&
               number(ws[ws.size() - 1 - k]))
            ++k;
        return k >= 2 && k < ws.size();
    }
    bool next_row_has_seconds() const {
        if (i_ + 1 >= lines_.size()) return false;
        auto ws = words(lines_[i_ + 1].text);
        return std::any_of(ws.begin(), ws.end(), seconds_cell) &&
               (contains(lines_[i_ + 1].text, "bits") || contains(lines_[i_ + 1].text, "bit "));
    }

    static bool option_tokens(std::string_view s) {
        auto ws = words(s);
        if (ws.empty()) return false;
        for (auto w : ws) {
            auto open = w.find('(');
            if (open == std::string_view::npos || open == 0 || w.back() != ')') return false;
        }
        return true;
    }

    bool symmetric_header(std::string_view t) {
        auto ws = words(t);
        std::vector<int64_t> sizes;
        for (size_t k = 1; k + 1 < ws.size(); k += 2) {
            auto n = integer(ws[k]);
            if (!n || ws[k + 1] != "bytes") return false;
            sizes.push_back(*n);
        }
        if (sizes.empty() || ws.size() % 2 == 0) return false;
        // A header after other text, in a run that has its tables, starts the next run.
        if (active_ && has_tables_ && mode_ == Mode::none) finish();
        // Without a version or progress line, the header is openssl's when the row
        // under it has openssl's "k" cells (a ratio table has none).
        if (!active_ && next_row_in_kilobytes()) begin();
        if (!active_ && next_row_of_ratios() && !out_.ratio_table_line)
            out_.ratio_table_line = lines_[i_].line;
        if (!active_ || (mode_ != Mode::symmetric && !header_seen_ && !has_progress_ &&
                         !run_.measurements.empty()))
            return false;
        sizes_ = std::move(sizes);
        mode_ = Mode::symmetric;
        has_tables_ = true;
        return true;
    }

    // "SW aes-128-cbc", "AF aes-128-cbc": rows a person marked with a short
    // upper-case word are separate runs (software vs engine, say). Strips the mark.
    static std::string row_variant(std::string& name) {
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
    std::vector<std::pair<std::string, std::vector<Measurement>>> variants_;  // in order
    std::vector<Measurement>& variant_figures(const std::string& mark) {
        for (auto& [m, figures] : variants_)
            if (m == mark) return figures;
        return variants_.emplace_back(mark, std::vector<Measurement>{}).second;
    }

    // A cell position of a row: the words after the name, each a figure or not.
    static bool cell_like(std::string_view w) {
        return std::isdigit(static_cast<unsigned char>(w.front())) || w == "inf" || w == "infk" ||
               w == "nan" || w == "nank" || w == "-nan";
    }
    bool symmetric_row(std::string_view t) {
        auto ws = words(t);
        // The name runs up to the first word that starts like a number; every
        // word after it holds one block size's place, figure or not.
        size_t name_words = 0;
        while (name_words < ws.size() && !cell_like(ws[name_words])) ++name_words;
        if (name_words == 0 || name_words == ws.size()) return false;
        std::string name;
        for (size_t k = 0; k < name_words; ++k)
            name += (name.empty() ? "" : " ") + std::string(ws[k]);
        if (!std::isalpha(static_cast<unsigned char>(name[0])) || name.size() > 40) return false;
        std::vector<std::string_view> cells(ws.begin() + static_cast<long>(name_words), ws.end());
        size_t good = static_cast<size_t>(std::count_if(
            cells.begin(), cells.end(), [](auto w) { return throughput_cell(w).has_value(); }));
        if (good == 0 || good < cells.size() - good) return false;
        size_t n = cells.size();
        if (sizes_.empty()) {
            if (n < 5) return false;  // a headerless (-multi) table has whole rows
            sizes_ = default_sizes(n, run_.version);
        }
        // A row wrapped before its last cells: the next line holds only figures.
        while (cells.size() < sizes_.size() && i_ + 1 < lines_.size()) {
            auto next = words(lines_[i_ + 1].text);
            if (next.empty() || cells.size() + next.size() > sizes_.size() ||
                !std::all_of(next.begin(), next.end(),
                             [](auto w) { return throughput_cell(w).has_value(); }))
                break;
            ++i_;
            cells.insert(cells.end(), next.begin(), next.end());
        }
        if (cells.size() > sizes_.size())
            cells.erase(cells.begin(), cells.end() - static_cast<long>(sizes_.size()));
        if (cells.size() < sizes_.size()) truncated_ = true;
        std::string variant = row_variant(name);
        std::string id = canonical_symmetric_id(name);
        bool zero_row = true;
        for (size_t k = 0; k < cells.size(); ++k) {
            auto cell = throughput_cell(cells[k]);
            // Not a figure ("1e308k", "x", a cell cut mid-number): skipped, in place.
            if (!cell) {
                note(name + " at " + std::to_string(sizes_[k]) + " bytes: '" +
                     std::string(cells[k]) + "' is not a figure; skipped");
                continue;
            }
            Cell c = *cell;
            if (!c.finite) {
                note(name + " at " + std::to_string(sizes_[k]) + " bytes: printed as " +
                     std::string(cells[k]) + ", not stored");
                continue;
            }
            if (c.value == 0) continue;
            zero_row = false;
            Measurement m;
            m.algorithm = id;
            m.parameter = sizes_[k];
            m.value = c.value;
            m.printed_step = c.step;
            m.source_name = name;
            if (!variant.empty())
                variant_figures(variant).push_back(std::move(m));
            else
                add(std::move(m), true);
        }
        if (zero_row) note(name + ": printed as 0.00 (not run, or not in that build); not stored");
        has_tables_ = true;
        mode_ = Mode::symmetric;
        return true;
    }

    // "rsa 2048 bits 0.000300s 0.000009s 3333.3 111111.1", " 256 bits ecdsa (nistp256) ...",
    // " 253 bits ecdh (X25519) ...", " 253 bits EdDSA (Ed25519) ...", "2048 bits ffdh ...".
    bool public_key_row(std::string_view t) {
        if (t.find("bit") == std::string_view::npos) return false;  // every such row says bits
        auto ws = words(t);
        if (ws.size() < 4) return false;
        std::string id;
        std::vector<Operation> ops;
        size_t values_from = 0;
        std::string source;
        if ((ws[0] == "rsa" || ws[0] == "dsa") && integer(ws[1]) && starts_with(ws[2], "bit")) {
            id = std::string(ws[0]) + std::string(ws[1]);
            ops = {Operation::sign, Operation::verify, Operation::encrypt, Operation::decrypt};
            values_from = 3;
            source = std::string(ws[0]) + " " + std::string(ws[1]) + " bits";
        } else if (integer(ws[0]) && starts_with(ws[1], "bit") && ws.size() >= 5) {
            std::string family = lower(ws[2]);
            std::string curve;
            values_from = 3;
            if (ws[3].size() > 2 && ws[3].front() == '(' && ws[3].back() == ')') {
                curve = std::string(ws[3].substr(1, ws[3].size() - 2));
                values_from = 4;
            }
            if (family == "ecdsa" || family == "eddsa" || family == "sm2") {
                if (curve.empty()) return false;
                ops = {Operation::sign, Operation::verify};
                id = family == "sm2" ? "sm2" : canonical_curve_id(family, curve);
            } else if (family == "ecdh") {
                if (curve.empty()) return false;
                ops = {Operation::derive};
                id = canonical_curve_id(family, curve);
            } else if (family == "ffdh") {
                ops = {Operation::derive};
                id = "ffdh" + std::string(ws[0]);
            } else {
                return false;
            }
            source = std::string(
                trim(t.substr(0, t.find(ws[values_from - 1]) + ws[values_from - 1].size())));
        } else {
            return false;
        }
        // Seconds-per-op columns end in 's', then the per-second columns: of the two
        // printed forms of one figure the one with more significant digits is kept.
        std::vector<std::string_view> seconds, rates;
        for (size_t k = values_from; k < ws.size(); ++k) {
            if (ws[k].back() == 's' && ws[k] != "nans")
                seconds.push_back(ws[k]);
            else
                rates.push_back(ws[k]);
        }
        if (seconds.empty() && rates.empty()) return false;
        if (!rates.empty() && rates.size() < seconds.size()) truncated_ = true;
        for (size_t k = 0; k < std::max(rates.size(), seconds.size()) && k < ops.size(); ++k) {
            std::optional<Number> r;
            if (k < rates.size() && !(r = rate(rates[k]))) return false;
            std::optional<Number> sec;
            if (k < seconds.size()) sec = number(seconds[k].substr(0, seconds[k].size() - 1));
            auto m = public_key_figure(id, ops[k], r, sec, source);
            if (!m) {
                note(source + " " + std::string(to_string(ops[k])) + ": printed as " +
                     std::string(k < rates.size() ? rates[k] : seconds[k]) + ", not stored");
                continue;
            }
            attach_progress(*m, family_of(id), bits_of(source));
            add(std::move(*m), true);
        }
        has_tables_ = true;
        if (mode_ == Mode::none) mode_ = Mode::public_key;
        return true;
    }

    // The figure of one public-key cell pair: the rate, or 1/seconds when the
    // seconds were printed with more significant digits (0.9.x: "13.2800s" vs "0.1").
    static std::optional<Measurement> public_key_figure(const std::string& id, Operation op,
                                                        std::optional<Number> rate_cell,
                                                        std::optional<Number> seconds_cell,
                                                        const std::string& source) {
        Measurement m;
        m.algorithm = id;
        m.operation = op;
        m.source_name = source;
        bool rate_ok = rate_cell && std::isfinite(rate_cell->value) && rate_cell->value > 0;
        bool sec_ok = seconds_cell && seconds_cell->value > 0;
        if (rate_ok) m.printed["per_second"] = rate_cell->value;
        if (sec_ok) m.printed["seconds_per_op"] = seconds_cell->value;
        if (sec_ok &&
            (!rate_ok || significant_digits(*seconds_cell) > significant_digits(*rate_cell))) {
            m.value = 1 / seconds_cell->value;
            // One unit of the last printed digit of the seconds, as a rate.
            m.printed_step = seconds_cell->step / (seconds_cell->value * seconds_cell->value);
            return m;
        }
        if (!rate_ok) return std::nullopt;
        m.value = rate_cell->value;
        m.printed_step = rate_cell->step;
        return m;
    }
    static int significant_digits(const Number& n) {
        if (n.step <= 0 || n.value <= 0) return 0;
        return static_cast<int>(std::floor(std::log10(n.value / n.step) + 1e-9)) + 1;
    }

    // Progress lines of curve-based algorithms name no curve: they wait here and
    // give their count and seconds to the table row of the same family, bits and
    // operation that follows, in order.
    struct PendingProgress {
        std::string family;
        int64_t bits = 0;
        Operation op = Operation::sign;
        int64_t count = 0;
        double seconds = 0;
        bool used = false;
    };
    std::vector<PendingProgress> pending_curves_;
    std::vector<std::string> command_words_;  // after "openssl speed" on the last command line
    void remember_command(std::string_view t) {
        auto at = lower(t).find("openssl speed");
        command_words_.clear();
        for (auto w : words(t.substr(at + 13))) command_words_.emplace_back(w);
    }
    static std::string family_of(const std::string& id) {
        for (std::string_view f : {"ecdsa", "ecdh", "eddsa", "ed25519", "ed448", "sm2", "ffdh"})
            if (starts_with(id, f))
                return f == "ed25519" || f == "ed448" ? "eddsa" : std::string(f);
        return {};
    }
    static int64_t bits_of(std::string_view source) {
        auto ws = words(source);
        return ws.empty() ? 0 : integer(ws[0]).value_or(0);
    }
    void attach_progress(Measurement& m, const std::string& family, int64_t bits) {
        if (family.empty()) return;
        for (auto& p : pending_curves_) {
            if (p.used || p.family != family || p.bits != bits || p.op != m.operation) continue;
            p.used = true;
            m.count = p.count;
            m.seconds = p.seconds;
            double measured = static_cast<double>(p.count) / p.seconds;
            if (std::abs(measured - m.value) > std::max(m.printed_step, m.value * 0.01))
                note(m.source_name + " " + std::string(to_string(m.operation)) +
                     ": the progress "
                     "line gives " +
                     fmt::format("{:.4g}", measured) + "/s, the table " +
                     fmt::format("{:.4g}", m.value) + "/s; the table is kept");
            return;
        }
    }

    // 3.2+ KEM and signature tables: "name  kg s  enc s  dec s  kg/s enc/s dec/s".
    bool kem_row(std::string_view t) {
        auto ws = words(t);
        if (ws.size() != 7) return false;
        std::string name = table_name(mode_, ws[0]);
        std::array<Operation, 3> ops =
            mode_ == Mode::kem ? std::array{Operation::keygen, Operation::encaps, Operation::decaps}
                               : std::array{Operation::keygen, Operation::sign, Operation::verify};
        for (size_t k = 0; k < 3; ++k) {
            auto r = rate(ws[4 + k]);
            if (!r) return false;
            if (!std::isfinite(r->value) || r->value <= 0) continue;
            Measurement m;
            m.algorithm = name;
            m.operation = ops[k];
            m.value = r->value;
            m.printed_step = r->step;
            m.source_name = std::string(ws[0]);
            add(std::move(m), true);
        }
        has_tables_ = true;
        return true;
    }

    // "Doing md5 for 3s on 8 size blocks: 174967 md5's in 2.98s",
    // "Doing 512 bit private rsa's for 10s: 206 512 bit private RSA's in 10.01s", ...
    bool progress(std::string_view t) {
        begin_fresh_for_progress();
        has_progress_ = true;
        auto colon = t.find(": ");
        if (colon == std::string_view::npos) return true;  // a prompt whose result never came
        std::string_view prompt = t.substr(6, colon - 6), result = trim(t.substr(colon + 2));
        auto rw = words(result);
        auto in = result.rfind(" in ");
        if (rw.empty() || in == std::string_view::npos || result.back() != 's') return true;
        auto count = integer(rw[0]);
        auto secs = number(result.substr(in + 4, result.size() - in - 5));
        if (!count || !secs) return true;
        if (secs->value <= 0 || *count <= 0) {
            note(std::string(t) + ": no operations or no time, not stored");
            return true;
        }
        if (auto blocks = prompt.rfind(" size blocks"); blocks != std::string_view::npos) {
            std::string_view head = prompt.substr(0, blocks);
            auto on = head.rfind(" on ");
            if (on == std::string_view::npos) return true;
            auto len = integer(head.substr(on + 4));
            std::string_view name = head.substr(0, on);
            if (auto f = name.rfind(" for "); f != std::string_view::npos)
                name = name.substr(0, f);
            else if (auto times = name.rfind(" times"); times != std::string_view::npos) {
                name = name.substr(0, times);
                name = name.substr(0, name.rfind(' '));
            }
            if (name.size() > 4 && name.substr(name.size() - 4) == " ops") name.remove_suffix(4);
            if (!len || *len <= 0 || name.empty()) return true;
            add_progress(canonical_symmetric_id(name), Operation::throughput, *len, *count,
                         secs->value, std::string(name));
            return true;
        }
        auto pw = words(prompt);
        if (named_ops_progress(pw, result, *count, secs->value)) return true;
        if (pw.size() < 3 || !integer(pw[0]) || !starts_with(pw[1], "bit")) return true;
        std::string rest;
        for (size_t k = 2; k < pw.size() && pw[k] != "for"; ++k) rest += " " + lower(pw[k]);
        std::string id;
        Operation op = Operation::sign;
        if (contains(rest, "rsa")) {
            id = "rsa" + std::string(pw[0]);
            bool priv = contains(rest, "private");
            op = contains(rest, "decrypt")   ? Operation::decrypt
                 : contains(rest, "encrypt") ? Operation::encrypt
                 : priv                      ? Operation::sign
                                             : Operation::verify;
        } else if (contains(rest, " dsa") && !contains(rest, "ecdsa")) {
            id = "dsa" + std::string(pw[0]);
            op = contains(rest, "verify") ? Operation::verify : Operation::sign;
        } else {
            // EC, EdDSA, SM2 and FFDH prompts name no curve: their table rows do.
            curve_progress(rest + " " + lower(result), *integer(pw[0]), *count, secs->value);
            return true;
        }
        add_progress(id, op, 0, *count, secs->value, std::string(trim(prompt)));
        return true;
    }
    void curve_progress(const std::string& text, int64_t bits, int64_t count, double seconds) {
        std::string family =
            contains(text, "ecdsa")  ? "ecdsa"
            : contains(text, "ecdh") ? "ecdh"
            : contains(text, "sm2")  ? "sm2"
            : contains(text, "ed25519") || contains(text, "ed448") || contains(text, "eddsa")
                ? "eddsa"
            : contains(text, "ffdh") ? "ffdh"
                                     : "";
        if (family.empty()) return;
        Operation op = family == "ecdh" || family == "ffdh" ? Operation::derive
                       : contains(text, "verify")           ? Operation::verify
                                                            : Operation::sign;
        pending_curves_.push_back({family, bits, op, count, seconds, false});
    }
    // 3.2+: "Doing rsa2048 verify ops for 10s: 3486014 rsa2048 signature verify ops in 10.00s".
    bool named_ops_progress(const std::vector<std::string_view>& pw, std::string_view result,
                            int64_t count, double seconds) {
        if (pw.size() < 3 || pw[2] != "ops") return false;
        std::string op_name = lower(pw[1]);
        static const std::map<std::string, Operation> ops{{"keygen", Operation::keygen},
                                                          {"encaps", Operation::encaps},
                                                          {"decaps", Operation::decaps},
                                                          {"sign", Operation::sign},
                                                          {"verify", Operation::verify}};
        auto it = ops.find(op_name);
        if (it == ops.end()) return false;
        bool signature = it->second == Operation::sign || it->second == Operation::verify ||
                         contains(lower(result), "signature");
        std::string name = table_name(signature ? Mode::signature : Mode::kem, pw[0]);
        add_progress(name, it->second, 0, count, seconds, std::string(pw[0]) + " " + op_name);
        return true;
    }
    static std::string table_name(Mode mode, std::string_view printed) {
        std::string name = lower(printed);
        if (mode == Mode::signature && (starts_with(name, "rsa") || starts_with(name, "dsa")))
            return "sig-" + name;
        if (mode == Mode::kem && (starts_with(name, "rsa") || starts_with(name, "ecp")))
            return "kem-" + name;
        return name;
    }
    void begin_fresh_for_progress() {
        if (active_ && (has_tables_ || (header_seen_ && !has_progress_))) finish();
        begin();
    }

    static bool mr_tag(std::string_view tag) {
        static constexpr std::array<std::string_view, 6> named{"+DT",  "+DN", "+DTP",
                                                               "+DNP", "+H",  "+F"};
        if (std::find(named.begin(), named.end(), tag) != named.end()) return true;
        return tag.size() >= 2 && (starts_with(tag, "+R") || starts_with(tag, "+F")) &&
               std::all_of(tag.begin() + 2, tag.end(),
                           [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    }
    // The -mr record in a line, behind any prefix ("Got: ", "# ", "// ", "%% ",
    // a timestamp); empty when the line holds none. A record's second field is a number.
    static std::string_view mr_record_in(std::string_view t) {
        for (size_t p = t.find('+'); p != std::string_view::npos && p < 64;
             p = t.find('+', p + 1)) {
            if (p > 0 && std::isalnum(static_cast<unsigned char>(t[p - 1]))) continue;
            std::string_view rec = t.substr(p);
            auto f = fields(rec, ':');
            if (f.size() < 2 || !mr_tag(f[0])) continue;
            bool named = f[0] == "+DT" || f[0] == "+DN";  // +DT:md5:3:16
            if (named ? f.size() < 4 || !integer(f.back())
                      : f[0] != "+H" && !integer(f[1]) && !number(f[1]))
                continue;
            return rec;
        }
        return {};
    }

    // -mr records: +DT/+R progress, +H/+F summary; "Got: ... from N" in -multi.
    // `child`: a -multi child's record echoed by the parent ("Got: ... from N"):
    // its figures are per-process samples; the parent's table carries their sum.
    bool machine_readable(std::string_view t, bool child) {
        if (child) {
            if (!active_) begin();
            multi_ = true;
            run_.timing = Timing::wall;
            if (auto from = t.rfind(" from "); from != std::string_view::npos)
                t = t.substr(0, from);
        }
        child_record_ = child;
        struct Reset {
            bool& flag;
            ~Reset() { flag = false; }
        } reset{child_record_};
        auto f = fields(t, ':');
        std::string_view tag = f[0];
        if (!mr_tag(tag)) return false;
        bool summary = tag == "+H" || starts_with(tag, "+F");
        if (!active_) begin();
        if (!summary && has_tables_ && !child) {
            finish();
            begin();
        }
        if (tag == "+DT" && f.size() >= 4) {
            pending_len_ = integer(f[3]).value_or(0);
            has_progress_ = true;
        } else if (tag == "+R" && f.size() >= 4) {
            auto count = integer(f[1]);
            auto secs = number(f[3]);
            if (count && *count > 0 && secs && secs->value > 0 && pending_len_ > 0) {
                add_progress(canonical_symmetric_id(f[2]), Operation::throughput, pending_len_,
                             *count, secs->value, std::string(f[2]));
            }
            has_progress_ = true;
        } else if (tag == "+DTP" && f.size() >= 5) {
            std::string alg = lower(f[3]), op = lower(f[2]);
            pending_pk_.clear();
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
            has_progress_ = true;
        } else if (starts_with(tag, "+R") && tag.size() > 2 && f.size() >= 4) {
            auto count = integer(f[1]);
            auto secs = number(f.back());
            if (!pending_pk_.empty() && count && *count > 0 && secs && secs->value > 0) {
                add_progress(pending_pk_, pending_op_, 0, *count, secs->value, {});
            }
            pending_pk_.clear();
            has_progress_ = true;
        } else if (tag == "+H") {
            sizes_.clear();
            for (size_t k = 1; k < f.size(); ++k)
                if (auto n = integer(f[k])) sizes_.push_back(*n);
        } else if (tag == "+F" && f.size() >= 4) {
            if (sizes_.empty()) sizes_ = default_sizes(f.size() - 3, run_.version);
            std::string name(f[2]);
            for (size_t k = 3; k < f.size() && k - 3 < sizes_.size(); ++k) {
                auto n = number(f[k]);
                if (!n || n->value <= 0) continue;
                Measurement m;
                m.algorithm = canonical_symmetric_id(name);
                m.parameter = sizes_[k - 3];
                m.value = n->value;
                m.printed_step = n->step;
                m.source_name = name;
                add(std::move(m), true);
            }
            has_tables_ = has_tables_ || !child;  // a child's record is a sample, not the table
        } else if (starts_with(tag, "+F") && f.size() >= 5) {
            mr_public_key(tag, f);
            has_tables_ = has_tables_ || !child;
        }
        return true;
    }

    void mr_public_key(std::string_view tag, const std::vector<std::string_view>& f) {
        auto idx = integer(f[1]);
        auto bits = integer(f[2]);
        if (!idx || !bits) return;
        auto put = [&](const std::string& id, Operation op, std::optional<Number> n,
                       bool seconds_per_op) {
            if (!n || n->value <= 0 || !std::isfinite(n->value)) return;
            Measurement m;
            m.algorithm = id;
            m.operation = op;
            m.value = seconds_per_op ? 1 / n->value : n->value;
            m.printed_step = seconds_per_op ? 0 : n->step;
            add(std::move(m), true);
        };
        if (tag == "+F2" || tag == "+F3") {
            std::string id = (tag == "+F2" ? "rsa" : "dsa") + std::to_string(*bits);
            auto a = number(f[3]), b = number(f[4]);
            // Up to 1.1.0 these are seconds per op, later ops per second: signing
            // is the slower of the two, so the larger value tells which.
            bool seconds = a && b && a->value > b->value;
            put(id, Operation::sign, a, seconds);
            put(id, Operation::verify, b, seconds);
            if (f.size() >= 7) {
                put(id, Operation::encrypt, number(f[5]), false);
                put(id, Operation::decrypt, number(f[6]), false);
            }
        } else if (tag == "+F4" || tag == "+F5") {
            std::string curve = curve_for(static_cast<size_t>(*idx), static_cast<int>(*bits));
            auto a = number(f[3]), b = number(f[4]);
            if (tag == "+F4") {
                bool seconds = a && b && a->value < 1 && b->value < 1;
                std::string id = canonical_curve_id("ecdsa", curve);
                put(id, Operation::sign, a, seconds);
                put(id, Operation::verify, b, seconds);
            } else if (a && b) {
                // ECDH: one field is ops/s, the other s/op; their order flipped in 1.1.1.
                put(canonical_curve_id("ecdh", curve), Operation::derive,
                    a->value >= b->value ? a : b, false);
            }
        } else if ((tag == "+F6" || tag == "+F7") && f.size() >= 6) {
            std::string id = tag == "+F7" ? "sm2" : lower(f[3]);
            put(id, Operation::sign, number(f[4]), false);
            put(id, Operation::verify, number(f[5]), false);
        } else if (tag == "+F8") {
            put("ffdh" + std::to_string(*bits), Operation::derive, number(f[3]), false);
        } else {
            note(std::string(tag) + " records carry no algorithm name; not stored");
        }
    }

    // ---- system text around the results ----
    bool system_text(std::string_view line) {
        bool used = false;
        if (contains(line, "vendor_id") && contains(line, ":")) {
            std::string block(line);
            if (i_ > 0 && starts_with(trim(lines_[i_ - 1].text), "processor"))
                block = lines_[i_ - 1].text + "\n" + block;
            size_t k = i_ + 1;
            for (; k < lines_.size() && k < i_ + 80; ++k) {
                std::string_view l = trim(lines_[k].text);
                if (l.empty() || starts_with(l, "Doing ") || starts_with(l, "$")) break;
                bool field = contains(l, ":");
                bool flag_words = std::all_of(l.begin(), l.end(), [](char c) {
                    return std::islower(static_cast<unsigned char>(c)) ||
                           std::isdigit(static_cast<unsigned char>(c)) || c == ' ' || c == '_';
                });
                if (!field && !flag_words) break;
                block += "\n" + std::string(l);
            }
            Machine fresh;
            if (sysinfo::decode_cpuinfo(block, fresh)) {
                new_machine_if_taken(!machine_.cpu_vendor.empty());
                Machine& mc = machine_;
                mc.cpu_vendor = fresh.cpu_vendor;
                mc.cpu_family = fresh.cpu_family;
                mc.cpu_model = fresh.cpu_model;
                mc.cpu_stepping = fresh.cpu_stepping;
                mc.cpu_name = fresh.cpu_name;
                mc.cpu_core = fresh.cpu_core;
                mc.cpu_mhz = fresh.cpu_mhz;
                mc.cpu_cache = fresh.cpu_cache;
                mc.cpu_flags = fresh.cpu_flags;
                mc.cpu_bugs = fresh.cpu_bugs;
                mc.cpu_count = fresh.cpu_count;
                if (fresh.bogomips) mc.bogomips = fresh.bogomips;
                remember_machine();
                i_ = std::max(i_, k - 1);  // the block's lines are not speed output
                used = true;
            }
        }
        if (contains(line, "MemTotal:")) {
            new_machine_if_taken(machine_.memory_kb.has_value());
            used = sysinfo::decode_meminfo(line, machine_) || used;
            remember_machine();
        }
        if (auto bm = sysinfo::decode_bogomips_line(line)) {
            if (!machine_.bogomips) machine_.bogomips = bm;
            remember_machine();
            used = true;
        }
        if (auto p = line.find("uname -a"); p != std::string_view::npos) {
            used = sysinfo::decode_uname(line.substr(p + 8), machine_) || used;
            remember_machine();
        }
        if (auto p = line.find("/proc/bus/pci/devices"); p != std::string_view::npos) {
            auto devices = sysinfo::decode_pci_devices(line.substr(p + 21));
            if (!devices.empty()) {
                sysinfo::name_pci_devices(devices);
                merge_pci(devices);
                used = true;
            }
        }
        if (auto p = line.find("lspci"); p != std::string_view::npos) {
            auto devices = sysinfo::decode_lspci(line.substr(p + 5));
            if (!devices.empty()) {
                merge_pci(devices);
                used = true;
            }
        }
        if (starts_with(trim(line), "Bus ") && contains(line, ", device ") &&
            contains(line, ", function ")) {
            // /proc/pci: every line of a record ends in '.' or ':'.
            std::string block(line);
            size_t k = i_ + 1;
            for (; k < lines_.size(); ++k) {
                std::string_view l = trim(lines_[k].text);
                if (l.empty() || l.size() > 90 || (l.back() != '.' && l.back() != ':')) break;
                block += "\n" + std::string(l);
            }
            auto devices = sysinfo::decode_proc_pci(block);
            if (!devices.empty()) {
                merge_pci(devices);
                i_ = k - 1;
                used = true;
            }
        }
        if (sysinfo::decode_dmesg_line(line, machine_)) {
            remember_machine();
            used = true;
        }
        return used;
    }
    // A second machine described after runs took the first one starts afresh.
    // `already_known`: the machine being built has the fact the new text brings.
    std::vector<Machine> earlier_machines_;  // system_only: machines described before
    void new_machine_if_taken(bool already_known) {
        if (machine_taken_ && already_known) {
            earlier_machines_.push_back(std::move(machine_));
            machine_ = Machine{};
        }
        machine_taken_ = false;
    }
    void remember_machine() {
        if (first_machine_.empty() || first_machine_.cpu_vendor == machine_.cpu_vendor) {
            if (first_machine_.empty() || !machine_taken_) first_machine_ = machine_;
        }
        if (active_ && !has_tables_ && run_.measurements.empty()) run_.machine = machine_;
    }
    void merge_pci(std::vector<PciDevice>& devices) {
        for (auto& d : devices) {
            auto it = std::find_if(machine_.pci.begin(), machine_.pci.end(),
                                   [&](const PciDevice& e) { return e.slot == d.slot; });
            if (it == machine_.pci.end()) {
                machine_.pci.push_back(std::move(d));
                continue;
            }
            if (it->vendor_id == 0) it->vendor_id = d.vendor_id, it->device_id = d.device_id;
            if (it->class_name.empty()) it->class_name = d.class_name;
            // Names from pci.ids (by id) win over the names an old kernel printed.
            if (it->device_name.empty()) it->device_name = d.device_name;
            if (it->vendor_name.empty()) it->vendor_name = d.vendor_name;
            if (!it->irq) it->irq = d.irq;
            if (it->bars.empty()) it->bars = d.bars;
        }
        std::sort(machine_.pci.begin(), machine_.pci.end(),
                  [](const auto& a, const auto& b) { return a.slot < b.slot; });
        sysinfo::name_pci_devices(machine_.pci);  // names by id, once both lists are in
        remember_machine();
    }
};

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

ParsedText parse_speed_text(std::string_view text, const std::string& file_name,
                            const ParseOptions& options) {
    check_input(text, file_name);
    return Parser(text, file_name).parse(options.merge_invocations);
}

std::vector<Machine> parse_system_machines(std::string_view text, const std::string& file_name,
                                           std::vector<UnusedLine>& unrecognised) {
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
