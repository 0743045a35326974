#include "store/database.h"

#include <fmt/format.h>
#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/clock.h"
#include "core/enum_names.h"
#include "core/json.h"
#include "core/machine_pattern.h"
#include "store/content_key.h"
#include "store/run_row.h"
#include "store/write_transaction.h"

namespace speedlab::store {

namespace {

template <class T>
Value optional_value(const std::optional<T>& v) {
    if (!v) return std::monostate{};
    if constexpr (std::is_integral_v<T>)
        return static_cast<int64_t>(*v);
    else
        return static_cast<double>(*v);
}
template <class T>
Value optional_value(const Maybe<T>& v) {
    return optional_value(std::optional<T>(v));
}

int64_t returned_id(std::unique_ptr<Rows> rows) {
    if (!rows->next()) throw StoreError("SQL error: no id returned");
    return rows->integer(0);
}

int64_t insert_machine(Connection& c, const Machine& mc) {
    return returned_id(c.query(
        R"SQL(INSERT INTO machines (label, kind, emulator, cpu_vendor, cpu_family, cpu_model,
        cpu_stepping, cpu_name, cpu_mhz, memory_kb, kernel_release, distribution, bogomips,
        facts_json, merged_from) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id)SQL",
        {mc.label, to_string(mc.kind), mc.emulator, mc.cpu_vendor, optional_value(mc.cpu_family),
         optional_value(mc.cpu_model), optional_value(mc.cpu_stepping), mc.cpu_name,
         optional_value(mc.cpu_mhz), optional_value(mc.memory_kb), mc.kernel_release,
         mc.distribution, optional_value(mc.bogomips), compact_json_text(to_json(mc)),
         mc.merged_from}));
}

int64_t insert_run_row(Connection& c, const Run& run, int64_t machine_id) {
    return returned_id(c.query(
        R"SQL(INSERT INTO runs (id, label, created_at, source, source_file, source_sha256,
        raw_text, program, version, built_on, options, compiler, cpuinfo, timing, platform,
        cpu_mask, complete, notes_json, machine_id, processes, content_sha256, conditions_json,
        content_key, measured_at, stored_at) VALUES ()SQL" +
            std::string(c.new_run_id()) +
            R"SQL(,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id)SQL",
        {run.label,
         run.when,
         run.source,
         run.source_file,
         run.source_sha256,
         Blob{run.raw_text.str()},
         run.program,
         run.version,
         run.built_on,
         run.options,
         run.compiler,
         run.cpuinfo,
         to_string(run.timing),
         run.platform,
         run.cpu_mask,
         int64_t{run.complete ? 1 : 0},
         compact_json_text(nlohmann::json(run.notes)),
         machine_id,
         int64_t{run.processes},
         content_sha256(run),
         run.conditions->empty() ? std::string("{}") : compact_json_text(to_json(run.conditions)),
         content_key(run),
         run.measured_at,
         run.stored_at}));
}

// The run's sources; an imported run without any (a bundle of an older
// speedlab) has the file its own columns name.
void insert_sources(Connection& c, int64_t run_id, const Run& run) {
    std::vector<RunSource> sources = run.sources;
    if (sources.empty() && run.source == "imported")
        sources.push_back({run.source_file, run.source_sha256, 0, 0});
    for (const auto& s : sources)
        c.query(
            R"SQL(INSERT INTO run_sources (run_id, file, sha256, first_line, last_line)
            VALUES (?,?,?,?,?) ON CONFLICT DO NOTHING)SQL",
            {run_id, s.file, s.sha256, s.first_line, s.last_line});
}

// Many rows per statement: one round trip per 100 figures on a server.
void insert_measurements(Connection& c, int64_t run_id, const std::vector<Measurement>& all) {
    constexpr size_t kRowsPerStatement = 100;
    for (size_t start = 0; start < all.size(); start += kRowsPerStatement) {
        size_t end = std::min(all.size(), start + kRowsPerStatement);
        std::string sql =
            "INSERT INTO measurements (run_id, algorithm, operation, parameter, value, "
            "printed_step, count, seconds, samples_json, source_name, printed_json, "
            "source_line) VALUES ";
        std::vector<Value> params;
        for (size_t i = start; i < end; ++i) {
            const Measurement& x = all[i];
            sql += i == start ? "(?,?,?,?,?,?,?,?,?,?,?,?)" : ",(?,?,?,?,?,?,?,?,?,?,?,?)";
            for (Value v : std::initializer_list<Value>{
                     run_id, x.algorithm, std::string(to_string(x.operation)), x.parameter, x.value,
                     x.printed_step, optional_value(x.count), optional_value(x.seconds),
                     compact_json_text(nlohmann::json(x.samples)), x.source_name,
                     compact_json_text(to_json(x.printed)), int64_t{x.line}})
                params.push_back(std::move(v));
        }
        c.query(sql, params);
    }
}

// Figures outside plausible bounds (NaN from a broken -mr record, 1e-320 or
// 1e308 in a bundle) are dropped with a note rather than failing the whole
// transaction; whoever stores a run, it passes here (import made its runs
// final before identifying them, so this changes nothing there).
void drop_unstorable(Run& run) {
    for (auto& note : drop_implausible(run.measurements)) run.notes.push_back(std::move(note));
}

void insert_one(Connection& c, Run& run) {
    run.stored_at = utc_now();  // this store's date, whatever a bundle said
    int64_t machine_id = insert_machine(c, run.machine);
    run.id = insert_run_row(c, run, machine_id);
    insert_measurements(c, run.id, run.measurements);
    insert_sources(c, run.id, run);
}

// "%part%" in lower case, with LIKE's own characters escaped by '!'.
std::string like_pattern(const std::string& part) {
    std::string out = "%";
    for (char c : part) {
        if (c == '%' || c == '_' || c == '!') out += '!';
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out + "%";
}

// " WHERE ..." for the filter's fields, their values appended to params.
std::string where_clause(const RunFilter& f, std::vector<Value>& params) {
    std::string sql;
    auto add = [&](const char* term, const std::string& value) {
        if (value.empty()) return;
        sql += sql.empty() ? " WHERE " : " AND ";
        sql += term;
        params.push_back(value);
    };
    // Through machines' label index, so counting needs no join.
    add("r.machine_id IN (SELECT id FROM machines WHERE label = ?)", f.machine);
    if (!f.machines.empty()) {
        sql += sql.empty() ? " WHERE " : " AND ";
        sql += "r.machine_id IN (SELECT id FROM machines WHERE label IN (";
        for (size_t i = 0; i < f.machines.size(); ++i) {
            sql += i ? ",?" : "?";
            params.push_back(f.machines[i]);
        }
        sql += "))";
    }
    add("r.created_at >= ?", f.since);
    add("r.source = ?", f.source);
    // The day's last instant sorts before the next day; times are ISO 8601.
    add("substr(r.created_at, 1, 10) <= ?", f.until);
    auto like = [&](std::vector<const char*> columns, const std::string& value) {
        if (value.empty()) return;
        sql += sql.empty() ? " WHERE (" : " AND (";
        for (size_t i = 0; i < columns.size(); ++i) {
            sql += std::string(i ? " OR " : "") + "LOWER(COALESCE(" + columns[i] +
                   ", '')) LIKE ? ESCAPE '!'";
            params.push_back(like_pattern(value));
        }
        sql += ")";
    };
    like({"m.cpu_name"}, f.cpu);
    like({"r.version"}, f.version);
    like({"r.label", "m.label", "m.cpu_name", "r.version", "r.source_file"}, f.text);
    return sql;
}

constexpr std::pair<RunOrder, std::string_view> kOrderBy[] = {
    {RunOrder::oldest, " ORDER BY r.id ASC"},
    {RunOrder::label, " ORDER BY LOWER(r.label), r.id DESC"},
    {RunOrder::machine, " ORDER BY LOWER(COALESCE(m.label, '')), r.id DESC"},
    {RunOrder::cpu, " ORDER BY LOWER(COALESCE(m.cpu_name, '')), r.id DESC"},
    {RunOrder::version, " ORDER BY r.version, r.id DESC"},
    {RunOrder::figures, " ORDER BY 11 DESC, r.id DESC"}};

std::string order_by(RunOrder order) {
    return std::string(name_in(kOrderBy, order).value_or(" ORDER BY r.id DESC"));
}

constexpr const char* kSummarySelect = R"SQL(SELECT r.id, r.label, r.created_at, r.source,
        r.source_file, r.version, m.label, m.cpu_name, r.platform, r.complete,
        (SELECT COUNT(*) FROM measurements x WHERE x.run_id = r.id), r.processes,
        r.measured_at, r.stored_at FROM runs r LEFT JOIN machines m ON m.id = r.machine_id)SQL";

RunSummary summary_row(const Rows& rows) {
    return {rows.integer(0),      rows.text(1),     rows.text(2),
            rows.text(3),         rows.text(4),     rows.text(5),
            rows.text(6),         rows.text(7),     rows.text(8),
            rows.integer(9) != 0, rows.integer(10), static_cast<int>(rows.integer(11)),
            rows.text(12),        rows.text(13)};
}

constexpr std::pair<RunOrder, std::string_view> kOrders[] = {
    {RunOrder::newest, "newest"},   {RunOrder::oldest, "oldest"}, {RunOrder::label, "label"},
    {RunOrder::machine, "machine"}, {RunOrder::cpu, "cpu"},       {RunOrder::version, "version"},
    {RunOrder::figures, "figures"}};

}  // namespace

namespace {
// An absolute path from the environment; relative ones are ignored, as the
// XDG Base Directory specification says (they would follow the current directory).
std::optional<std::filesystem::path> absolute_env(const char* name) {
    const char* v = std::getenv(name);
    if (!v || !*v || v[0] != '/') return std::nullopt;
    return std::filesystem::path(v);
}
}  // namespace

std::string default_database_path() {
    if (const char* p = std::getenv("SPEEDLAB_DB"); p && *p) return p;
    if (auto xdg = absolute_env("XDG_DATA_HOME"))
        return (*xdg / "speedlab" / "results.db").string();
    auto home = absolute_env("HOME");
    if (!home) {  // HOME unset (cron, systemd units): the password database knows it
        struct passwd pw {};
        struct passwd* found = nullptr;
        std::vector<char> buf(16384);
        if (::getpwuid_r(::getuid(), &pw, buf.data(), buf.size(), &found) == 0 && found &&
            found->pw_dir && found->pw_dir[0] == '/')
            home = std::filesystem::path(found->pw_dir);
    }
    if (!home)
        throw StoreError(
            "no home directory for the store: HOME is unset or relative and the password "
            "database has none; give --db FILE or set SPEEDLAB_DB");
    return (*home / ".local" / "share" / "speedlab" / "results.db").string();
}

Database::Database(const std::string& location, Access access) : db_(connect(location, access)) {}

Database::~Database() {
    if (snapshot_) db_->rollback();
}

void Database::hold_snapshot() {
    db_->begin_read();
    snapshot_ = true;
}

int Database::schema_version() const {
    return db_->schema_version();
}

std::string Database::where() const {
    return db_->where();
}

void Database::insert(std::vector<Run>& runs) {
    insert(runs, {});
}

void Database::insert(std::vector<Run>& runs, const std::vector<SourceOf>& more_sources) {
    for (auto& run : runs) drop_unstorable(run);
    WriteTransaction tx(*db_, writing_);
    for (auto& run : runs)
        if (!run.measurements.empty()) insert_one(*db_, run);  // else not stored: id 0
    for (const auto& [id, source] : more_sources) {
        Run holder;
        holder.sources = {source};
        insert_sources(*db_, id, holder);
    }
    tx.commit();
}

void Database::in_write(const std::function<void()>& fn) {
    WriteTransaction tx(*db_, writing_);
    fn();
    tx.commit();
}

int64_t Database::insert(Run& run) {
    drop_unstorable(run);
    // No run without figures is stored (its notes say what was dropped).
    if (run.measurements.empty())
        throw StoreError("no figure left to store: " +
                         (run.notes.empty() ? std::string("the run has none") : run.notes.back()));
    WriteTransaction tx(*db_, writing_);
    insert_one(*db_, run);
    tx.commit();
    return run.id;
}

std::optional<RunOrder> parse_run_order(std::string_view name) {
    return value_in(kOrders, name);
}

std::string_view to_string(RunOrder order) {
    return name_in(kOrders, order).value_or("newest");
}

std::vector<std::string> run_order_names() {
    std::vector<std::string> out;
    for (const auto& [o, n] : kOrders) out.emplace_back(n);
    return out;
}

std::vector<RunSummary> Database::list(const RunFilter& filter) const {
    std::vector<Value> params;
    std::string sql = kSummarySelect + where_clause(filter, params) + " ORDER BY r.id DESC";
    if (filter.limit > 0) {
        sql += " LIMIT ?";
        params.push_back(filter.limit);
    }
    auto rows = db_->query(sql, params);
    std::vector<RunSummary> out;
    while (rows->next()) out.push_back(summary_row(*rows));
    std::reverse(out.begin(), out.end());
    return out;
}

std::vector<RunSummary> Database::page(const RunFilter& filter, RunOrder order, int64_t offset,
                                       int64_t limit) const {
    std::vector<Value> params;
    std::string sql =
        kSummarySelect + where_clause(filter, params) + order_by(order) + " LIMIT ? OFFSET ?";
    params.push_back(limit);
    params.push_back(offset);
    auto rows = db_->query(sql, params);
    std::vector<RunSummary> out;
    while (rows->next()) out.push_back(summary_row(*rows));
    return out;
}

int64_t Database::count(const RunFilter& filter) const {
    std::vector<Value> params;
    // The join only when the filter reads the machine: counting 100,000 runs
    // through it takes 100 times longer.
    bool machine = !filter.cpu.empty() || !filter.text.empty();
    std::string sql = std::string("SELECT COUNT(*) FROM runs r") +
                      (machine ? " LEFT JOIN machines m ON m.id = r.machine_id" : "") +
                      where_clause(filter, params);
    auto rows = db_->query(sql, params);
    return rows->next() ? rows->integer(0) : 0;
}

namespace {
Measurement measurement_row(const Rows& ms) {
    Measurement m;
    m.algorithm = ms.text(0);
    m.operation = parse_operation(ms.text(1)).value_or(Operation::throughput);
    m.parameter = ms.integer(2);
    m.value = ms.real(3);
    m.printed_step = ms.real(4);
    if (!ms.null(5)) m.count = ms.integer(5);
    if (!ms.null(6)) m.seconds = ms.real(6);
    m.samples = nlohmann::json::parse(ms.text(7)).get<std::vector<double>>();
    m.source_name = ms.text(8);
    m.printed = printed_forms_from_json(nlohmann::json::parse(ms.text(9)));
    m.line = static_cast<uint32_t>(ms.integer(10));
    return m;
}
}  // namespace

std::optional<Run> Database::load(int64_t id) const {
    auto st = db_->query(std::string("SELECT ") + kRunHeadColumns +
                             R"SQL(, r.source_file, r.source_sha256, r.raw_text, r.built_on,
        r.cpuinfo, r.timing, r.platform, r.cpu_mask, r.complete, r.notes_json, m.facts_json,
        r.processes, r.conditions_json, m.merged_from, r.stored_at FROM runs r
        LEFT JOIN machines m ON m.id = r.machine_id WHERE r.id = ?)SQL",
                         {id});
    if (!st->next()) return std::nullopt;
    Run run;
    read_run_head(*st, run);
    constexpr int k = kRunHeadCount;
    run.source_file = st->text(k);
    run.source_sha256 = st->text(k + 1);
    run.raw_text = st->text(k + 2);
    run.built_on = st->text(k + 3);
    run.cpuinfo = st->text(k + 4);
    run.timing = parse_timing(st->text(k + 5));
    run.platform = st->text(k + 6);
    run.cpu_mask = st->text(k + 7);
    run.complete = st->integer(k + 8) != 0;
    run.notes = nlohmann::json::parse(st->text(k + 9)).get<std::vector<std::string>>();
    if (!st->null(k + 10)) {
        run.machine = machine_from_json(nlohmann::json::parse(st->text(k + 10)));
        if (!st->text(k + 13).empty()) run.machine.edit().merged_from = st->text(k + 13);
    }
    run.processes = static_cast<int>(st->integer(k + 11));
    run.conditions = conditions_from_json(nlohmann::json::parse(st->text(k + 12)));
    run.stored_at = st->text(k + 14);
    auto ms = db_->query(
        R"SQL(SELECT algorithm, operation, parameter, value, printed_step, count, seconds,
        samples_json, source_name, printed_json, source_line FROM measurements WHERE run_id = ?
        ORDER BY id)SQL",
        {id});
    while (ms->next()) run.measurements.push_back(measurement_row(*ms));
    auto sources = db_->query(
        "SELECT file, sha256, first_line, last_line FROM run_sources WHERE run_id = ? ORDER BY id",
        {id});
    while (sources->next())
        run.sources.push_back(
            {sources->text(0), sources->text(1), sources->integer(2), sources->integer(3)});
    return run;
}

std::optional<Run> Database::find(const std::string& name) const {
    if (name.rfind("machine:", 0) == 0) {  // the machine's latest run (a CI baseline)
        // Matched as --machine is (any case, glob, part of a name): the newest of them.
        auto matched = match_machines(name.substr(8), machine_names());
        if (matched.empty()) return std::nullopt;
        auto runs = list({.machines = matched, .limit = 1});
        if (runs.empty()) return std::nullopt;
        return load(runs.back().id);
    }
    // "label:12" looks up a label that reads like a number; "id:12" only ids.
    bool by_label = name.rfind("label:", 0) == 0, by_id = name.rfind("id:", 0) == 0;
    std::string id_or_label = by_label ? name.substr(6) : by_id ? name.substr(3) : name;
    bool numeric = !id_or_label.empty() &&
                   id_or_label.find_first_not_of("0123456789") == std::string::npos &&
                   id_or_label.size() < 18;
    if (numeric && !by_label)
        if (auto run = load(std::stoll(id_or_label))) return run;
    if (by_id) return std::nullopt;
    auto st =
        db_->query("SELECT id FROM runs WHERE label = ? ORDER BY id DESC LIMIT 1", {id_or_label});
    if (!st->next()) return std::nullopt;
    return load(st->integer(0));
}

bool Database::label_in_use(const std::string& label) const {
    bool plain = label.find(':') == std::string::npos &&
                 label.find_first_not_of("0123456789") != std::string::npos;
    if (!plain) return find(label).has_value();  // an id, or a prefix find() reads
    return db_->query("SELECT 1 FROM runs WHERE label = ? LIMIT 1", {label})->next();
}

namespace {
// One run's label and/or machine name, inside the caller's transaction.
template <class Load>
bool edit_one(Connection& c, int64_t id, const std::optional<std::string>& label,
              const std::optional<std::string>& machine, Load load) {
    auto exists = c.query("SELECT machine_id FROM runs WHERE id = ?", {id});
    if (!exists->next()) return false;
    int64_t machine_id = exists->integer(0);
    exists.reset();
    if (label) c.query("UPDATE runs SET label = ? WHERE id = ?", {*label, id});
    if (machine) {
        // The facts keep the name too, so `show --format json` agrees.
        auto facts = c.query("SELECT facts_json FROM machines WHERE id = ?", {machine_id});
        auto j = facts->next() ? nlohmann::json::parse(facts->text(0)) : nlohmann::json::object();
        facts.reset();
        j["label"] = *machine;
        c.query("UPDATE machines SET label = ?, facts_json = ? WHERE id = ?",
                {*machine, compact_json_text(j), machine_id});
    }
    // The content changed: a bundle of the edited run is a new run elsewhere.
    if (auto run = load(id))
        c.query("UPDATE runs SET content_sha256 = ? WHERE id = ?", {content_sha256(*run), id});
    return true;
}
}  // namespace

bool Database::edit(int64_t id, const std::optional<std::string>& label,
                    const std::optional<std::string>& machine) {
    return edit(std::vector<int64_t>{id}, label, machine);
}

bool Database::edit(const std::vector<int64_t>& ids, const std::optional<std::string>& label,
                    const std::optional<std::string>& machine) {
    WriteTransaction tx(*db_, writing_);
    for (int64_t id : ids)
        if (!edit_one(*db_, id, label, machine, [this](int64_t run) { return load(run); }))
            return false;  // rolled back: all or none
    tx.commit();
    return true;
}

void Database::remove(const std::vector<int64_t>& ids) {
    WriteTransaction tx(*db_, writing_);
    for (int64_t id : ids) {
        auto machine = db_->query("SELECT machine_id FROM runs WHERE id = ?", {id});
        if (!machine->next()) throw StoreError("no run " + std::to_string(id));
        bool has_machine = !machine->null(0);
        int64_t machine_id = has_machine ? machine->integer(0) : 0;
        machine.reset();
        db_->query("DELETE FROM measurements WHERE run_id = ?", {id});
        db_->query("DELETE FROM run_sources WHERE run_id = ?", {id});
        db_->query("DELETE FROM runs WHERE id = ?", {id});
        if (has_machine)
            db_->query(
                "DELETE FROM machines WHERE id = ? AND NOT EXISTS (SELECT 1 FROM runs WHERE "
                "machine_id = ?)",
                {machine_id, machine_id});
    }
    tx.commit();
}

namespace {
std::vector<int64_t> ids_of(std::unique_ptr<Rows> rows) {
    std::vector<int64_t> out;
    while (rows->next()) out.push_back(rows->integer(0));
    return out;
}
}  // namespace

std::vector<int64_t> Database::imported_from(const std::string& sha256) const {
    return ids_of(db_->query(
        "SELECT DISTINCT run_id FROM run_sources WHERE sha256 = ? ORDER BY run_id", {sha256}));
}

std::optional<int64_t> Database::with_key(const std::string& key) const {
    auto ids =
        ids_of(db_->query("SELECT id FROM runs WHERE content_key = ? ORDER BY id LIMIT 1", {key}));
    return ids.empty() ? std::nullopt : std::optional<int64_t>(ids.front());
}

void Database::fill_content_keys() {
    auto missing = ids_of(db_->query("SELECT id FROM runs WHERE content_key = '' ORDER BY id", {}));
    if (missing.empty()) return;
    WriteTransaction tx(*db_, writing_);
    for (int64_t id : missing)
        if (auto run = load(id))
            db_->query("UPDATE runs SET content_key = ? WHERE id = ?", {content_key(*run), id});
    tx.commit();
}

std::vector<int64_t> Database::with_content(const std::string& sha256) const {
    return ids_of(db_->query("SELECT id FROM runs WHERE content_sha256 = ? ORDER BY id", {sha256}));
}

std::vector<std::string> Database::names() const {
    auto st = db_->query("SELECT id, label FROM runs ORDER BY id", {});
    std::vector<std::string> out;
    while (st->next()) {
        out.push_back(std::to_string(st->integer(0)));
        if (!st->text(1).empty()) out.push_back(st->text(1));
    }
    return out;
}

std::vector<Database::RunName> Database::run_names() const {
    auto st = db_->query(
        "SELECT r.id, r.label, COALESCE(m.label, ''), COALESCE(m.emulator, '') FROM runs r "
        "LEFT JOIN machines m ON m.id = r.machine_id ORDER BY r.id",
        {});
    std::vector<RunName> out;
    while (st->next()) out.push_back({st->integer(0), st->text(1), st->text(2), st->text(3)});
    return out;
}

}  // namespace speedlab::store
