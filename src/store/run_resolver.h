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
//                    the other runs named (notes say which, and how many it has).
// A word that matches several labels is ambiguous; one matching nothing
// unknown, with the closest labels and machine names by spelling.
#include <cstdint>
#include <string>
#include <vector>

#include "store/database.h"

namespace speedlab::store {

struct RunResolution {
    std::vector<int64_t> ids;        // each once, in the order named
    std::vector<std::string> notes;  // which run a machine name took, for stderr
    std::string word;                // the word at fault
    std::vector<std::string>
        suggestions;    // ambiguous: "12 tilia rh73" (up to 10); unknown: closest
    std::string error;  // "" when every word named runs
};

RunResolution resolve_runs(const Database& db, const std::vector<std::string>& words);

// "a-b" of digits as a range of ids, else nothing.
bool parse_id_range(const std::string& word, int64_t& first, int64_t& last);

}  // namespace speedlab::store
