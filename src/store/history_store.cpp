// The store's side of a machine's history: every run of a machine with its
// figures in two queries, not two per run, so a history of 10,000 runs reads
// in one pass over the figures.
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "store/database.h"

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
}  // namespace

std::vector<Run> Database::history_runs(const std::vector<std::string>& machines,
                                        int64_t limit) const {
    std::vector<Run> runs;
    if (machines.empty()) return runs;
    std::vector<Value> params;
    std::string which =
        "r.machine_id IN (SELECT id FROM machines WHERE label" + in_list(machines, params) + ")";
    std::string newest = which;
    if (limit > 0) {
        newest += " AND r.id >= COALESCE((SELECT id FROM runs r WHERE " + which +
                  " ORDER BY id DESC LIMIT 1 OFFSET ?), 0)";
        auto again = params;
        params.insert(params.end(), again.begin(), again.end());
        params.push_back(limit - 1);
    }
    auto st = db_->query(
        "SELECT r.id, r.label, r.created_at, r.source, r.program, r.version, "
        "r.options, r.compiler, r.measured_at FROM runs r WHERE " +
            newest + " ORDER BY r.id",
        params);
    std::unordered_map<int64_t, size_t> index;
    while (st->next()) {
        Run r;
        r.id = st->integer(0);
        r.label = st->text(1);
        r.when = st->text(2);
        r.source = st->text(3);
        r.program = st->text(4);
        r.version = st->text(5);
        r.options = st->text(6);
        r.compiler = st->text(7);
        r.measured_at = st->text(8);
        index.emplace(r.id, runs.size());
        runs.push_back(std::move(r));
    }
    if (runs.empty()) return runs;
    params.push_back(runs.front().id);
    auto ms = db_->query(
        "SELECT t.run_id, t.algorithm, t.operation, t.parameter, t.value, t.printed_step, "
        "t.samples_json FROM measurements t JOIN runs r ON r.id = t.run_id WHERE " +
            newest + " AND t.run_id >= ? ORDER BY t.run_id, t.id",
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
