#pragma once
// The store of runs: one interface whatever the back end (an SQLite file or a
// PostgreSQL server), numbered migrations, one transaction per write.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/run.h"
#include "store/connection.h"
#include "store/content_key.h"  // content_sha256: what with_content() looks for

namespace speedlab::store {

// One line of `speedlab list`.
struct RunSummary {
    int64_t id = 0;
    std::string label, when, source, source_file, version, machine_label, cpu_name, platform;
    bool complete = true;
    int64_t measurements = 0;
    int processes = 1;
    std::string measured_at, stored_at;  // "" when the measuring date is not known
};

// One line of `speedlab machines`: the runs of one machine name together.
struct MachineSummary {
    std::string name;
    std::vector<std::string> aliases;  // names merged into it (machine merge), sorted
    std::string cpu;                   // the most common CPU name of its runs
    std::string kind;                  // physical, emulated, virtual, unknown
    std::string emulator;              // PCem, 86Box, qemu-x86_64 ... when emulated
    std::string mhz;  // the most common CPU clock of its runs, whole MHz; "" unknown
    int64_t runs = 0, figures = 0;
    std::string first, last;  // the earliest and latest measuring date stated; "" none
};

// What a machine command changed.
struct MachineChange {
    std::vector<std::string> names{};  // the names merged, renamed or given back
    int64_t machines = 0, runs = 0;    // machines rows (one per run) and runs changed
};

// Which runs `list` and `export` want; empty fields do not filter.
struct RunFilter {
    std::string machine{};                // the machine's name, exactly
    std::vector<std::string> machines{};  // any of these names, exactly (match_machines)
    std::string since{};                  // YYYY-MM-DD: stored on or after
    std::string source{};                 // "measured" or "imported"
    int64_t limit = 0;                    // the newest N (still in id order); 0 for all
    std::string until{};                  // YYYY-MM-DD: stored on or before
    std::string cpu{};                    // part of the CPU name, any case
    std::string version{};                // part of the benchmark's version, any case
    std::string text{};  // part of the label, machine, CPU, version or source file, any case
};

// The order of a page of runs (speedlab serve's run list).
// The runs and figures of a machine's history (Database::history_runs).
struct HistoryQuery {
    std::vector<std::string> machines;  // named exactly
    int64_t limit = 0;                  // the newest LIMIT runs; 0: all
    std::string since, until;           // measured (else stored) day, YYYY-MM-DD; "": no bound
    std::optional<std::vector<MetricKey>> metrics;  // only these figures; none: all
};

enum class RunOrder { newest, oldest, label, machine, cpu, version, figures };
std::optional<RunOrder> parse_run_order(std::string_view name);
std::string_view to_string(RunOrder order);
std::vector<std::string> run_order_names();

class Database {
  public:
    // "postgresql://..." connects to a server; anything else is an SQLite file
    // (created with its directory if needed). Either is migrated on opening.
    // Access::read for commands that only read: nothing is created or migrated.
    explicit Database(const std::string& location, Access access = Access::write);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    // Every read from here until the Database closes sees one snapshot (export
    // --all while others delete: a consistent bundle). Not for a writer.
    void hold_snapshot();

    int schema_version() const;
    // The file, or the URL without its password.
    std::string where() const;

    // Stores the runs (measurements, machine, sources) in one transaction; assigns ids.
    // Figures no machine gives are dropped with a note; a run left without any
    // is not stored (its id stays 0; the one-run insert throws).
    void insert(std::vector<Run>& runs);
    // The same, and in the same transaction adds each source to the stored run
    // it names (a run found again in another text); a source it has is not added twice.
    struct SourceOf {
        int64_t run = 0;
        RunSource source;
    };
    void insert(std::vector<Run>& runs, const std::vector<SourceOf>& more_sources);
    int64_t insert(Run& run);
    // Runs FN in one write transaction, committed when FN returns: what FN
    // reads (a run stored already, a label in use) cannot change before the
    // writes it decides on (two imports of one text at once store it once).
    void in_write(const std::function<void()>& fn);

    std::vector<RunSummary> list(const RunFilter& filter = {}) const;
    int64_t count(const RunFilter& filter = {}) const;
    // LIMIT runs from OFFSET in ORDER (filter.limit is ignored): one page of a run list.
    std::vector<RunSummary> page(const RunFilter& filter, RunOrder order, int64_t offset,
                                 int64_t limit) const;
    std::optional<Run> load(int64_t id) const;
    // Finds a run by id ("12") or label; the newest wins when labels repeat.
    // "label:NAME" and "id:N" say which is meant; "machine:NAME" is the latest
    // run of the machine of that name.
    std::optional<Run> find(const std::string& name) const;
    // Whether find(LABEL) names a stored run: a label given to a new run must not.
    bool label_in_use(const std::string& label) const;
    // Changes a run's label and/or its machine's name; false when there is no such run.
    bool edit(int64_t id, const std::optional<std::string>& label,
              const std::optional<std::string>& machine);
    // The same for several runs in one transaction; false (nothing changed) when one is missing.
    bool edit(const std::vector<int64_t>& ids, const std::optional<std::string>& label,
              const std::optional<std::string>& machine);
    // Deletes the runs (their figures and machines) in one transaction; all or none.
    void remove(const std::vector<int64_t>& ids);

    // Runs imported from a text with this sha256 (one of their sources).
    std::vector<int64_t> imported_from(const std::string& sha256) const;
    // The first run stored with this content key (content_key.h), if any.
    std::optional<int64_t> with_key(const std::string& key) const;
    // Gives the runs stored before schema 6 their content key; one transaction.
    void fill_content_keys();
    // Runs whose content (everything but the id) hashes to this (content_sha256()).
    std::vector<int64_t> with_content(const std::string& sha256) const;
    // The distinct machine names (non-empty), sorted; what --machine matches against.
    std::vector<std::string> machine_names() const;
    // One summary per machine name, sorted by name ignoring case; of ONLY
    // (exactly) when given.
    std::vector<MachineSummary> machines(const std::string& only = "") const;
    // The machines named OLD (exactly) take the name NEW; one transaction.
    MachineChange rename_machine(const std::string& from, const std::string& to);
    // The machines named in FROM take INTO's name and remember their own; one transaction.
    MachineChange merge_machines(const std::string& into, const std::vector<std::string>& from);
    // Every machine merged into NAME gets back the name it had, or only the one
    // that had the name ALIAS (exactly) when ALIAS is given; one transaction.
    MachineChange split_machine(const std::string& name, const std::string& alias = "");
    // The distinct CPU names of the machines of NAME (non-empty), most runs first.
    std::vector<std::string> machine_cpus(const std::string& name) const;

    // The runs of the machines named (exactly), the newest LIMIT (0: all), with
    // what a history needs only: ids, labels, dates, source, program, version,
    // options, compiler, and figures (values, printed steps, samples); one
    // query for the runs and one for their figures (history_store.cpp).
    std::vector<Run> history_runs(const std::vector<std::string>& machines,
                                  int64_t limit = 0) const;
    // The same for a query's runs, only the figures it names when it names some.
    std::vector<Run> history_runs(const HistoryQuery& query) const;
    // The figures of a query's runs (its `metrics` aside), each once: what a
    // --metrics list is resolved against; IN_ORDER: in the order they first
    // appear (runs by id, a run's figures by id), else in no given order.
    std::vector<MetricKey> history_metrics(const HistoryQuery& query, bool in_order = true) const;
    // What changes when the machines' runs do (added, deleted, relabelled):
    // their count, ids, labels' lengths and latest time; `runs` their count.
    std::string history_fingerprint(const std::vector<std::string>& machines, int64_t& runs) const;

    // The store's generation: bumped by every write (write_transaction.h).
    int64_t generation() const;
    // The answer kept for MACHINE's history QUERY at GENERATION, if any.
    std::optional<std::string> kept_history(const std::string& machine, const std::string& query,
                                            int64_t generation) const;
    // Keeps ANSWER for them, dropping those of other generations, without
    // bumping the generation; false (nothing kept) when the store cannot be
    // written now: read-only, or another writer holds it.
    bool keep_history(const std::string& machine, const std::string& query, int64_t generation,
                      const std::string& answer) noexcept;

    // Ids and labels, for "did you mean" suggestions.
    std::vector<std::string> names() const;
    // Every run's id, label and machine name, in id order: what people call runs
    // (run_resolver.h).
    struct RunName {
        int64_t id = 0;
        std::string label, machine, emulator;
    };
    std::vector<RunName> run_names() const;

  private:
    std::unique_ptr<Connection> db_;
    bool snapshot_ = false;
    int writing_ = 0;  // open WriteTransactions (write_transaction.h)
};

// $SPEEDLAB_DB, else $XDG_DATA_HOME/speedlab/results.db, else ~/.local/share/speedlab/results.db.
std::string default_database_path();

}  // namespace speedlab::store
