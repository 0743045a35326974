#include "asv_steps.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace speedlab::bench {

namespace {
// d[s][t - s - 1]: sum |y_i - median| over y[s, t); two multisets keep the
// lower and upper halves as t grows, so every segment costs O(log n).
std::vector<std::vector<double>> l1_distances(std::span<const double> y) {
    size_t n = y.size();
    std::vector<std::vector<double>> d(n);
    for (size_t s = 0; s < n; ++s) {
        std::multiset<double> low, high;
        double sum_low = 0, sum_high = 0;
        d[s].reserve(n - s);
        for (size_t t = s; t < n; ++t) {
            double v = y[t];
            if (low.empty() || v <= *low.rbegin())
                low.insert(v), sum_low += v;
            else
                high.insert(v), sum_high += v;
            if (low.size() > high.size() + 1) {
                double m = *low.rbegin();
                low.erase(std::prev(low.end())), sum_low -= m;
                high.insert(m), sum_high += m;
            } else if (high.size() > low.size()) {
                double m = *high.begin();
                high.erase(high.begin()), sum_high -= m;
                low.insert(m), sum_low += m;
            }
            double med = *low.rbegin();
            d[s].push_back(sum_high - static_cast<double>(high.size()) * med +
                           static_cast<double>(low.size()) * med - sum_low);
        }
    }
    return d;
}

struct Fit {
    std::vector<size_t> starts;
    double residual = 0;
};

double median_of(std::span<const double> y, size_t from, size_t to) {
    std::vector<double> v(y.begin() + static_cast<std::ptrdiff_t>(from),
                          y.begin() + static_cast<std::ptrdiff_t>(to));
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// asv's floor under the noise, so that a perfect fit is not infinitely good:
// a tenth of the smallest jump, or a thousandth of the level without one.
double sigma0(std::span<const double> y, const std::vector<size_t>& starts) {
    std::vector<double> mu;
    size_t from = 0;
    for (size_t i = 0; i <= starts.size(); ++i) {
        size_t to = i < starts.size() ? starts[i] : y.size();
        mu.push_back(median_of(y, from, to));
        from = to;
    }
    if (mu.size() == 1) return 0.001 * std::abs(mu[0]);
    double smallest = std::numeric_limits<double>::infinity();
    for (size_t i = 1; i < mu.size(); ++i)
        smallest = std::min(smallest, std::abs(mu[i] - mu[i - 1]));
    return 0.1 * smallest;
}

Fit solve_potts(const std::vector<std::vector<double>>& d, double gamma) {
    size_t n = d.size();
    std::vector<double> f(n + 1, std::numeric_limits<double>::infinity());
    std::vector<size_t> last(n + 1, 0);
    f[0] = -gamma;
    for (size_t t = 1; t <= n; ++t)
        for (size_t s = 0; s < t; ++s)
            if (double v = f[s] + d[s][t - s - 1] + gamma; v < f[t]) f[t] = v, last[t] = s;
    Fit fit;
    for (size_t t = n; t > 0; t = last[t]) {
        fit.residual += d[last[t]][t - last[t] - 1];
        if (last[t] > 0) fit.starts.push_back(last[t]);
    }
    std::reverse(fit.starts.begin(), fit.starts.end());
    return fit;
}
}  // namespace

std::vector<size_t> asv_steps(std::span<const double> y) {
    size_t n = y.size();
    if (n < 2) return {};
    auto d = l1_distances(y);
    double gamma0 = d[0][n - 1] > 0 ? d[0][n - 1] : 1;
    double beta = 4 * std::log(static_cast<double>(n)) / static_cast<double>(n);
    Fit best;
    double best_score = std::numeric_limits<double>::infinity();
    for (int k = -60; k <= 0; ++k) {  // gamma from gamma0 / 1000 to gamma0, 20 per decade
        Fit fit = solve_potts(d, gamma0 * std::pow(10.0, k / 20.0));
        double score = beta * static_cast<double>(fit.starts.size() + 1) +
                       std::log(sigma0(y, fit.starts) + fit.residual / static_cast<double>(n));
        if (score < best_score) best_score = score, best = std::move(fit);
    }
    return best.starts;
}

}  // namespace speedlab::bench
