// Machines as a person names them: the store's side of `speedlab machines`
// and `machine rename|merge|split`. A machine name is machines.label; each run
// keeps its own machines row, so a merge renames rows and remembers the old name.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "core/json.h"
#include "core/text.h"
#include "store/database.h"
#include "store/write_transaction.h"

namespace speedlab::store {

namespace {
bool less_ignoring_case(const std::string& a, const std::string& b) {
    std::string la = lower_ascii(a), lb = lower_ascii(b);
    return la != lb ? la < lb : a < b;
}

struct MachineRow {
    int64_t id = 0;
    std::string label, merged_from;
};

std::vector<MachineRow> rows_named(Connection& c, const std::string& name, bool merged_only) {
    auto st = c.query(std::string("SELECT id, label, merged_from FROM machines WHERE label = ?") +
                          (merged_only ? " AND merged_from <> ''" : "") + " ORDER BY id",
                      {name});
    std::vector<MachineRow> out;
    while (st->next()) out.push_back({st->integer(0), st->text(1), st->text(2)});
    return out;
}

// The name lives in the column and in the facts (show --format json agrees).
void relabel(Connection& c, int64_t id, const std::string& label, const std::string& merged_from) {
    auto facts = c.query("SELECT facts_json FROM machines WHERE id = ?", {id});
    auto j = facts->next() ? nlohmann::json::parse(facts->text(0)) : nlohmann::json::object();
    facts.reset();
    j["label"] = label;
    c.query("UPDATE machines SET label = ?, merged_from = ?, facts_json = ? WHERE id = ?",
            {label, merged_from, compact_json_text(j), id});
}

std::vector<int64_t> runs_of(Connection& c, int64_t machine_id) {
    auto st = c.query("SELECT id FROM runs WHERE machine_id = ?", {machine_id});
    std::vector<int64_t> out;
    while (st->next()) out.push_back(st->integer(0));
    return out;
}

// The value seen most often (the first on a tie), ignoring empty ones.
std::string most_common(const std::map<std::string, int64_t>& counts) {
    std::string best;
    int64_t n = 0;
    for (const auto& [value, count] : counts)
        if (!value.empty() && count > n) best = value, n = count;
    return best;
}
}  // namespace

std::vector<std::string> Database::machine_names() const {
    auto st = db_->query("SELECT DISTINCT label FROM machines WHERE label <> ''", {});
    std::vector<std::string> out;
    while (st->next()) out.push_back(st->text(0));
    std::sort(out.begin(), out.end(), less_ignoring_case);
    return out;
}

std::vector<std::string> Database::machine_cpus(const std::string& name) const {
    auto st = db_->query(
        "SELECT m.cpu_name, COUNT(*) FROM machines m JOIN runs r ON r.machine_id = m.id "
        "WHERE m.label = ? AND m.cpu_name <> '' GROUP BY m.cpu_name ORDER BY COUNT(*) DESC, "
        "m.cpu_name",
        {name});
    std::vector<std::string> out;
    while (st->next()) out.push_back(st->text(0));
    return out;
}

namespace {
struct MachineTally {
    MachineSummary summary;
    std::map<std::string, int64_t> cpus, kinds, emulators, clocks;
};

void tally(MachineTally& t, const Rows& row) {
    MachineSummary& s = t.summary;
    std::string alias = row.text(1), when = row.text(5);
    if (!alias.empty() && alias != s.name &&
        std::find(s.aliases.begin(), s.aliases.end(), alias) == s.aliases.end())
        s.aliases.push_back(alias);
    ++t.kinds[row.text(2) == "unknown" ? "" : row.text(2)];
    ++t.emulators[row.text(3)];
    ++t.cpus[row.text(4)];
    if (!row.null(7)) ++t.clocks[fmt::format("{:.0f}", row.real(7))];
    ++s.runs;
    s.figures += row.integer(6);
    if (when.empty()) return;  // a run whose text states no date
    if (s.first.empty() || when < s.first) s.first = when;
    if (when > s.last) s.last = when;
}
}  // namespace

std::vector<MachineSummary> Database::machines(const std::string& only) const {
    std::vector<Value> params;
    if (!only.empty()) params.push_back(only);
    auto st = db_->query(
        std::string(
            R"SQL(SELECT m.label, m.merged_from, m.kind, m.emulator, m.cpu_name, r.measured_at,
        (SELECT COUNT(*) FROM measurements x WHERE x.run_id = r.id), m.cpu_mhz
        FROM runs r JOIN machines m ON m.id = r.machine_id)SQL") +
            (only.empty() ? "" : " WHERE m.label = ?") + " ORDER BY r.id",
        params);
    std::map<std::string, MachineTally> by_name;
    while (st->next()) {
        auto& t = by_name[st->text(0)];
        t.summary.name = st->text(0);
        tally(t, *st);
    }
    std::vector<MachineSummary> out;
    for (auto& [name, t] : by_name) {
        MachineSummary s = std::move(t.summary);
        std::sort(s.aliases.begin(), s.aliases.end(), less_ignoring_case);
        s.cpu = most_common(t.cpus);
        s.kind = most_common(t.kinds);
        if (s.kind.empty()) s.kind = "unknown";
        if (s.kind == "emulated") s.emulator = most_common(t.emulators);
        s.mhz = most_common(t.clocks);
        out.push_back(std::move(s));
    }
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return less_ignoring_case(a.name, b.name); });
    return out;
}

namespace {
enum class Remember { keep, old_name, nothing };

// Gives the rows a new name and says what each remembers (a rename keeps what a
// merge remembered, a merge the name a row had first, a split nothing); rehashes
// their runs' content, as `edit` does: a bundle of a renamed run is new elsewhere.
template <class Load>
void relabel_all(Connection& c, const std::vector<MachineRow>& rows, const std::string& label,
                 Remember remember, Load load, MachineChange& change) {
    for (const auto& row : rows) {
        std::string kept = remember == Remember::nothing ? ""
                           : remember == Remember::keep || !row.merged_from.empty()
                               ? row.merged_from
                               : row.label;
        relabel(c, row.id, label, kept);
        ++change.machines;
        for (int64_t run : runs_of(c, row.id)) {
            ++change.runs;
            if (auto loaded = load(run))
                c.query("UPDATE runs SET content_sha256 = ? WHERE id = ?",
                        {content_sha256(*loaded), run});
        }
    }
}
}  // namespace

MachineChange Database::rename_machine(const std::string& from, const std::string& to) {
    WriteTransaction tx(*db_, writing_);
    MachineChange change{.names = {from}};
    relabel_all(
        *db_, rows_named(*db_, from, false), to, Remember::keep,
        [this](int64_t id) { return load(id); }, change);
    tx.commit();
    return change;
}

MachineChange Database::merge_machines(const std::string& into,
                                       const std::vector<std::string>& from) {
    WriteTransaction tx(*db_, writing_);
    MachineChange change{.names = from};
    for (const auto& name : from)
        relabel_all(
            *db_, rows_named(*db_, name, false), into, Remember::old_name,
            [this](int64_t id) { return load(id); }, change);
    tx.commit();
    return change;
}

MachineChange Database::split_machine(const std::string& name, const std::string& alias) {
    WriteTransaction tx(*db_, writing_);
    MachineChange change;
    for (const auto& row : rows_named(*db_, name, true)) {
        if (!alias.empty() && row.merged_from != alias) continue;
        if (std::find(change.names.begin(), change.names.end(), row.merged_from) ==
            change.names.end())
            change.names.push_back(row.merged_from);
        relabel_all(
            *db_, {row}, row.merged_from, Remember::nothing,
            [this](int64_t id) { return load(id); }, change);
    }
    tx.commit();
    return change;
}

}  // namespace speedlab::store
