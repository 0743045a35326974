#include "parse/run_builder.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "core/algorithm.h"
#include "core/algorithm_families.h"
#include "core/algorithm_registry.h"
#include "core/curve.h"
#include "core/text.h"

namespace speedlab::parse {

namespace {

// A progress line's or record's figure: its count times its block size (1
// for an operation) over its seconds, both printed forms kept.
Measurement progress_figure(const Progress& p) {
    Measurement m;
    m.algorithm = p.id;
    m.operation = p.op;
    m.parameter = p.bytes;
    m.count = p.count;
    m.seconds = p.seconds;
    double units =
        static_cast<double>(p.count) * (p.bytes > 0 ? static_cast<double>(p.bytes) : 1.0);
    m.value = units / p.seconds;
    m.source_name = p.source;
    return m;
}

bool same_metric(const Measurement& a, const Measurement& b) {
    return a.algorithm == b.algorithm && a.operation == b.operation && a.parameter == b.parameter;
}

// "ecdhp256" -> ("ecdh", "ecdh-p256"), "ed25519" -> ("eddsa", "ed25519"): a
// curve algorithm named on an openssl speed command line; empty when none.
std::pair<std::string, std::string> command_curve(std::string_view word) {
    std::string w = lower_ascii(word);
    if (is_eddsa(w)) return {std::string(kEddsaFamily), w};
    if (w == kSm2Family) return {w, w};
    static const auto curve_families = families_with(kCurveKeys);
    for (std::string_view f : curve_families)
        if (w.size() > f.size() && w.compare(0, f.size(), f) == 0)
            return {std::string(f), canonical_curve_id(f, w.substr(f.size()))};
    return {};
}

// Progress lines that name no curve come in openssl's order of curves
// (prime, Koblitz, binary, Brainpool, X25519, X448; a build may lack some):
// each takes the next curve of its bits from `cursor`, wrapping once for a
// second listing. Empty when no curve of the family has those bits.
std::string curve_in_order(const std::string& family, int64_t bits, size_t& cursor) {
    if (family != kEcdhFamily && family != kEcdsaFamily) return {};
    auto all = curves();
    for (int pass = 0; pass < 2; ++pass, cursor = 0)
        for (size_t k = cursor; k < all.size(); ++k)
            if (all[k].bits == bits && (family == kEcdhFamily || all[k].signs)) {
                cursor = k + 1;
                return family + "-" + std::string(all[k].suffix);
            }
    return {};
}

bool one_curve_of(const std::string& family, int64_t bits) {
    auto all = curves();
    return std::count_if(all.begin(), all.end(), [&](const Curve& c) {
               return c.bits == bits && (family == kEcdhFamily || c.signs);
           }) == 1;
}

}  // namespace

std::optional<Measurement> public_key_figure(const std::string& id, Operation op,
                                             std::optional<Number> rate_cell,
                                             std::optional<Number> seconds_cell,
                                             const std::string& source) {
    Measurement m = table_figure(id, op, 0, 0, 0, source);  // its value and step below
    bool rate_ok = rate_cell && std::isfinite(rate_cell->value) && rate_cell->value > 0;
    bool sec_ok = seconds_cell && seconds_cell->value > 0;
    if (rate_ok) m.printed.per_second = rate_cell->value;
    if (sec_ok) m.printed.seconds_per_op = seconds_cell->value;
    // The form with the smaller relative rounding step wins, seconds on a tie
    // (seed 000: "0.0485s", 0.0001 on 0.0485, beats "20.6", 0.1 on 20.6).
    if (sec_ok && (!rate_ok || seconds_cell->step * rate_cell->value <=
                                   rate_cell->step * seconds_cell->value)) {
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

Measurement table_figure(const std::string& id, Operation op, int64_t parameter, double value,
                         double step, const std::string& source) {
    Measurement m;
    m.algorithm = id;
    m.operation = op;
    m.parameter = parameter;
    m.value = value;
    m.printed_step = step;
    m.source_name = source;
    return m;
}

void RunBuilder::note(const std::string& n) {
    if (std::find(run_.notes.begin(), run_.notes.end(), n) == run_.notes.end())
        run_.notes.push_back(n);
}

void RunBuilder::dispute(const std::string& n) {
    note(n);
    diagnostics_.push_back({line_, Severity::note, false, n});
}

void RunBuilder::skip(const std::string& n) {
    note(n);
    diagnostics_.push_back({line_, Severity::warning, false, n});
}

void RunBuilder::add_table(Measurement m) {
    add(std::move(m), true);
}

void RunBuilder::add_curve_table(Measurement m, const std::string& family, int64_t bits) {
    attach_progress(m, family, bits);
    add(std::move(m), true);
}

void RunBuilder::add(Measurement m, bool from_table) {
    if (m.line == 0) m.line = line_;  // finish() makes it a line of the run's raw text
    if (child_) return add_child(std::move(m));
    if (!plausible_figure(m.value)) implausible_at_.emplace_back(metric_key(m), line_);
    if (!from_children_.empty()) from_children_.erase(metric_key(m));  // the key costs a format
    for (auto& e : run_.measurements) {
        if (!same_metric(e, m)) continue;
        if (m.samples.empty()) m.samples = std::move(e.samples);
        // A progress line and a table cell of one figure, in either order
        // (-multi's table holds the sum of children's lines: no same figure).
        bool table_then_line = !from_table && !e.count && !multi_;
        if ((from_table && e.count && !multi_) || table_then_line) {
            if (table_then_line) std::swap(e, m);  // e: the line's, m: the table's
            keep_both_forms(e, std::move(m));
            return;
        }
        e = std::move(m);
        return;
    }
    run_.measurements.push_back(std::move(m));
}

// `line` holds a progress line's figure (count and seconds), `table` the
// table's cell of the same metric: both printed forms are kept, the value
// from the line (the more precise) unless the two disagree beyond the
// table's rounding, where the table is kept and the run notes it.
void RunBuilder::keep_both_forms(Measurement& line, Measurement table) {
    if (line.source_name.empty()) line.source_name = table.source_name;
    line.line = table.line;  // the row a reader finds the figure in
    if (table.printed.empty() && table.operation == Operation::throughput)
        table.printed.per_second = table.value / 1000;  // openssl's k, as printed
    line.printed = table.printed;
    double tolerance = std::max(table.printed_step, table.value * 0.005);
    if (std::abs(line.value - table.value) <= tolerance) return;
    dispute(metric_key(table) + ": the progress line gives " + fmt::format("{:.4g}", line.value) +
            ", the table " + fmt::format("{:.4g}", table.value) + "; the table is kept");
    line.value = table.value;
    line.printed_step = table.printed_step;
}

void RunBuilder::add_child(Measurement m) {
    if (m.line == 0) m.line = line_;
    for (auto& e : run_.measurements)
        if (same_metric(e, m)) {
            e.samples.push_back(m.value);
            if (from_children_.count(metric_key(m))) e.value += m.value;
            if (!plausible_figure(e.value)) implausible_at_.emplace_back(metric_key(e), line_);
            return;
        }
    m.samples = {m.value};
    from_children_.insert(metric_key(m));
    if (!plausible_figure(m.value)) implausible_at_.emplace_back(metric_key(m), line_);
    run_.measurements.push_back(std::move(m));
}

void RunBuilder::add_progress(const Progress& p) {
    add(progress_figure(p), false);
}

void RunBuilder::add_child_progress(const Progress& p) {
    Measurement m = progress_figure(p);
    m.line = line_;
    for (auto& e : child_progress_figures_)
        if (same_metric(e, m)) return e.samples.push_back(m.value);
    m.samples = {m.value};
    child_progress_figures_.push_back(std::move(m));
}

// -multi children print their +DT/+R records to the terminal: one per
// process for each figure. Where no table printed the figure and the echoed
// records ("Got: ... from N") are not all there, the run's figure is their
// sum, once every process has reported it.
void RunBuilder::settle_child_progress() {
    size_t processes = static_cast<size_t>(std::max(run_.processes, 1));
    size_t summed = 0;
    for (auto& m : child_progress_figures_) {
        auto e = std::find_if(run_.measurements.begin(), run_.measurements.end(),
                              [&](const Measurement& x) { return same_metric(x, m); });
        bool echoed = e != run_.measurements.end() && from_children_.count(metric_key(m));
        if (e != run_.measurements.end() && (!echoed || e->samples.size() >= processes))
            continue;  // the table's figure, or every child's echoed record
        line_ = m.line;
        if (m.samples.size() != processes) {
            if (!echoed)
                skip(fmt::format("{}: {} record(s) of {} processes; not stored", metric_key(m),
                                 m.samples.size(), processes));
            continue;
        }
        if (processes > 1) {
            m.value = std::accumulate(m.samples.begin(), m.samples.end(), 0.0);
            m.count = {}, m.seconds = {};  // a sum of rates has no one count
            ++summed;
        } else {
            m.samples.clear();
        }
        if (!plausible_figure(m.value)) implausible_at_.emplace_back(metric_key(m), line_);
        if (echoed) {
            from_children_.erase(metric_key(m));
            *e = std::move(m);
        } else {
            run_.measurements.push_back(std::move(m));
        }
    }
    child_progress_figures_.clear();
    if (summed)
        note(
            fmt::format("{} figure(s) are the sum of the {} processes' progress records: the "
                        "parent's table is missing",
                        summed, processes));
}

void RunBuilder::add_variant(const std::string& mark, Measurement m) {
    m.line = line_;
    if (!plausible_figure(m.value)) implausible_at_.emplace_back(metric_key(m), line_);
    for (auto& [v, figures] : variants_)
        if (v == mark) return figures.push_back(std::move(m));
    variants_.emplace_back(mark, std::vector<Measurement>{}).second.push_back(std::move(m));
}

void RunBuilder::add_repeat(size_t n, Measurement m) {
    m.line = line_;
    if (!plausible_figure(m.value)) implausible_at_.emplace_back(metric_key(m), line_);
    if (repeats_.size() < n) repeats_.resize(n);
    repeats_[n - 1].push_back(std::move(m));
}

bool RunBuilder::add_public_key_row(const PublicKeyRow& row, const std::string& variant) {
    size_t columns = std::min(row.ops.size(), std::max(row.rates.size(), row.seconds.size()));
    for (size_t k = 0; k < columns; ++k) {
        std::optional<Number> r, sec;
        if (k < row.rates.size()) r = rate(row.rates[k]);
        if (k < row.seconds.size()) {
            std::string_view w = row.seconds[k];
            sec = number(w.ends_with('s') ? w.substr(0, w.size() - 1) : w);
        }
        auto m = public_key_figure(row.id, row.ops[k], r, sec, row.source);
        if (!m) {
            skip(row.source + " " + std::string(to_string(row.ops[k])) + ": printed as " +
                 std::string(k < row.rates.size() ? row.rates[k] : row.seconds[k]) +
                 ", not stored");
            continue;
        }
        if (!variant.empty()) {
            add_variant(variant, std::move(*m));
            continue;
        }
        attach_progress(*m, row.family, row.bits);
        add(std::move(*m), true);
    }
    return !row.rates.empty() && row.rates.size() < row.seconds.size();
}

void RunBuilder::pend_curve(const Progress& p) {
    pending_curves_.push_back({p.family, p.bits, p.op, p.count, p.seconds, false, line_});
}

void RunBuilder::attach_progress(Measurement& m, const std::string& family, int64_t bits) {
    if (family.empty()) return;
    for (auto& p : pending_curves_) {
        if (p.used || p.family != family || p.bits != bits || p.op != m.operation) continue;
        p.used = true;
        m.count = p.count;
        m.seconds = p.seconds;
        double measured = static_cast<double>(p.count) / p.seconds;
        if (std::abs(measured - m.value) > std::max(m.printed_step, m.value * 0.01))
            dispute(m.source_name + " " + std::string(to_string(m.operation)) +
                    ": the progress line gives " + fmt::format("{:.4g}", measured) +
                    "/s, the table " + fmt::format("{:.4g}", m.value) + "/s; the table is kept");
        return;
    }
}

void RunBuilder::add_from_progress(PendingCurve& p, const std::string& id, std::string source_name,
                                   const std::string& why) {
    p.used = true;
    Measurement m;
    m.algorithm = id;
    m.operation = p.op;
    m.count = p.count;
    m.seconds = p.seconds;
    m.value = static_cast<double>(p.count) / p.seconds;
    m.source_name = std::move(source_name);
    m.line = static_cast<uint32_t>(p.line);
    add(std::move(m), false);
    note(id + ": " + why);
}

void RunBuilder::resolve_curves(const std::vector<std::string>& command_words) {
    std::map<std::string, size_t> cursors, listed;  // per family and operation
    for (const auto& p : pending_curves_) ++listed[p.family + std::string(to_string(p.op))];
    for (auto& p : pending_curves_) {
        if (p.used) continue;
        std::vector<std::string> named = command_words;
        // Where bits name one curve only, the progress line is enough.
        if (p.family == kSm2Family) named.push_back(p.family);
        for (const auto& a : algorithm_table())  // EdDSA's curves, each one algorithm
            if (p.family == kEddsaFamily && is_eddsa(a.id)) named.emplace_back(a.id);
        for (const auto& c : curves())  // X25519, X448: ecdhx25519 on a command line
            if (p.family == kEcdhFamily && !c.signs)
                named.push_back(std::string(kEcdhFamily) + std::string(c.suffix));
        for (const auto& word : named) {
            auto [family, id] = command_curve(word);
            // Ed448 is 456 bits in released versions, 448 in 1.1.1 development builds.
            bool bits = curve_bits(id) == p.bits ||
                        (is_eddsa(id) && curve_bits(id) == 456 && p.bits == 448);
            if (family != p.family || !bits) continue;
            add_from_progress(p, id, word, "from its progress line (no table row named the curve)");
            break;
        }
        if (p.used) continue;
        // One line of bits that several curves have stays unnamed; a listing
        // of three or more is openssl's order.
        std::string key = p.family + std::string(to_string(p.op));
        size_t& cursor = cursors[key];
        if (std::string id = curve_in_order(p.family, p.bits, cursor);
            !id.empty() && (listed[key] >= 3 || one_curve_of(p.family, p.bits))) {
            add_from_progress(p, id, fmt::format("{} bits {}", p.bits, p.family),
                              "from its progress line, the curve by its bits and openssl's order");
            continue;
        }
        size_t at = std::exchange(line_, p.line);
        skip(
            fmt::format("a {} bits {} {} progress line names no curve, and no table row or "
                        "command does; not stored",
                        p.bits, p.family, to_string(p.op)));
        line_ = at;
    }
}

// A sum of the processes' records is a figure only when every process
// reported it: -multi output cut off while processes were still running.
void RunBuilder::drop_unfinished_sums() {
    int processes = run_.processes;
    if (processes < 2) return;
    std::erase_if(run_.measurements, [&](const Measurement& m) {
        if (!from_children_.count(metric_key(m)) ||
            m.samples.size() >= static_cast<size_t>(processes))
            return false;
        skip(fmt::format("{}: {} of {} processes reported it; not stored", metric_key(m),
                         m.samples.size(), processes));
        from_children_.erase(metric_key(m));
        return true;
    });
}

// Figures no machine gives (a broken record, 99999999999999.99k) are left
// out here, each a note of its run and a warning at its line: the run parse
// hands on is the run stored, so its key is that of the stored run.
void RunBuilder::leave_out_implausible(Run& run) {
    for (const auto& m : run.measurements) {
        if (plausible_figure(m.value)) continue;
        std::string key = metric_key(m);
        uint32_t at = line_;
        for (const auto& [k, line] : implausible_at_)
            if (k == key) at = line;
        diagnostics_.push_back({at, Severity::warning, false, implausible_note(m)});
    }
    for (auto& n : drop_implausible(run.measurements)) run.notes.push_back(std::move(n));
}

std::vector<Run> RunBuilder::finish() {
    std::vector<Run> out;
    for (auto& [mark, measurements] : variants_) {
        Run v = run_;
        v.measurements = std::move(measurements);
        v.notes.push_back("rows marked '" + mark + "' in the source");
        v.label = mark;
        leave_out_implausible(v);
        if (!v.measurements.empty()) out.push_back(std::move(v));
    }
    variants_.clear();
    settle_child_progress();
    drop_unfinished_sums();
    leave_out_implausible(run_);
    std::vector<Run> repeats;  // after the run: copies of its header, figures of their own
    for (size_t n = 0; n < repeats_.size(); ++n) {
        Run r = run_;
        r.measurements = std::move(repeats_[n]);
        r.notes.push_back("repeat " + std::to_string(n + 2) +
                          " of the run: each row printed again right under itself");
        leave_out_implausible(r);
        if (!r.measurements.empty()) repeats.push_back(std::move(r));
    }
    repeats_.clear();
    implausible_at_.clear();
    if (!run_.measurements.empty()) {
        if (!from_children_.empty())
            note(std::to_string(from_children_.size()) +
                 " figure(s) are the sum of the processes' records: the parent's table is "
                 "missing");
        out.push_back(std::move(run_));
    }
    for (auto& r : repeats) out.push_back(std::move(r));
    return out;
}

}  // namespace speedlab::parse
