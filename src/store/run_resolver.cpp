#include "store/run_resolver.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "core/machine_pattern.h"
#include "core/text.h"

namespace speedlab::store {

namespace {
using RunName = Database::RunName;

bool digits(const std::string& s) {
    return !s.empty() && s.size() < 18 && s.find_first_not_of("0123456789") == std::string::npos;
}

bool starts_with_ci(const std::string& s, const std::string& prefix) {
    return s.size() >= prefix.size() &&
           lower_ascii(s.substr(0, prefix.size())) == lower_ascii(prefix);
}

size_t distance(const std::string& a, const std::string& b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1])});
            diag = up;
        }
    }
    return row[b.size()];
}

// Labels and machine names closest to `word` by spelling: a label counts by
// its whole and by its start as long as the word (`tilja` is near `tilia rh73`).
std::vector<std::string> closest(const std::string& word, const std::vector<RunName>& runs) {
    std::string w = lower_ascii(word.substr(0, 64));
    std::map<std::string, size_t> best;  // shown name -> distance
    auto consider = [&](const std::string& shown, const std::string& name) {
        std::string n = lower_ascii(name.substr(0, 64));
        size_t d = std::min(distance(w, n), distance(w, n.substr(0, w.size())) + 1);
        auto [it, fresh] = best.emplace(shown, d);
        if (!fresh) it->second = std::min(it->second, d);
    };
    for (const auto& r : runs) {
        if (!r.label.empty()) consider(r.label, r.label);
        if (!r.machine.empty()) consider(r.machine + " (machine)", r.machine);
    }
    std::vector<std::pair<size_t, std::string>> order;
    for (const auto& [shown, d] : best) order.emplace_back(d, shown);
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::string> out;
    size_t limit = w.size() / 2 + 2;  // further than that is no typo of it
    for (const auto& [d, shown] : order)
        if (out.size() < 5 && d <= limit) out.push_back(shown);
    return out;
}

std::string listed(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
    return out;
}

// A word naming runs now, or a machine whose run is chosen once the others are known.
struct Named {
    std::vector<int64_t> ids;
    std::string machine;            // a machine name alone: one of its runs, chosen later
    std::optional<size_t> outside;  // a `ref:` word: its index in RunResolution::outside
};

struct Resolver {
    const Database& db;
    const OutsideLookup& lookup;
    std::vector<RunName> runs;
    RunResolution out;
    const HeldAgainst& against;

    [[noreturn]] static void fail(const std::string& message, std::vector<std::string> closest = {},
                                  ErrorKind kind = ErrorKind::not_found) {
        throw UnresolvedRun(kind, message, std::move(closest));
    }

    [[noreturn]] void unknown(const std::string& word) const {
        auto near = closest(word, runs);
        fail(fmt::format("no run '{}': no id, label, start of a label or machine name "
                         "matches it; {}",
                         terminal_safe(word),
                         near.empty() ? "see speedlab list and speedlab machines"
                                      : "closest: " + terminal_safe(listed(near))),
             near);
    }

    std::vector<int64_t> with_label(const std::string& label, bool any_case) const {
        std::vector<int64_t> ids;
        for (const auto& r : runs)
            if (any_case ? lower_ascii(r.label) == lower_ascii(label) : r.label == label)
                ids.push_back(r.id);
        return ids;
    }

    void by_machines(const std::string& word, const std::string& pattern, Named& n) {
        std::vector<std::string> names;
        for (const auto& r : runs)
            if (!r.machine.empty()) names.push_back(r.machine);
        std::sort(names.begin(), names.end());
        names.erase(std::unique(names.begin(), names.end()), names.end());
        auto match = match_machines(pattern, names);
        if (match.empty())
            fail("no run '" + terminal_safe(word) + "': " + no_machine_message(pattern, names));
        std::set<std::string> meant(match.begin(), match.end());
        for (const auto& r : runs)
            if (meant.count(r.machine)) n.ids.push_back(r.id);
    }

    void word(const std::string& w, Named& n);
    void outside_run(const std::string& w, Named& n);
    void by_label(const std::string& w, Named& n);
    void choose(std::vector<Named>& named);
    void note(const std::string& word, int64_t id, size_t total, const std::string& others,
              bool shares);
};

void Resolver::word(const std::string& w, Named& n) {
    int64_t first = 0, last = 0;
    if (w.rfind("ref:", 0) == 0) return outside_run(w, n);
    if (w == "all") {
        for (const auto& r : runs) n.ids.push_back(r.id);
        if (n.ids.empty()) fail("all: no runs stored");
        return;
    }
    if (w.rfind("machine:", 0) == 0) return by_machines(w, w.substr(8), n);
    if (w.rfind("label:", 0) == 0) {
        auto ids = with_label(w.substr(6), false);
        if (ids.empty()) unknown(w.substr(6));
        n.ids.push_back(ids.back());
        return;
    }
    std::string id_text = w.rfind("id:", 0) == 0 ? w.substr(3) : w;
    if (digits(id_text)) {
        int64_t id = std::stoll(id_text);
        for (const auto& r : runs)
            if (r.id == id) {
                n.ids.push_back(id);
                return;
            }
        if (id_text != w) fail(fmt::format("no run '{}': no run has id {}", w, id));
    }
    if (parse_id_range(w, first, last)) {
        for (const auto& r : runs)
            if (r.id >= first && r.id <= last) n.ids.push_back(r.id);
        if (n.ids.empty()) fail(fmt::format("range {} names no stored run", terminal_safe(w)));
        return;
    }
    return by_label(w, n);
}

// `ref:TEXT`: asked of the caller, who sees what store cannot (the reference set).
void Resolver::outside_run(const std::string& w, Named& n) {
    if (!lookup)
        fail(fmt::format("'{}' names a reference machine, and this command takes "
                         "stored runs only (speedlab reference import stores it)",
                         terminal_safe(w)),
             {}, ErrorKind::usage);
    auto found = lookup(w.substr(4));
    if (!found.note.empty()) out.notes.push_back(found.note);
    for (size_t i = 0; i < out.outside.size(); ++i)
        if (out.outside[i].label == found.run.label) {
            n.outside = i;
            return;
        }
    n.outside = out.outside.size();
    out.outside.push_back(std::move(found.run));
}

// A label exactly, a machine's name, a label in any case, a label's start,
// the start of a later part of one label.
void Resolver::by_label(const std::string& w, Named& n) {
    if (auto ids = with_label(w, false); !ids.empty()) {
        n.ids.push_back(ids.back());  // the newest of a repeated label
        return;
    }
    for (const auto& r : runs)
        if ((!r.machine.empty() && lower_ascii(r.machine) == lower_ascii(w)) ||
            (!r.emulator.empty() && lower_ascii(r.emulator) == lower_ascii(w))) {
            n.machine = w;
            return;
        }
    if (auto ids = with_label(w, true); ids.size() == 1) {
        n.ids = ids;
        return;
    }
    std::vector<const RunName*> starts;
    for (const auto& r : runs)
        if (starts_with_ci(r.label, w)) starts.push_back(&r);
    // A label's later part ("Baseline" in "RISC-V-virtual-machine Baseline-C"):
    // an imported label puts the machine first, people name the build.
    if (starts.empty())
        for (const auto& r : runs)
            if (lower_ascii(r.label).find(" " + lower_ascii(w)) != std::string::npos)
                starts.push_back(&r);
    if (starts.size() == 1) {
        n.ids.push_back(starts[0]->id);
        return;
    }
    if (starts.empty()) unknown(w);
    std::vector<std::string> shown;
    for (size_t i = 0; i < starts.size() && i < 10; ++i)
        shown.push_back(fmt::format("{} {}", starts[i]->id, starts[i]->label));
    std::string more = starts.size() > 10 ? fmt::format(", and {} more", starts.size() - 10) : "";
    fail(fmt::format("'{}' matches {} runs: {}{}; name one by more of its label or its id",
                     terminal_safe(w), starts.size(), terminal_safe(listed(shown)), more),
         shown, ErrorKind::usage);
}
// Whether run R is one a machine word means: the machine of that name, or
// one emulated by that emulator (`PCem`: the PCem box under its host names).
bool of_machine(const RunName& r, const std::string& word) {
    return lower_ascii(r.machine) == lower_ascii(word) ||
           (!r.emulator.empty() && lower_ascii(r.emulator) == lower_ascii(word));
}

// How well candidate C goes with run O: figures shared, then the same build,
// then the same distribution (the seeds' PCem engine run against tilia's).
struct Fit {
    size_t shared = 0, same_build = 0, same_distribution = 0;
    auto key() const { return std::tuple(shared, same_build, same_distribution); }
    Fit& operator+=(const Fit& o) {
        shared += o.shared, same_build += o.same_build, same_distribution += o.same_distribution;
        return *this;
    }
};

struct Facts {
    std::set<std::string> figures;
    std::string version, distribution;
};

Facts facts_of(const Run& run) {
    Facts f;
    for (const auto& m : run.measurements) f.figures.insert(metric_key(m));
    f.version = run.version;
    f.distribution = run.machine->distribution;
    return f;
}

Fit fit_of(const Facts& fa, const Facts& fb) {
    Fit f;
    f.shared =
        static_cast<size_t>(std::count_if(fa.figures.begin(), fa.figures.end(),
                                          [&](const auto& k) { return fb.figures.count(k) > 0; }));
    f.same_build = f.shared && !fa.version.empty() && fa.version == fb.version;
    f.same_distribution =
        f.shared && !fa.distribution.empty() && fa.distribution == fb.distribution;
    return f;
}

// Each machine named alone takes its run that goes best with the other runs
// named (runs of machines not chosen yet count by their best), the newest
// among equals; with nothing else named, its newest run.
void Resolver::choose(std::vector<Named>& named) {
    std::map<int64_t, Facts> cache;
    auto facts = [&](int64_t id) -> const Facts& {
        auto [it, fresh] = cache.try_emplace(id);
        if (fresh)
            if (auto run = db.load(id)) it->second = facts_of(*run);
        return it->second;
    };
    auto fit = [&](int64_t a, int64_t b) { return fit_of(facts(a), facts(b)); };
    std::vector<Facts> outside;
    for (const auto& run : out.outside) outside.push_back(facts_of(run));
    auto candidates = [&](const std::string& word) {
        std::vector<int64_t> ids;
        for (auto it = runs.rbegin(); it != runs.rend() && ids.size() < 100; ++it)
            if (of_machine(*it, word)) ids.push_back(it->id);  // newest first
        return ids;
    };
    for (size_t i = 0; i < named.size(); ++i) {
        if (named[i].machine.empty()) continue;
        auto mine = candidates(named[i].machine);
        Fit best_fit;
        int64_t best = mine.front();
        for (int64_t c : mine) {
            Fit total;
            for (size_t j = 0; j < named.size(); ++j) {
                if (j == i) continue;
                if (!named[j].machine.empty() && named[j].ids.empty()) {
                    Fit top;
                    for (int64_t p : candidates(named[j].machine))
                        if (auto f = fit(c, p); f.key() > top.key()) top = f;
                    total += top;
                } else if (named[j].outside) {
                    total += fit_of(facts(c), outside[*named[j].outside]);
                } else {
                    for (int64_t o : named[j].ids) total += fit(c, o);
                }
            }
            if (!against.figures.empty()) total += fit_of(facts(c), Facts{against.figures, "", ""});
            if (total.key() > best_fit.key()) best_fit = total, best = c;
        }
        named[i].ids = {best};
        note(named[i].machine, best, mine.size(),
             named.size() > 1          ? "the other runs named"
             : against.figures.empty() ? ""
                                       : against.name,
             best_fit.shared > 0);
    }
}

// OTHERS: what the run was chosen to match ("the other runs named"), empty for nothing.
void Resolver::note(const std::string& word, int64_t id, size_t total, const std::string& others,
                    bool shares) {
    const RunName* run = nullptr;
    for (const auto& r : runs)
        if (r.id == id) run = &r;
    if (!run) return;
    std::string machine = run->machine == word ? "" : " of machine " + run->machine;
    out.notes.push_back(terminal_safe(fmt::format(
        "{}: took run {}{}{} of {} run{}, {}{}", word, id,
        run->label.empty() ? "" : " (" + run->label + ")", machine, total, total == 1 ? "" : "s",
        others.empty() ? "the newest"
        : shares       ? "the one sharing the most figures with " + others
                       : "the newest (none shares a figure with " + others + ")",
        total > 1 ? fmt::format(" (machine:{} names every run of {})", run->machine, run->machine)
                  : "")));
}
}  // namespace

bool parse_id_range(const std::string& s, int64_t& first, int64_t& last) {
    auto dash = s.find('-');
    if (dash == std::string::npos || !digits(s.substr(0, dash)) || !digits(s.substr(dash + 1)))
        return false;
    first = std::stoll(s.substr(0, dash));
    last = std::stoll(s.substr(dash + 1));
    return true;
}

RunResolution resolve_runs(const Database& db, const std::vector<std::string>& words,
                           const OutsideLookup& outside, const HeldAgainst& against) {
    Resolver r{db, outside, db.run_names(), {}, against};
    std::vector<Named> named(words.size());
    for (size_t i = 0; i < words.size(); ++i) r.word(words[i], named[i]);
    r.choose(named);
    std::set<size_t> outside_named;
    for (const auto& n : named) {
        if (n.outside && outside_named.insert(*n.outside).second)
            r.out.order.push_back({0, n.outside});
        for (int64_t id : n.ids)
            if (std::find(r.out.ids.begin(), r.out.ids.end(), id) == r.out.ids.end()) {
                r.out.ids.push_back(id);
                r.out.order.push_back({id, std::nullopt});
            }
    }
    return std::move(r.out);
}

std::vector<Run> load_named(const Database& db, RunResolution& r) {
    std::vector<Run> runs;
    for (const auto& n : r.order)
        if (n.outside)
            runs.push_back(std::move(r.outside[*n.outside]));
        else if (auto run = db.load(n.id))
            runs.push_back(std::move(*run));
    return runs;
}

}  // namespace speedlab::store
