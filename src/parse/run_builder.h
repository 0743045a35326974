#pragma once
// Stage 4 of import, resolve: the raw figures of one run (table cells,
// progress lines, -mr records) become canonical measurements, with the
// precision rules and a note for every figure left out or disputed.
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/run.h"
#include "parse/cells.h"
#include "parse/classify.h"
#include "parse/diagnostic.h"

namespace speedlab::parse {

// The figure of one public-key cell pair: the rate, or 1/seconds when the
// seconds were printed with more significant digits (0.9.x: "13.2800s" vs
// "0.1"). Both printed forms are kept. Empty when neither is a figure.
std::optional<Measurement> public_key_figure(const std::string& id, Operation op,
                                             std::optional<Number> rate_cell,
                                             std::optional<Number> seconds_cell,
                                             const std::string& source);

// A figure as a table printed it (a row's cell, a -mr summary record's
// field): VALUE in base units and the STEP of its last printed digit.
Measurement table_figure(const std::string& id, Operation op, int64_t parameter, double value,
                         double step, const std::string& source);

class RunBuilder {
  public:
    explicit RunBuilder(Run start = {}) : run_(std::move(start)) {}

    Run& run() { return run_; }
    const Run& run() const { return run_; }
    bool empty() const { return run_.measurements.empty() && variants_.empty(); }
    // -multi: the parent's table holds the sum, so a progress line never wins.
    void set_multi() { multi_ = true; }
    bool multi() const { return multi_; }
    // While on, every figure added is a -multi child's ("Got: ... from N").
    void from_child(bool on) { child_ = on; }

    // A table figure. A progress-line figure of the same metric (count and
    // seconds) is kept when the two agree within the table's rounding.
    void add_table(Measurement m);
    // A table figure of a curve family ("ecdsa", "ecdh", "eddsa", "sm2",
    // "ffdh"): takes the count of the waiting progress line of its bits.
    void add_curve_table(Measurement m, const std::string& family, int64_t bits);
    void add_progress(const Progress& p);
    // A -multi child's own +R record, printed straight to the terminal: held
    // apart from the echoed ones ("Got: ..."), summed only at finish.
    void add_child_progress(const Progress& p);
    // A -multi child's record: one more per-process sample of the figure.
    void add_child(Measurement m);
    // Rows a person marked ("SW aes-128-cbc") become runs of their own.
    void add_variant(const std::string& mark, Measurement m);
    // The Nth (N >= 1) of a row printed again right under itself: runs
    // interleaved row by row (sbc-bench's "Executing benchmark twice"), the
    // Nth repeat of the run, after it.
    void add_repeat(size_t n, Measurement m);
    // Every column of a public-key row; true when its cells were cut off. A
    // row labelled ("... 7149.7<TAB>software integer") goes to that variant.
    bool add_public_key_row(const PublicKeyRow& row, const std::string& variant = {});
    // Curve progress lines name no curve: they wait for the table row of the
    // same family, bits and operation.
    void pend_curve(const Progress& p);
    // Curve progress lines no row claimed take the curve the command named
    // (or the only curve of that family and size).
    void resolve_curves(const std::vector<std::string>& command_words);

    // A note of the run (once).
    void note(const std::string& text);
    // Two printed forms that disagree: a note of the run and at the line.
    void dispute(const std::string& text);
    // A figure left out: a note of the run and a warning at the line.
    void skip(const std::string& text);
    void at_line(size_t line) { line_ = static_cast<uint32_t>(line); }
    std::vector<Diagnostic> take_diagnostics() { return std::move(diagnostics_); }
    // The run and the runs of marked rows; notes figures that only children gave.
    std::vector<Run> finish();

  private:
    struct PendingCurve {
        std::string family;
        int64_t bits = 0;
        Operation op = Operation::sign;
        int64_t count = 0;
        double seconds = 0;
        bool used = false;
        size_t line = 0;  // of the progress line, for its diagnostic
    };
    void attach_progress(Measurement& m, const std::string& family, int64_t bits);
    // A curve progress line no row claimed, stored as curve `id` with why in the notes.
    void add_from_progress(PendingCurve& p, const std::string& id, std::string source_name,
                           const std::string& why);
    void add(Measurement m, bool from_table);
    void keep_both_forms(Measurement& line, Measurement table);
    void drop_unfinished_sums();
    void settle_child_progress();
    void leave_out_implausible(Run& run);

    Run run_;
    uint32_t line_ = 0;  // inputs are under kMaxInputBytes
    std::vector<Diagnostic> diagnostics_;
    bool multi_ = false, child_ = false;
    // Children's own progress figures by metric, each record a sample.
    std::vector<Measurement> child_progress_figures_;
    std::set<std::string> from_children_;  // figures only child records gave
    std::vector<PendingCurve> pending_curves_;
    // Lines of figures no machine gives, by metric key: rare, so a list.
    std::vector<std::pair<std::string, uint32_t>> implausible_at_;
    std::vector<std::pair<std::string, std::vector<Measurement>>> variants_;  // in order
    std::vector<std::vector<Measurement>> repeats_;  // [n - 1]: the Nth repeat's figures
};

}  // namespace speedlab::parse
