#pragma once
// A write transaction that rolls back unless committed: a failed write leaves
// the database as it was. Shared by the files that implement Database.
#include "store/connection.h"

namespace speedlab::store {

// The outermost also bumps the store's generation (schema 10), so an answer
// kept for the generation before (kept_history.cpp) is never read again.
// One inside another (Database::in_write around an insert) joins the outer
// one: only the outermost begins, commits or rolls back. An exception thrown
// inside must leave the outermost, which then rolls everything back.
class WriteTransaction {
  public:
    WriteTransaction(Connection& c, int& depth) : c_(c), depth_(depth) {
        if (depth_ == 0) {
            c_.begin_write();
            try {
                c_.query("UPDATE store_generation SET n = n + 1");
            } catch (...) {
                c_.rollback();
                throw;
            }
        }
        ++depth_;
    }
    ~WriteTransaction() {
        --depth_;
        if (!done_ && depth_ == 0) c_.rollback();
    }
    WriteTransaction(const WriteTransaction&) = delete;
    WriteTransaction& operator=(const WriteTransaction&) = delete;
    void commit() {
        if (depth_ == 1) c_.commit();
        done_ = true;
    }

  private:
    Connection& c_;
    int& depth_;
    bool done_ = false;
};

}  // namespace speedlab::store
