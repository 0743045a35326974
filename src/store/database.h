#pragma once
// The SQLite store of runs: schema with migrations, one transaction per write.
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/run.h"

struct sqlite3;

namespace speedlab::store {

struct StoreError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// One line of `speedlab list`.
struct RunSummary {
    int64_t id = 0;
    std::string label, when, source, source_file, version, machine_label, cpu_name, platform;
    bool complete = true;
    int64_t measurements = 0;
};

class Database {
  public:
    // Opens (creating the file and its directory if needed) and migrates.
    explicit Database(const std::string& path);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    int schema_version() const;

    // Stores the runs (measurements, machine) in one transaction; assigns ids.
    void insert(std::vector<Run>& runs);
    int64_t insert(Run& run);

    std::vector<RunSummary> list() const;
    std::optional<Run> load(int64_t id) const;
    // Finds a run by id ("12") or label; the newest wins when labels repeat.
    // "label:NAME" and "id:N" say which is meant.
    std::optional<Run> find(const std::string& name) const;
    // Changes a run's label and/or its machine's name; false when there is no such run.
    bool edit(int64_t id, const std::optional<std::string>& label,
              const std::optional<std::string>& machine);
    // Deletes the runs (their figures and machines) in one transaction; all or none.
    void remove(const std::vector<int64_t>& ids);

    // Runs imported from a text with this sha256.
    std::vector<int64_t> imported_from(const std::string& sha256) const;
    // Ids and labels, for "did you mean" suggestions.
    std::vector<std::string> names() const;

  private:
    sqlite3* db_ = nullptr;
    std::string path_;
    void migrate();
    void refuse_foreign() const;
    void use_wal();
};

// $SPEEDLAB_DB, else $XDG_DATA_HOME/speedlab/results.db, else ~/.local/share/speedlab/results.db.
std::string default_database_path();

}  // namespace speedlab::store
