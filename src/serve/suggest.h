#pragma once
// The runs worth comparing with one run: those that share the most figures
// with it, the same machine's other builds first, then the same CPU's runs.
#include <cstdint>
#include <string>
#include <vector>

#include "core/run.h"
#include "store/database.h"

namespace speedlab::serve {

struct Suggestion {
    store::RunSummary run;
    size_t shared = 0;  // figures both runs have
    std::string why;    // "same machine", "same CPU", ""
};

// At most `most` runs sharing at least one figure with `run`; never a run a
// comparison with it would refuse.
std::vector<Suggestion> compare_suggestions(const store::Database& db, const Run& run,
                                            size_t most = 8);

}  // namespace speedlab::serve
