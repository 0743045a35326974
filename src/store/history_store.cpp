// The store's side of a machine's history: every run of a machine with its
// figures in two queries, not two per run, so a history of 10,000 runs reads
// in one pass over the figures; only the figures asked for when a list is
// given (the UNIQUE (run_id, algorithm, operation, parameter) index finds them).
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "store/database.h"
#include "store/run_row.h"

namespace speedlab::store {

namespace {
// " IN (?,?,...)" with the names appended to params.
std::string in_list(const std::vector<std::string>& names, std::vector<Value>& params) {
    std::string sql = " IN (";
    for (size_t i = 0; i < names.size(); ++i) {
        sql += i ? ",?" : "?";
        params.push_back(names[i]);
    }
    return sql + ")";
}

std::vector<double> samples_of(const std::string& text) {
    if (text.empty() || text == "[]") return {};  // most figures: no JSON to parse
    return nlohmann::json::parse(text).get<std::vector<double>>();
}

// The runs a history query reads, as a condition on `runs r`: the machines',
// within the dates (a run's measured day, else its stored day), the newest LIMIT.
std::string runs_where(const HistoryQuery& q, std::vector<Value>& params) {
    std::string which =
        "r.machine_id IN (SELECT id FROM machines WHERE label" + in_list(q.machines, params) + ")";
    const char* day =
        "substr(CASE WHEN r.measured_at <> '' THEN r.measured_at ELSE r.created_at END, 1, 10)";
    if (!q.since.empty()) which += std::string(" AND ") + day + " >= ?", params.push_back(q.since);
    if (!q.until.empty()) which += std::string(" AND ") + day + " <= ?", params.push_back(q.until);
    if (q.limit <= 0) return which;
    auto again = params;
    params.insert(params.end(), again.begin(), again.end());
    params.push_back(q.limit - 1);
    return which + " AND r.id >= COALESCE((SELECT id FROM runs r WHERE " + which +
           " ORDER BY id DESC LIMIT 1 OFFSET ?), 0)";
}

// " AND (figure is one of KEYS)", or "" for every figure.
std::string figures_where(const std::optional<std::vector<MetricKey>>& keys,
                          std::vector<Value>& params) {
    if (!keys) return {};
    if (keys->empty()) return " AND 1 = 0";
    std::string sql = " AND (";
    for (size_t i = 0; i < keys->size(); ++i) {
        const auto& k = (*keys)[i];
        sql += i ? " OR " : "";
        sql += "(t.algorithm = ? AND t.operation = ? AND t.parameter = ?)";
        params.push_back(k.algorithm);
        params.push_back(std::string(to_string(k.operation)));
        params.push_back(k.parameter);
    }
    return sql + ")";
}
}  // namespace

std::vector<Run> Database::history_runs(const std::vector<std::string>& machines,
                                        int64_t limit) const {
    HistoryQuery q;
    q.machines = machines;
    q.limit = limit;
    return history_runs(q);
}

std::vector<Run> Database::history_runs(const HistoryQuery& q) const {
    std::vector<Run> runs;
    if (q.machines.empty()) return runs;
    std::vector<Value> params;
    std::string which = runs_where(q, params);
    auto st = db_->query(
        std::string("SELECT ") + kRunHeadColumns + " FROM runs r WHERE " + which + " ORDER BY r.id",
        params);
    std::unordered_map<int64_t, size_t> index;
    while (st->next()) {
        Run r;
        read_run_head(*st, r);
        index.emplace(r.id, runs.size());
        runs.push_back(std::move(r));
    }
    if (runs.empty()) return runs;
    params.push_back(runs.front().id);
    std::string figures = figures_where(q.metrics, params);
    auto ms = db_->query(
        "SELECT t.run_id, t.algorithm, t.operation, t.parameter, t.value, t.printed_step, "
        "t.samples_json FROM measurements t JOIN runs r ON r.id = t.run_id WHERE " +
            which + " AND t.run_id >= ?" + figures + " ORDER BY t.run_id, t.id",
        params);
    while (ms->next()) {
        auto it = index.find(ms->integer(0));
        if (it == index.end()) continue;
        Measurement m;
        m.algorithm = ms->text(1);
        m.operation = parse_operation(ms->text(2)).value_or(Operation::throughput);
        m.parameter = ms->integer(3);
        m.value = ms->real(4);
        m.printed_step = ms->real(5);
        m.samples = samples_of(ms->text(6));
        runs[it->second].measurements.push_back(std::move(m));
    }
    return runs;
}

std::vector<MetricKey> Database::history_metrics(const HistoryQuery& q, bool in_order) const {
    std::vector<MetricKey> keys;
    if (q.machines.empty()) return keys;
    std::vector<Value> params;
    std::string runs = "SELECT r.id FROM runs r WHERE " + runs_where(q, params);
    // In order: each figure by the first run that has it, then by its id there;
    // a sort that costs twice the reading, so only when the order is wanted.
    auto st = db_->query(
        in_order
            ? "SELECT k.algorithm, k.operation, k.parameter FROM (SELECT t.algorithm, "
              "t.operation, t.parameter, MIN(t.run_id) AS first_run FROM measurements t WHERE "
              "t.run_id IN (" +
                  runs +
                  ") GROUP BY t.algorithm, t.operation, t.parameter) k ORDER BY k.first_run, "
                  "(SELECT u.id FROM measurements u WHERE u.run_id = k.first_run AND "
                  "u.algorithm = k.algorithm AND u.operation = k.operation AND u.parameter = "
                  "k.parameter)"
            : "SELECT DISTINCT t.algorithm, t.operation, t.parameter FROM measurements t WHERE "
              "t.run_id IN (" +
                  runs + ")",
        params);
    while (st->next())
        keys.push_back({st->text(0), parse_operation(st->text(1)).value_or(Operation::throughput),
                        st->integer(2)});
    return keys;
}

std::string Database::history_fingerprint(const std::vector<std::string>& machines,
                                          int64_t& runs) const {
    std::vector<Value> params;
    auto st = db_->query(
        "SELECT COUNT(*), COALESCE(MAX(r.id), 0), COALESCE(SUM(r.id), 0), "
        "COALESCE(SUM(LENGTH(r.label)), 0), COALESCE(MAX(r.created_at), '') FROM runs r WHERE "
        "r.machine_id IN (SELECT id FROM machines WHERE label" +
            in_list(machines, params) + ")",
        params);
    runs = 0;
    if (!st->next()) return {};
    runs = st->integer(0);
    return st->text(0) + ' ' + st->text(1) + ' ' + st->text(2) + ' ' + st->text(3) + ' ' +
           st->text(4);
}

}  // namespace speedlab::store
