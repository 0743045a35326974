#pragma once
// A run is stored once (issue 20): a run an import meets again, whatever file
// it is in, becomes one more source of the run stored first, by content key
// (store/content_key.h): the same mail saved as text and as a web page, a
// table repeated in several posts, a text imported before under another name.
#include <string>
#include <unordered_map>
#include <vector>

#include "core/run.h"
#include "store/database.h"

namespace speedlab::import {

// What became of one file's runs.
struct Taken {
    std::vector<store::Database::SourceOf> sources;  // runs stored before, found again
    std::vector<std::string> keys;                   // of the runs left, in order
    std::vector<int64_t> already;                    // the stored runs found again
    size_t repeated = 0;                             // runs the text itself repeats
};

class StoreOnce {
  public:
    // Takes out of RUNS each run met before: one the same text gave earlier
    // (its sources join that run's), and unless AGAIN one stored before (DB,
    // may be null) or earlier in this import (its sources are to be added).
    Taken take_out(std::vector<Run>& runs, const store::Database* db, bool again);
    // RUNS, as take_out left them, are stored: later files may meet them.
    void stored(const std::vector<Run>& runs, const std::vector<std::string>& keys);

  private:
    std::unordered_map<std::string, int64_t> stored_;  // key -> run id, of this import
};

}  // namespace speedlab::import
