#pragma once
// A write transaction that rolls back unless committed: a failed write leaves
// the database as it was. Shared by the files that implement Database.
#include "store/connection.h"

namespace speedlab::store {

class WriteTransaction {
  public:
    explicit WriteTransaction(Connection& c) : c_(c) { c_.begin_write(); }
    ~WriteTransaction() {
        if (!done_) c_.rollback();
    }
    WriteTransaction(const WriteTransaction&) = delete;
    WriteTransaction& operator=(const WriteTransaction&) = delete;
    void commit() {
        c_.commit();
        done_ = true;
    }

  private:
    Connection& c_;
    bool done_ = false;
};

}  // namespace speedlab::store
