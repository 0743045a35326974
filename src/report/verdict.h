#pragma once
// The summary a report opens with, in words: per run against the baseline,
// the counts, the geometric mean with its interval, the largest differences.
#include <string>
#include <vector>

#include "compare/ratio.h"

namespace speedlab::report {

// "2.16x", "7370x", "0.00352x": a ratio as a factor.
std::string factor(double ratio);

// "-2.8% to +8.6%", "120x to 150x slower", "-40% to 2.5x faster".
std::string range(double low, double high);

// "2.7% faster", "2.16x slower".
std::string change_words(double ratio);

// "2 PCem against 7 tilia: 0 faster, 1 slower, 2 within noise"
std::string verdict_headline(const compare::RunVerdict& v);

// "geometric mean +2.7% (95%: -2.9% to +8.7%) over 1 figure", or that there
// is none.
std::string mean_text(const compare::MeanEstimate& m);

// "2 figures left out of the mean, printed with fewer than 3 significant
// digits or rounded beyond the noise floor: rsa4096.sign, rsa4096.verify";
// empty when none was.
std::string left_out_text(const compare::MeanEstimate& m);

// "2 PCem is 2.7% faster than 7 tilia in md5@8192, within noise (95%: -2.9% to +8.7%)"
std::string difference_sentence(const compare::Difference& d, const std::string& run,
                                const std::string& baseline);

// "3.49x faster in cast5-cbc@1024 (95%: 3.3x to 3.69x)": a difference without the names.
std::string difference_phrase(const compare::Difference& d);

// Why figures are left out of a geometric mean, once for a report.
std::string left_out_rule();

// One line for a run among many: counts, mean (and how many left out*), largest difference.
std::string compact_line(const compare::RunVerdict& v);

// The summary as plain lines: per run a headline with the mean, what was left
// out, and the largest differences; for more than 4 runs one compact line each
// and the rule of what is left out once.
std::vector<std::string> verdict_lines(const std::vector<compare::RunVerdict>& verdicts);

}  // namespace speedlab::report
