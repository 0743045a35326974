#pragma once
// The regression gate: a candidate run against a baseline, figure by figure,
// with the intervals of the comparison code. A figure regressed when it fell
// by more than the threshold and the fall is beyond noise.
#include <optional>
#include <string>
#include <vector>

#include "compare/interval.h"
#include "compare/mean.h"
#include "core/run.h"

namespace speedlab::compare {

// cannot_say: the ratio or its interval is not a finite number (figures out of
// range); the gate fails rather than pass what it cannot judge.
enum class Verdict { regression, improvement, unchanged, cannot_say };

struct CheckRow {
    std::string metric;   // metric key, "aes-128-cbc@8192"
    double baseline = 0;  // base units
    double candidate = 0;
    RatioStats stats;  // candidate / baseline: above 1 is faster
    Verdict verdict = Verdict::unchanged;
};

struct CheckResult {
    std::vector<CheckRow> rows;        // the shared figures, in the baseline's order
    std::vector<std::string> missing;  // baseline figures the candidate lacks
    double threshold = 0.03, noise = kDefaultNoise;
    // Of candidate / baseline over the shared figures precise enough for it.
    MeanEstimate mean;
    bool allow_missing = false;  // figures the candidate lacks do not fail the gate
    size_t regressions() const;
    size_t improvements() const;
    size_t cannot_say() const;
    // No regression, no figure it cannot judge, and no figure missing unless allowed.
    bool passed() const;
    // "2 regression(s), 71 missing figure(s)": why it did not pass; "" when it did.
    std::string failures() const;
};

// The gate's verdict on one figure, B against baseline A (both positive).
CheckRow check_figure(const Measurement& a, const Measurement& b, double threshold, double noise);

// ROW's ratio into MEAN, left out when either figure is printed too coarsely
// for it (fit_for_mean): the gate against one run and against a history alike.
void add_to_mean(MeanBuilder& mean, const CheckRow& row, const Measurement& a, const Measurement& b,
                 double noise);

// threshold: the relative change that matters (0.03 for 3%).
CheckResult check(const Run& baseline, const Run& candidate, double threshold,
                  double noise = kDefaultNoise, bool allow_missing = false);

}  // namespace speedlab::compare
