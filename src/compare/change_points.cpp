#include "compare/change_points.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

#include "core/statistics.h"

namespace speedlab::compare {

namespace {
double median_of(std::vector<double> v) {
    if (v.empty()) return 0;
    size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
    double m = v[mid];
    if (v.size() % 2 == 0)
        m = (m + *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid))) / 2;
    return m;
}

// splitmix64: a small, well mixed generator, so a history reads the same every time.
uint64_t next_random(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// The largest tau (n - tau) / n (mean before - mean after)^2 over the split points.
double split_statistic(std::span<const double> y, size_t min_segment) {
    double total = 0;
    for (double v : y) total += v;
    double best = 0, left = 0;
    auto n = static_cast<double>(y.size());
    for (size_t t = 1; t < y.size(); ++t) {
        left += y[t - 1];
        if (t < min_segment || y.size() - t < min_segment) continue;
        auto k = static_cast<double>(t);
        double d = left / k - (total - left) / (n - k);
        best = std::max(best, k * (n - k) / n * d * d);
    }
    return best;
}
}  // namespace

double series_noise(std::span<const double> logs) {
    if (logs.size() < 3) return 0;
    std::vector<double> d;
    d.reserve(logs.size() - 1);
    for (size_t i = 1; i < logs.size(); ++i) d.push_back(logs[i] - logs[i - 1]);
    double centre = median_of(d);
    for (double& x : d) x = std::abs(x - centre);
    return 1.4826 * median_of(d) / std::sqrt(2.0);
}

std::vector<double> hampel(std::span<const double> logs, double noise, double limit) {
    std::vector<double> out(logs.begin(), logs.end());
    for (size_t i = 0; i < logs.size(); ++i) {
        size_t from = i >= 2 ? i - 2 : 0, to = std::min(logs.size(), i + 3);
        if (to - from < 3) continue;
        double m = median_of({logs.begin() + static_cast<std::ptrdiff_t>(from),
                              logs.begin() + static_cast<std::ptrdiff_t>(to)});
        if (std::abs(logs[i] - m) > limit * noise) out[i] = m;
    }
    return out;
}

namespace {
// Exact PELT. Its pruning leaves every start of a long stretch without a
// change as a candidate, so it costs n^2 / 2 there: pelt() gives it blocks.
std::vector<size_t> pelt_exact(std::span<const double> y, double noise, double beta,
                               size_t min_segment) {
    size_t n = y.size(), m = std::max<size_t>(1, min_segment);
    if (n < 2 * m || noise <= 0) return {};
    std::vector<double> s1(n + 1, 0), s2(n + 1, 0);
    for (size_t i = 0; i < n; ++i) s1[i + 1] = s1[i] + y[i], s2[i + 1] = s2[i] + y[i] * y[i];
    double var = noise * noise;
    auto cost = [&](size_t s, size_t t) {
        double a = s1[t] - s1[s], len = static_cast<double>(t - s);
        return std::max(0.0, s2[t] - s2[s] - a * a / len) / var;
    };
    constexpr double kNone = std::numeric_limits<double>::infinity();
    std::vector<double> f(n + 1, kNone);
    std::vector<size_t> last(n + 1, 0), candidates;
    f[0] = -beta;
    for (size_t t = m; t <= n; ++t) {
        if (f[t - m] < kNone) candidates.push_back(t - m);  // a segment of m may end at t
        for (size_t s : candidates)
            if (double v = f[s] + cost(s, t) + beta; v < f[t]) f[t] = v, last[t] = s;
        std::erase_if(candidates, [&](size_t s) { return f[s] + cost(s, t) > f[t]; });
    }
    std::vector<size_t> starts;
    for (size_t t = n; last[t] > 0; t = last[t]) starts.push_back(last[t]);
    std::reverse(starts.begin(), starts.end());
    return starts;
}
}  // namespace

std::vector<size_t> pelt(std::span<const double> y, double noise, double beta, size_t min_segment) {
    if (y.size() <= kPeltBlock) return pelt_exact(y, noise, beta, min_segment);
    // Overlapping blocks; each keeps the changes of its middle, where both
    // sides have kPeltOverlap points of context, so a change is found once.
    std::vector<size_t> starts;
    size_t step = kPeltBlock - 2 * kPeltOverlap;
    for (size_t from = 0; from < y.size(); from += step) {
        size_t to = std::min(y.size(), from + kPeltBlock);
        size_t keep_from = from == 0 ? 0 : from + kPeltOverlap;
        size_t keep_to = to == y.size() ? to : to - kPeltOverlap;
        for (size_t at : pelt_exact(y.subspan(from, to - from), noise, beta, min_segment))
            if (from + at >= keep_from && from + at < keep_to) starts.push_back(from + at);
        if (to == y.size()) break;
    }
    return starts;
}

double permutation_p(std::span<const double> y, size_t min_segment, size_t permutations,
                     uint64_t seed, double stop_above) {
    if (y.size() < 2 * std::max<size_t>(1, min_segment)) return 1;
    double observed = split_statistic(y, min_segment);
    std::vector<double> shuffled(y.begin(), y.end());
    size_t as_large = 0;
    uint64_t state = seed;
    for (size_t k = 0; k < permutations; ++k) {
        for (size_t i = shuffled.size() - 1; i > 0; --i)
            std::swap(shuffled[i], shuffled[next_random(state) % (i + 1)]);
        if (split_statistic(shuffled, min_segment) >= observed * (1 - 1e-12)) ++as_large;
        double least = static_cast<double>(as_large + 1) / static_cast<double>(permutations + 1);
        if (least > stop_above) return least;  // most changes PELT proposes in noise end here
    }
    return static_cast<double>(as_large + 1) / static_cast<double>(permutations + 1);
}

namespace {
// The change at starts[k], with the segments either side (at most `window` points each).
ChangePoint describe(std::span<const double> values, std::span<const double> y,
                     const std::vector<size_t>& starts, size_t k, double noise,
                     const ChangePointOptions& o) {
    size_t at = starts[k];
    size_t from = k > 0 ? starts[k - 1] : 0, to = k + 1 < starts.size() ? starts[k + 1] : y.size();
    from = std::max(from, at > o.window ? at - o.window : 0);
    to = std::min(to, at + o.window);
    ChangePoint c;
    c.index = at;
    c.before = median_of({values.begin() + static_cast<std::ptrdiff_t>(from),
                          values.begin() + static_cast<std::ptrdiff_t>(at)});
    c.after = median_of({values.begin() + static_cast<std::ptrdiff_t>(at),
                         values.begin() + static_cast<std::ptrdiff_t>(to)});
    c.ratio = c.before > 0 ? c.after / c.before : 1;
    double n1 = static_cast<double>(at - from), n2 = static_cast<double>(to - at);
    double se = 1.2533 * noise * std::sqrt(1 / n1 + 1 / n2);  // of a difference of medians
    double h = t95(to - from - 2) * se;
    c.low = c.ratio * std::exp(-h);
    c.high = c.ratio * std::exp(h);
    uint64_t seed = 0x5EED0000ULL ^ (static_cast<uint64_t>(y.size()) << 32) ^ at;
    c.p = permutation_p(y.subspan(from, to - from), o.min_segment, o.permutations, seed, o.max_p);
    return c;
}
}  // namespace

std::vector<ChangePoint> change_points(std::span<const double> values,
                                       const ChangePointOptions& o) {
    std::vector<double> logs;
    logs.reserve(values.size());
    for (double v : values) logs.push_back(std::log(std::max(v, 1e-300)));
    double noise = std::max(series_noise(logs), o.noise_floor);
    std::vector<double> y = hampel(logs, noise);
    double beta = o.penalty * std::log(std::max<double>(2, static_cast<double>(y.size())));
    std::vector<size_t> starts = pelt(y, noise, beta, o.min_segment);
    // A change that fails its test goes; its neighbours are tested again on the wider segments.
    std::vector<ChangePoint> out;
    // A change whose neighbours stay is described as before: each round tests only
    // the changes next to one that went.
    std::map<std::tuple<size_t, size_t, size_t>, ChangePoint> described;
    for (bool dropped = true; dropped;) {
        dropped = false;
        out.clear();
        std::vector<size_t> kept;
        for (size_t k = 0; k < starts.size(); ++k) {
            auto key = std::make_tuple(k ? starts[k - 1] : 0, starts[k],
                                       k + 1 < starts.size() ? starts[k + 1] : y.size());
            auto it = described.find(key);
            if (it == described.end())
                it = described.emplace(key, describe(values, y, starts, k, noise, o)).first;
            const ChangePoint& c = it->second;
            if (c.p <= o.max_p) {
                kept.push_back(starts[k]);
                out.push_back(c);
            } else {
                dropped = true;
            }
        }
        starts = std::move(kept);
    }
    return out;
}

}  // namespace speedlab::compare
