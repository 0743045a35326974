#include "compare/interval.h"

#include <algorithm>
#include <cmath>

#include "core/statistics.h"

namespace speedlab::compare {

namespace {
constexpr double kZ95 = 1.959964;

double rounding(const Measurement& m) {
    // Half a printed step, spread uniformly.
    return m.printed_step > 0 ? m.printed_step / 2 / std::sqrt(3.0) / m.value : 0;
}

double normal_cdf(double z) {
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}
}  // namespace

double figure_uncertainty(const Measurement& m, double noise) {
    double spread = noise;
    if (m.samples.size() >= 2) {
        Summary s = summarize(m.samples);
        // Standard error of a median: sqrt(pi/2) times that of a mean; widened
        // by Student's t over the normal quantile, as few samples know little.
        spread = 1.2533 * s.cv() / std::sqrt(static_cast<double>(s.n)) * t95(s.n - 1) / kZ95;
    }
    return std::hypot(spread, rounding(m));
}

namespace {
// A rank test needs repetitions of the figure itself; the per-process samples
// of a -multi run are fractions of it (their sum is the figure).
bool samples_repeat_figure(const Measurement& m) {
    double median = summarize(m.samples).median;
    return median > 0.7 * m.value && median < 1.3 * m.value;
}
}  // namespace

RatioStats ratio_stats(const Measurement& a, const Measurement& b, bool inverse, double noise) {
    RatioStats r;
    r.ratio = inverse ? a.value / b.value : b.value / a.value;
    r.uncertainty = std::hypot(figure_uncertainty(a, noise), figure_uncertainty(b, noise));
    r.low = r.ratio * std::exp(-kZ95 * r.uncertainty);
    r.high = r.ratio * std::exp(kZ95 * r.uncertainty);
    if (a.samples.size() >= 5 && b.samples.size() >= 5 && samples_repeat_figure(a) &&
        samples_repeat_figure(b)) {
        r.p_value = mann_whitney_p(a.samples, b.samples);
        r.significant = *r.p_value < 0.05 && (r.low > 1 || r.high < 1);
    } else {
        r.significant = r.low > 1 || r.high < 1;
    }
    return r;
}

double floor_half_width(double noise) {
    return std::exp(kZ95 * std::sqrt(2.0) * noise) - 1;
}

bool wider_than_floor(double ratio, double high, double noise) {
    return high / ratio - 1 > floor_half_width(noise) + 0.01;
}

double mann_whitney_p(const std::vector<double>& x, const std::vector<double>& y) {
    struct Item {
        double v;
        bool from_x;
    };
    std::vector<Item> all;
    for (double v : x) all.push_back({v, true});
    for (double v : y) all.push_back({v, false});
    std::sort(all.begin(), all.end(), [](const Item& p, const Item& q) { return p.v < q.v; });
    double rank_x = 0, ties = 0;
    for (size_t i = 0; i < all.size();) {
        size_t j = i;
        while (j < all.size() && all[j].v == all[i].v) ++j;
        double mid = (static_cast<double>(i + j) + 1) / 2;  // ranks are 1-based
        double t = static_cast<double>(j - i);
        ties += t * t * t - t;
        for (size_t k = i; k < j; ++k)
            if (all[k].from_x) rank_x += mid;
        i = j;
    }
    double n1 = static_cast<double>(x.size()), n2 = static_cast<double>(y.size()), n = n1 + n2;
    double u = rank_x - n1 * (n1 + 1) / 2;
    double mean = n1 * n2 / 2;
    double var = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)));
    if (var <= 0) return 1;
    double z = (std::fabs(u - mean) - 0.5) / std::sqrt(var);
    return std::min(1.0, 2 * (1 - normal_cdf(std::max(z, 0.0))));
}

std::vector<std::pair<std::string, double>> noisy_figures(const Run& run, double limit) {
    std::vector<std::pair<std::string, double>> out;
    for (const auto& m : run.measurements) {
        if (m.samples.size() < 2) continue;
        double cv = summarize(m.samples).cv();
        if (cv > limit) out.emplace_back(metric_key(m), cv);
    }
    return out;
}

}  // namespace speedlab::compare
