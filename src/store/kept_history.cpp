// `history` answers kept in the store (schema 10): one per machine and query,
// good only for the store generation it was computed at, so any write
// (write_transaction.h) makes every kept answer one that is never read again.
#include "store/database.h"

namespace speedlab::store {

int64_t Database::generation() const {
    auto rows = db_->query("SELECT n FROM store_generation");
    return rows->next() ? rows->integer(0) : -1;
}

std::optional<std::string> Database::kept_history(const std::string& machine,
                                                  const std::string& query,
                                                  int64_t generation) const {
    auto rows = db_->query(
        "SELECT answer FROM history_answers WHERE machine = ? AND query = ? AND generation = ?",
        {machine, query, generation});
    if (!rows->next()) return std::nullopt;
    return rows->text(0);
}

bool Database::keep_history(const std::string& machine, const std::string& query,
                            int64_t generation, const std::string& answer) noexcept {
    if (writing_ || snapshot_) return false;  // only on its own, never inside another's
    try {
        db_->begin_write_now();
    } catch (...) {
        return false;
    }
    try {
        // Written while this one waited: the answer is of a generation gone.
        if (this->generation() != generation) {
            db_->rollback();
            return false;
        }
        db_->query(
            "DELETE FROM history_answers WHERE generation <> ? OR (machine = ? AND query = ?)",
            {generation, machine, query});
        db_->query(
            "INSERT INTO history_answers (machine, query, generation, answer) VALUES (?, ?, ?, ?)",
            {machine, query, generation, answer});
        db_->commit();
        return true;
    } catch (...) {
        db_->rollback();
        return false;
    }
}

}  // namespace speedlab::store
