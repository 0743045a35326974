#pragma once
// The comparison of runs against a baseline: the two-run ratio grid (the
// classic `sslcmp` layout of seed 003) or many runs' figures side by side.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compare/caveats.h"
#include "compare/mean.h"
#include "core/measurement.h"
#include "core/run.h"

namespace speedlab::compare {

enum class Significance { unknown, within_noise, significant };

struct RatioCell {
    std::optional<double> ratio;  // missing when either run lacks the figure
    // Relative standard uncertainty of the ratio: each figure's repetitions (or
    // the run-to-run noise floor when measured once) and printed rounding.
    std::optional<double> uncertainty;
    std::optional<double> low, high;  // 95% interval of the ratio
    std::optional<double> p_value;    // Mann-Whitney, where both have >= 5 samples
    Significance significance = Significance::unknown;
    // Either figure printed too coarsely to enter a geometric mean (fit_for_mean).
    bool coarse = false;
};

struct RatioRow {
    std::string algorithm;  // canonical id
    std::vector<RatioCell> cells;
};

// Columns of the public-key part, in sslcmp order: the seconds-per-op ratios
// (sign, verify) then the per-second ratios (sign/s, verify/s); derive for ECDH.
struct PublicKeyColumns {
    static constexpr int sign_seconds = 0, verify_seconds = 1, sign_rate = 2, verify_rate = 3;
};

struct CategoryMean {
    std::string category;  // "digests", "ciphers", "public key", "overall", "BogoMips"
    double geometric_mean = 0;
    size_t cells = 0;  // ratios that entered the mean
    MeanEstimate estimate;
};

// One figure's difference, for the summary's "largest differences".
struct Difference {
    std::string metric;  // "md5@8192", "rsa4096.sign" (per second)
    RatioCell cell;
};

// A run against the baseline in a few numbers: the verdict a report opens with.
struct RunVerdict {
    std::string run, baseline;  // short labels, "2 PCem"
    size_t faster = 0, slower = 0, within_noise = 0, unknown = 0;
    MeanEstimate mean;                // over every shared per-second figure
    std::vector<Difference> largest;  // at most 3, largest first
};

// Two runs as openssl speed lays them out (the classic `sslcmp` table of seed
// 003): rows of algorithms, each cell B/A with A the baseline.
struct RatioGrid {
    std::vector<int64_t> sizes;  // union of both runs' block sizes
    std::vector<RatioRow> symmetric;
    std::vector<RatioRow> public_key;    // 4 cells: sign, verify (seconds), sign/s, verify/s
    std::vector<RatioRow> key_exchange;  // 1 cell: derive op/s
    std::vector<RatioRow> bogomips;      // 1 cell: BogoMips, a mean of its own
    std::vector<CategoryMean> means;
    size_t shared_cells = 0;
};

// Many runs: one figure's value in every run and its ratio to the baseline's.
struct FigureRow {
    MetricKey metric;
    std::vector<std::optional<double>> values;         // one per run, base units
    std::vector<RatioCell> vs_baseline;                // value / baseline value, with uncertainty
    std::vector<std::optional<double>> printed_steps;  // source precision, 0 = full
    std::vector<std::optional<double>> cv;             // coefficient of variation where repeated
};

// The one comparison model: runs against a baseline, either as the two-run
// grid of ratios (`grid` set, `rows` empty) or as figures side by side.
struct Comparison {
    std::vector<std::string> labels;        // one per run (a grid's: A, then B)
    std::vector<std::string> short_labels;  // "2 engine": id and label, for narrow places
    std::vector<std::string> machines;      // each run's machine name
    size_t baseline = 0;
    std::optional<RatioGrid> grid;  // two runs: A = labels[baseline], B = the other
    std::vector<FigureRow> rows;
    std::vector<RunVerdict> verdicts;  // one per run but the baseline, in run order
    std::vector<std::string> caveats;  // what makes the runs less comparable
    double noise = 0.02;               // the noise floor the intervals assume
    size_t omitted = 0;  // rows (grid) or figures fewer than two runs have, left out unless `all`

    // Figures at least two runs have: nothing to compare when 0.
    size_t shared() const;
};

// `noise`: run-to-run relative noise assumed for a figure measured once;
// `all`: keep rows and columns the two runs do not share.
Comparison ratio_table(const Run& a, const Run& b, double noise = 0.02, bool all = false);

// Every figure any of RUNS has, each once, in classic order.
std::vector<MetricKey> metric_keys(const std::vector<Run>& runs);

// metrics empty: every figure any run has, in classic order.
Comparison side_by_side(const std::vector<Run>& runs, size_t baseline,
                        const std::vector<MetricKey>& metrics, double noise = 0.02,
                        bool all = false);

struct CompareRequest {
    size_t baseline = 0;             // index into the runs
    std::vector<MetricKey> metrics;  // empty: every figure the runs share
    double noise = 0.02;
    bool all = false;           // also figures fewer than two runs have
    bool side_by_side = false;  // even for two runs
};

// Two runs give the ratio grid, more (or chosen figures) the side-by-side rows.
Comparison comparison(const std::vector<Run>& runs, const CompareRequest& request);

// "12 (tilia)" style label for a run in table headers.
std::string run_label(const Run& run);

// Counts, geometric mean and largest differences of (metric, cell) pairs.
RunVerdict verdict_of(const std::vector<Difference>& cells, std::string run, std::string baseline);

}  // namespace speedlab::compare
