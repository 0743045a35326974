#pragma once
// What people type to name runs, turned into run ids: the one resolver of
// every command that takes runs (compare, show, edit, delete, export, check)
// and of serve's `runs=`. A word is:
//   `all`            every run;
//   `12`, `id:12`    a run's id;  `3-9` the runs stored with ids 3 to 9;
//   `label:NAME`     a label exactly (one that reads like a number or range);
//   `machine:NAME`   every run of the machines NAME means (any case, glob, part);
//   a label          exactly, else in any case, else a unique start of one in any case;
//   a machine name   (any case) its newest run that shares the most figures with
//                    the other runs named (notes say which, and how many it has);
//   `ref:TEXT`       a run from outside the store (the reference set, which
//                    store cannot see): the caller's OutsideLookup answers it.
// A word that matches several labels is ambiguous; one matching nothing
// unknown, with the closest labels and machine names by spelling.
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "store/database.h"

namespace speedlab::store {

// What a caller above store answers for `ref:TEXT` (given TEXT): the run, id
// 0, labelled as it is to be shown ("ref:LABEL"); it throws Error(not_found)
// when none matches.
struct OutsideRun {
    Run run;
    std::string note;  // which of several was taken, for stderr
};
using OutsideLookup = std::function<OutsideRun(const std::string& text)>;

// One run named: a stored run's id, or the index of an outside run.
struct NamedRun {
    int64_t id = 0;
    std::optional<size_t> outside;
};

struct RunResolution {
    std::vector<int64_t> ids;        // stored runs, each once, in the order named
    std::vector<Run> outside;        // runs `ref:` words named, each once
    std::vector<NamedRun> order;     // every run named, each once, in the order named
    std::vector<std::string> notes;  // which run a machine name took, for stderr
};

// A word that names no run (kind not_found) or several where it must name one,
// or a `ref:` word where only stored runs are taken (kind usage). CLOSEST:
// ambiguous, the runs it matches ("12 tilia rh73", up to 10); unknown, the
// closest labels and machines by spelling. Serve links each.
struct UnresolvedRun : Error {
    UnresolvedRun(ErrorKind kind, const std::string& what, std::vector<std::string> closest)
        : Error(kind, what), closest(std::move(closest)) {}
    std::vector<std::string> closest;
};

// Without OUTSIDE, a `ref:` word is an error saying the command takes stored runs only.
// What the runs will be held against besides each other (rank: the reference
// set): its figures (metric keys), and its name for the notes.
struct HeldAgainst {
    std::set<std::string> figures;
    std::string name;  // "the reference set"
};

// A machine named alone takes its run sharing the most figures with AGAINST.
// A word that names nothing throws UnresolvedRun; OUTSIDE's Error passes through.
RunResolution resolve_runs(const Database& db, const std::vector<std::string>& words,
                           const OutsideLookup& outside = {}, const HeldAgainst& against = {});

// The runs R names in its order, stored ones loaded (one deleted meanwhile is
// left out), outside ones moved out of R.
std::vector<Run> load_named(const Database& db, RunResolution& r);

// "a-b" of digits as a range of ids, else nothing.
bool parse_id_range(const std::string& word, int64_t& first, int64_t& last);

}  // namespace speedlab::store
