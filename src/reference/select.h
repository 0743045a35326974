#pragma once
// Which reference runs a user means: list's filters, an id or label, and the
// text of `ref:TEXT` and `reference import PATTERN`.
#include <optional>
#include <string>
#include <vector>

#include "reference/set.h"
#include "store/run_resolver.h"

namespace speedlab::reference {

struct Filter {
    std::string cpu;            // part of "CPU clock MHz", any case; or a glob (* ?)
    std::optional<int> before;  // measured before this year
    std::optional<int> after;   // measured after this year
    std::string kind;           // physical, cloud or emulated (empty: any)
};

bool matches(const ReferenceRun& run, const Filter& filter);
std::vector<const ReferenceRun*> filtered(const ReferenceSet& set, const Filter& filter);

// The runs TEXT names: its id ("12"), its label exactly, else every run whose
// label or "CPU clock MHz" holds TEXT (any case; a glob when it has * or ?).
std::vector<const ReferenceRun*> named(const ReferenceSet& set, const std::string& text);

struct OneRun {
    const ReferenceRun* run = nullptr;  // never null
    std::string note;                   // which of several matches was taken, and why
};
// The one run TEXT means: of several, the one with the most figures (the
// first of those), said in `note`. None: Error(not_found).
OneRun one_named(const ReferenceSet& set, const std::string& text);

// `ref:TEXT` for the run resolver (store/run_resolver.h): one_named's run,
// labelled "ref:LABEL". SET must outlive the lookup.
store::OutsideLookup outside_lookup(const ReferenceSet& set);

}  // namespace speedlab::reference
