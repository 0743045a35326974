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
    RatioStats r = ratio_stats(*a, *b, inverse, noise);
    c.ratio = r.ratio;
    c.uncertainty = r.uncertainty;
    c.low = r.low;
    c.high = r.high;
    c.p_value = r.p_value;
    c.significance = r.significant ? Significance::significant : Significance::within_noise;
    return c;
}

std::vector<std::string> ids_of(const Run& a, const Run& b, bool public_key) {
    std::vector<std::string> ids;
    for (const Run* r : {&a, &b})
        for (const auto& m : r->measurements)
            if ((kind_of(m.algorithm) == AlgorithmKind::public_key) == public_key &&
                std::find(ids.begin(), ids.end(), m.algorithm) == ids.end())
                ids.push_back(m.algorithm);
    std::stable_sort(ids.begin(), ids.end(),
                     [](const auto& x, const auto& y) { return print_rank(x) < print_rank(y); });
    return ids;
}

std::set<int64_t> sizes_of(const Run& r) {
    std::set<int64_t> s;
    for (const auto& m : r.measurements)
        if (m.operation == Operation::throughput) s.insert(m.parameter);
    return s;
}

std::vector<std::string> build_flags(const std::string& compiler) {
    std::vector<std::string> out;
    size_t i = 0;
    while (i < compiler.size()) {
        size_t j = compiler.find(' ', i);
        if (j == std::string::npos) j = compiler.size();
        std::string w = compiler.substr(i, j - i);
        if (w.rfind("-march=", 0) == 0 || w.rfind("-mcpu=", 0) == 0 || w.rfind("-mtune=", 0) == 0 ||
            w == "-m486" || w == "-m386" || w == "-DNO_ASM" || w == "-DOPENSSL_NO_ASM" ||
            (w.rfind("-O", 0) == 0 && w.size() <= 3))
            out.push_back(w);
        i = j + 1;
    }
    return out;
}

bool uses_asm(const std::string& compiler) {
    return compiler.find("_ASM") != std::string::npos &&
           compiler.find("NO_ASM") == std::string::npos;
}

std::string platform_of(const Run& r) {
    std::string kind;
    switch (r.machine->kind) {
        case MachineKind::emulated:
            kind = "emulated" + (r.machine->emulator.empty() ? "" : " by " + r.machine->emulator);
            break;
        case MachineKind::virtual_machine:
            kind = "virtual machine";
            break;
        case MachineKind::physical:
            kind = "physical";
            break;
        case MachineKind::unknown:
            kind = r.platform == "native" ? "native" : "unknown";
            break;
    }
    bool wrapped = !r.platform.empty() && r.platform != "native";
    return wrapped && r.machine->emulator.find(r.platform) == std::string::npos
               ? kind + " under " + r.platform
               : kind;
}

}  // namespace

std::string run_label(const Run& run) {
    if (run.id == 0) return run.label.empty() ? std::string("(unstored run)") : run.label;
    std::string l = std::to_string(run.id);
    if (!run.label.empty()) l += " " + run.label;
    return l;
}

std::vector<std::string> comparability_caveats(const std::vector<const Run*>& runs) {
    std::vector<std::string> out;
    if (runs.size() < 2) return out;
    auto differs = [&](auto get) {
        for (const Run* r : runs)
            if (get(*r) != get(*runs.front())) return true;
        return false;
    };
    auto list = [&](auto get) {
        std::string s;
        for (const Run* r : runs) s += (s.empty() ? "" : "; ") + run_label(*r) + ": " + get(*r);
        return s;
    };
    auto version = [](const Run& r) {
        return r.version.empty() ? std::string("unknown version") : r.version;
    };
    if (differs(version)) out.push_back("benchmark versions differ (" + list(version) + ")");
    auto asm_mode = [](const Run& r) {
        if (r.compiler.empty()) return std::string("build flags unknown");
        return std::string(r.compiler.find("NO_ASM") != std::string::npos ? "NO_ASM (C only)"
                           : uses_asm(r.compiler)                         ? "assembler"
                                                                          : "no asm flags printed");
    };
    if (differs(asm_mode)) out.push_back("assembler use differs (" + list(asm_mode) + ")");
    auto flags = [](const Run& r) {
        std::string s;
        for (const auto& f : build_flags(r.compiler)) s += (s.empty() ? "" : " ") + f;
        return s.empty() ? std::string("none printed") : s;
    };
    if (differs(flags)) out.push_back("compiler flags differ (" + list(flags) + ")");
    auto timing = [](const Run& r) { return to_string(r.timing); };
    if (differs(timing))
        out.push_back("timing differs: user CPU time versus wall time (" + list(timing) + ")");
    auto processes = [](const Run& r) {
        return r.processes > 1 ? std::to_string(r.processes) + " processes (sums)"
                               : std::string("1 process");
    };
    if (differs(processes))
        out.push_back("processes differ: a -multi run's figures are sums over its processes (" +
                      list(processes) + ")");
    if (differs(platform_of)) out.push_back("platforms differ (" + list(platform_of) + ")");
    auto mask = [](const Run& r) { return r.cpu_mask.empty() ? std::string("none") : r.cpu_mask; };
    if (differs(mask)) out.push_back("CPU feature masks differ (" + list(mask) + ")");
    auto sizes = [](const Run& r) {
        std::string s;
        for (auto x : sizes_of(r)) s += (s.empty() ? "" : ",") + std::to_string(x);
        return s.empty() ? std::string("none") : s;
    };
    std::vector<const Run*> with_sizes;
    for (const Run* r : runs)
        if (!sizes_of(*r).empty()) with_sizes.push_back(r);
    auto sizes_differ = [&] {
        for (const Run* r : with_sizes)
            if (sizes(*r) != sizes(*with_sizes.front())) return true;
        return false;
    };
    if (sizes_differ()) {
        std::string s;
        for (const Run* r : with_sizes)
            s += (s.empty() ? "" : "; ") + run_label(*r) + ": " + sizes(*r);
        out.push_back(
            "block sizes differ (" + s +
            "): only equal sizes are compared, an 8-byte column never with a 16-byte one");
    }
    for (const Run* r : runs)
        if (!r->complete) out.push_back(run_label(*r) + " is a partial run");
    return out;
}

namespace {
bool any_ratio(const RatioRow& r) {
    return std::any_of(r.cells.begin(), r.cells.end(),
                       [](const auto& c) { return c.ratio.has_value(); });
}

// Only what both runs have: rows and block-size columns without a single
// shared figure are left out (counted in `omitted`).
void keep_shared(RatioTable& t) {
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
    for (auto* rows : {&t.symmetric, &t.public_key, &t.key_exchange}) {
        size_t before = rows->size();
        std::erase_if(*rows, [](const RatioRow& r) { return !any_ratio(r); });
        t.omitted += before - rows->size();
    }
}
}  // namespace

RatioTable ratio_table(const Run& a, const Run& b, double noise, bool all) {
    RatioTable t;
    t.noise = noise;
    t.a_label = run_label(a);
    t.b_label = run_label(b);
    auto sa = sizes_of(a), sb = sizes_of(b);
    std::set<int64_t> union_sizes(sa.begin(), sa.end());
    union_sizes.insert(sb.begin(), sb.end());
    t.sizes.assign(union_sizes.begin(), union_sizes.end());
    std::map<std::string, std::vector<double>> by_category;
    auto account = [&](const std::string& id, const RatioCell& c) {
        if (!c.ratio) return;
        AlgorithmKind k = kind_of(id);
        by_category[k == AlgorithmKind::digest   ? "digests"
                    : k == AlgorithmKind::cipher ? "ciphers"
                                                 : "public key"]
            .push_back(*c.ratio);
        by_category["overall"].push_back(*c.ratio);
        ++t.shared_cells;
    };
    for (const auto& id : ids_of(a, b, false)) {
        RatioRow row{id, {}};
        for (auto size : t.sizes) {
            row.cells.push_back(cell(a.find(id, Operation::throughput, size),
                                     b.find(id, Operation::throughput, size), false, noise));
            account(id, row.cells.back());
        }
        t.symmetric.push_back(std::move(row));
    }
    for (const auto& id : ids_of(a, b, true)) {
        if (a.find(id, Operation::derive, 0) || b.find(id, Operation::derive, 0)) {
            RatioRow row{id,
                         {cell(a.find(id, Operation::derive, 0), b.find(id, Operation::derive, 0),
                               false, noise)}};
            account(id, row.cells.back());
            t.key_exchange.push_back(std::move(row));
            continue;
        }
        const Measurement *as = a.find(id, Operation::sign, 0),
                          *bs = b.find(id, Operation::sign, 0);
        const Measurement *av = a.find(id, Operation::verify, 0),
                          *bv = b.find(id, Operation::verify, 0);
        if (!as && !bs && !av && !bv) continue;
        RatioRow row{id,
                     {cell(as, bs, true, noise), cell(av, bv, true, noise),
                      cell(as, bs, false, noise), cell(av, bv, false, noise)}};
        account(id, row.cells[PublicKeyColumns::sign_rate]);
        account(id, row.cells[PublicKeyColumns::verify_rate]);
        t.public_key.push_back(std::move(row));
    }
    for (const char* cat : {"digests", "ciphers", "public key", "overall"}) {
        auto it = by_category.find(cat);
        if (it == by_category.end()) continue;
        t.means.push_back({cat, geometric_mean(it->second), it->second.size()});
    }
    t.caveats = comparability_caveats({&a, &b});
    if (!all) keep_shared(t);
    return t;
}

SideBySide side_by_side(const std::vector<Run>& runs, size_t baseline,
                        const std::vector<MetricKey>& metrics, double noise, bool all) {
    SideBySide s;
    s.noise = noise;
    s.baseline = baseline;
    std::vector<const Run*> ptrs;
    for (const auto& r : runs) {
        s.labels.push_back(run_label(r));
        s.machines.push_back(r.machine->label);
        ptrs.push_back(&r);
    }
    std::vector<MetricKey> keys = metrics;
    if (keys.empty()) {
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
    }
    for (const auto& k : keys) {
        SideBySideRow row{k, {}, {}, {}, {}};
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
    s.caveats = comparability_caveats(ptrs);
    return s;
}

}  // namespace speedlab::compare
