#pragma once
// Where a run stands among the reference machines: per figure its neighbours
// below and above and its percentile; overall the closest real machines by
// the geometric mean of the run's figures over theirs (compare/mean), with
// the interval that printed precision and noise allow.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "compare/mean.h"
#include "core/measurement.h"
#include "reference/set.h"
#include "report/formats.h"

namespace speedlab::reference {

struct Neighbour {
    const ReferenceRun* run = nullptr;
    double value = 0;  // per process, base units
};

struct FigureRank {
    std::string metric;                     // "md5@8192"
    double value = 0;                       // the run's, per process
    size_t machines = 0;                    // reference runs with this figure
    double percentile = 0;                  // of them below the run (ties count half), 0-100
    double percentile_low = 0;              // 95%: the share it is surely above,
    double percentile_high = 0;             // to the share it may be above
    std::optional<Neighbour> below, above;  // the nearest at or below, and above
};

struct Closeness {
    const ReferenceRun* run = nullptr;
    compare::MeanEstimate mean;  // the run's figures over the reference run's
    bool same_version = false, same_build = false, build_known = false;
};

struct Ranking {
    std::vector<FigureRank> figures;
    std::vector<Closeness> closest;  // closest first
    std::string version;             // the run's library and version, as compared
    double noise = 0.02;
};

// The library and version ("openssl 0.9.6b"; libcrypto counts as OpenSSL).
std::string library_version(const std::string& version);
// The bignum build ("bn(64,32)") an options line names, else empty.
std::string build_kind(const std::string& options);

// METRICS: the figures to rank (empty: every one of the run's). TOP: how many
// of the closest machines to keep. Emulated reference runs are not "real".
Ranking rank(const Run& run, const ReferenceSet& set, const std::vector<MetricKey>& metrics,
             double noise, size_t top = 8);

struct RankView {
    const Run& run;
    const Ranking& ranking;
};
// text and markdown (the closest machines, then each figure; both end with the
// terms of the sources of every reference run they name), json, csv (one line
// per figure with its neighbours, their source and terms).
const report::Formats<RankView>& rank_formats();

}  // namespace speedlab::reference
