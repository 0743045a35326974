#include "compare/ratio.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "compare/interval.h"
#include "core/algorithm.h"
#include "core/statistics.h"

namespace speedlab::compare {

namespace {

RatioCell cell(const Measurement* a, const Measurement* b, bool inverse, double noise) {
    RatioCell c;
    if (!a || !b || a->value <= 0 || b->value <= 0) return c;
    c.coarse = !fit_for_mean(*a, noise) || !fit_for_mean(*b, noise);
    RatioStats r = ratio_stats(*a, *b, inverse, noise);
    c.ratio = r.ratio;
    c.uncertainty = r.uncertainty;
    c.low = r.low;
    c.high = r.high;
    c.p_value = r.p_value;
    c.significance = r.significant ? Significance::significant : Significance::within_noise;
    return c;
}

// Ids of one kind (digests and ciphers both count as throughput).
std::vector<std::string> ids_of(const Run& a, const Run& b, AlgorithmKind kind) {
    auto group = [](AlgorithmKind k) {
        return k == AlgorithmKind::digest ? AlgorithmKind::cipher : k;
    };
    std::vector<std::string> ids;
    for (const Run* r : {&a, &b})
        for (const auto& m : r->measurements)
            if (group(kind_of(m.algorithm)) == group(kind) &&
                std::find(ids.begin(), ids.end(), m.algorithm) == ids.end())
                ids.push_back(m.algorithm);
    std::stable_sort(ids.begin(), ids.end(),
                     [](const auto& x, const auto& y) { return print_rank(x) < print_rank(y); });
    return ids;
}

}  // namespace

RunVerdict verdict_of(const std::vector<Difference>& cells, std::string run, std::string baseline) {
    RunVerdict v;
    v.run = std::move(run);
    v.baseline = std::move(baseline);
    MeanBuilder mean;
    for (const auto& d : cells) {
        if (!d.cell.ratio) continue;
        mean.add(d.metric, d.cell);
        if (d.cell.significance == Significance::within_noise)
            ++v.within_noise;
        else if (d.cell.significance == Significance::unknown)
            ++v.unknown;
        else
            ++(*d.cell.ratio > 1 ? v.faster : v.slower);
    }
    v.mean = mean.result();
    // Largest first, among the figures fit for the mean only: a typed "0.1"
    // the mean leaves out must not headline the summary either.
    std::vector<const Difference*> order;
    for (const auto& d : cells)
        if (d.cell.ratio && !d.cell.coarse) order.push_back(&d);
    std::stable_sort(order.begin(), order.end(), [](const Difference* x, const Difference* y) {
        return std::fabs(std::log(*x->cell.ratio)) > std::fabs(std::log(*y->cell.ratio));
    });
    // One per algorithm (cast5 at three block sizes says less than three
    // algorithms), and the largest beyond noise the other way, where there is one.
    auto algorithm = [](const std::string& metric) {
        return metric.substr(0, metric.find_first_of("@."));
    };
    auto take = [&](auto wanted) {
        for (const Difference* d : order)
            if (v.largest.size() < 3 && wanted(*d) &&
                std::none_of(v.largest.begin(), v.largest.end(), [&](const Difference& x) {
                    return algorithm(x.metric) == algorithm(d->metric);
                })) {
                v.largest.push_back(*d);
                return;
            }
    };
    auto any = [](const Difference&) { return true; };
    take(any);
    if (!v.largest.empty()) {
        bool up = *v.largest[0].cell.ratio > 1;
        take([&](const Difference& d) {
            return d.cell.significance == Significance::significant && (*d.cell.ratio > 1) != up;
        });
    }
    take(any);
    take(any);
    return v;
}

std::string run_label(const Run& run) {
    if (run.id == 0) return run.label.empty() ? std::string("(unstored run)") : run.label;
    std::string l = std::to_string(run.id);
    if (!run.label.empty()) l += " " + run.label;
    return l;
}

namespace {
bool any_ratio(const RatioRow& r) {
    return std::any_of(r.cells.begin(), r.cells.end(),
                       [](const auto& c) { return c.ratio.has_value(); });
}

// Only what both runs have: rows and block-size columns without a single
// shared figure are left out (counted in `omitted`).
void keep_shared(RatioGrid& t, size_t& omitted) {
    std::vector<size_t> columns;
    for (size_t k = 0; k < t.sizes.size(); ++k)
        if (std::any_of(t.symmetric.begin(), t.symmetric.end(),
                        [&](const RatioRow& r) { return r.cells[k].ratio.has_value(); }))
            columns.push_back(k);
    std::vector<int64_t> sizes;
    for (size_t k : columns) sizes.push_back(t.sizes[k]);
    for (auto& r : t.symmetric) {
        std::vector<RatioCell> cells;
        for (size_t k : columns) cells.push_back(r.cells[k]);
        r.cells = std::move(cells);
    }
    t.sizes = std::move(sizes);
    for (auto* rows : {&t.symmetric, &t.public_key, &t.key_exchange, &t.bogomips}) {
        size_t before = rows->size();
        std::erase_if(*rows, [](const RatioRow& r) { return !any_ratio(r); });
        omitted += before - rows->size();
    }
}

// Who is compared: labels, machines, the noise floor and the caveats.
Comparison runs_compared(const std::vector<const Run*>& runs, size_t baseline, double noise) {
    Comparison c;
    c.noise = noise;
    c.baseline = baseline;
    for (const Run* r : runs) {
        c.labels.push_back(run_label(*r));
        c.short_labels.push_back(short_label(*r));
        c.machines.push_back(r->machine->label);
    }
    c.caveats = comparability_caveats(runs);
    return c;
}
}  // namespace

namespace {
// Fills a two-run grid row by row, and from every cell with a ratio the
// category means and the figures the verdict is drawn from.
struct GridBuilder {
    const Run &a, &b;
    double noise;
    RatioGrid& t;
    std::map<std::string, MeanBuilder> by_category;
    std::vector<Difference> rates;   // the per-second figures, once each
    std::vector<Difference> scores;  // BogoMips: a verdict only where nothing else is shared

    RatioCell at(const std::string& id, Operation op, int64_t parameter, bool inverse = false) {
        return cell(a.find(id, op, parameter), b.find(id, op, parameter), inverse, noise);
    }
    bool either(const std::string& id, Operation op) {
        return a.find(id, op, 0) || b.find(id, op, 0);
    }

    void account(const std::string& metric, const std::string& id, const RatioCell& c) {
        if (!c.ratio) return;
        ++t.shared_cells;
        AlgorithmKind k = kind_of(id);
        if (k == AlgorithmKind::bogomips) {
            by_category["BogoMips"].add(metric, c);
            scores.push_back({metric, c});
            return;
        }
        by_category[k == AlgorithmKind::digest   ? "digests"
                    : k == AlgorithmKind::cipher ? "ciphers"
                                                 : "public key"]
            .add(metric, c);
        by_category["overall"].add(metric, c);
        rates.push_back({metric, c});
    }

    void symmetric() {
        for (const auto& id : ids_of(a, b, AlgorithmKind::cipher)) {
            RatioRow row{id, {}};
            for (auto size : t.sizes) {
                row.cells.push_back(at(id, Operation::throughput, size));
                account(id + "@" + std::to_string(size), id, row.cells.back());
            }
            t.symmetric.push_back(std::move(row));
        }
    }

    // A key exchange has one cell (derive), a signature four (PublicKeyColumns).
    void public_key() {
        for (const auto& id : ids_of(a, b, AlgorithmKind::public_key)) {
            if (either(id, Operation::derive)) {
                t.key_exchange.push_back({id, {at(id, Operation::derive, 0)}});
                account(id + ".derive", id, t.key_exchange.back().cells.back());
                continue;
            }
            if (!either(id, Operation::sign) && !either(id, Operation::verify)) continue;
            RatioRow row{id,
                         {at(id, Operation::sign, 0, true), at(id, Operation::verify, 0, true),
                          at(id, Operation::sign, 0), at(id, Operation::verify, 0)}};
            account(id + ".sign", id, row.cells[PublicKeyColumns::sign_rate]);
            account(id + ".verify", id, row.cells[PublicKeyColumns::verify_rate]);
            t.public_key.push_back(std::move(row));
        }
    }

    void bogomips() {
        for (const auto& id : ids_of(a, b, AlgorithmKind::bogomips)) {
            t.bogomips.push_back({id, {at(id, Operation::score, 0)}});
            account(id + ".score", id, t.bogomips.back().cells.back());
        }
    }

    void means() {
        for (const char* cat : {"digests", "ciphers", "public key", "overall", "BogoMips"}) {
            auto it = by_category.find(cat);
            if (it == by_category.end()) continue;
            MeanEstimate e = it->second.result();
            if (e.empty() && e.left_out == 0) continue;
            t.means.push_back({cat, e.ratio, e.figures, e});
        }
    }
};
}  // namespace

Comparison ratio_table(const Run& a, const Run& b, double noise, bool all) {
    Comparison c = runs_compared({&a, &b}, 0, noise);
    RatioGrid& t = c.grid.emplace();
    std::set<int64_t> sizes = block_sizes(a);
    sizes.merge(block_sizes(b));
    t.sizes.assign(sizes.begin(), sizes.end());
    GridBuilder grid{a, b, noise, t, {}, {}, {}};
    grid.symmetric();
    grid.public_key();
    grid.bogomips();
    grid.means();
    c.verdicts = {
        verdict_of(grid.rates.empty() ? grid.scores : grid.rates, short_label(b), short_label(a))};
    if (!all) keep_shared(t, c.omitted);
    return c;
}

std::vector<MetricKey> metric_keys(const std::vector<Run>& runs) {
    std::vector<MetricKey> keys;
    std::set<std::string> seen;
    for (const auto& r : runs)
        for (const auto& m : r.measurements)
            if (seen.insert(metric_key(m)).second)
                keys.push_back({m.algorithm, m.operation, m.parameter});
    std::stable_sort(keys.begin(), keys.end(), [](const MetricKey& x, const MetricKey& y) {
        int rx = print_rank(x.algorithm), ry = print_rank(y.algorithm);
        if (rx != ry) return rx < ry;
        if (x.algorithm != y.algorithm) return x.algorithm < y.algorithm;
        if (x.parameter != y.parameter) return x.parameter < y.parameter;
        return static_cast<int>(x.operation) < static_cast<int>(y.operation);
    });
    return keys;
}

Comparison side_by_side(const std::vector<Run>& runs, size_t baseline,
                        const std::vector<MetricKey>& metrics, double noise, bool all) {
    std::vector<const Run*> ptrs;
    for (const auto& r : runs) ptrs.push_back(&r);
    Comparison s = runs_compared(ptrs, baseline, noise);
    std::vector<MetricKey> keys = metrics.empty() ? metric_keys(runs) : metrics;
    for (const auto& k : keys) {
        FigureRow row{k, {}, {}, {}, {}};
        const Measurement* base = baseline < runs.size()
                                      ? runs[baseline].find(k.algorithm, k.operation, k.parameter)
                                      : nullptr;
        for (const auto& r : runs) {
            const Measurement* m = r.find(k.algorithm, k.operation, k.parameter);
            row.values.push_back(m ? std::optional(m->value) : std::nullopt);
            row.printed_steps.push_back(m ? std::optional(m->printed_step) : std::nullopt);
            row.cv.push_back(m && m->samples.size() >= 2 ? std::optional(summarize(m->samples).cv())
                                                         : std::nullopt);
            row.vs_baseline.push_back(cell(base, m, false, noise));
        }
        size_t present = static_cast<size_t>(std::count_if(
            row.values.begin(), row.values.end(), [](const auto& v) { return v.has_value(); }));
        // Figures only one run has come only with --all (or when named).
        if (present < 2 && metrics.empty() && !all && runs.size() >= 2) {
            ++s.omitted;
            continue;
        }
        s.rows.push_back(std::move(row));
    }
    for (size_t i = 0; i < runs.size() && baseline < runs.size(); ++i) {
        if (i == baseline) continue;
        std::vector<Difference> cells;
        for (const auto& r : s.rows)
            if (r.vs_baseline[i].ratio) cells.push_back({metric_key(r.metric), r.vs_baseline[i]});
        s.verdicts.push_back(verdict_of(cells, s.short_labels[i], s.short_labels[baseline]));
    }
    return s;
}

size_t Comparison::shared() const {
    if (grid) return grid->shared_cells;
    size_t n = 0;
    for (const auto& r : rows)
        n += std::count_if(r.values.begin(), r.values.end(),
                           [](const auto& v) { return v.has_value(); }) >= 2;
    return n;
}

Comparison comparison(const std::vector<Run>& runs, const CompareRequest& request) {
    if (runs.size() == 2 && request.metrics.empty() && !request.side_by_side) {
        return ratio_table(runs[request.baseline], runs[1 - request.baseline], request.noise,
                           request.all);
    }
    return side_by_side(runs, request.baseline, request.metrics, request.noise, request.all);
}

}  // namespace speedlab::compare
