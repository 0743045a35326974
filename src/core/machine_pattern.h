#pragma once
// What a user types after --machine (or machine:NAME): a name in any case, a
// glob (`p-*`) or a part of a name (`rh73`), matched against the names a
// store holds. Matching is here, not in SQL, so every back end agrees.
#include <string>
#include <string_view>
#include <vector>

namespace speedlab {

struct MachineMatch {
    std::vector<std::string> names;  // the stored names meant, in the order given
    std::string error;               // non-empty: nothing matched (with the closest names)
};

// The exact name ignoring case if there is one; else every name the glob
// (`*`, `?`, `[...]`) matches ignoring case; else every name that holds the
// pattern ignoring case. Nothing matched: an error naming the three closest.
MachineMatch match_machines(std::string_view pattern, const std::vector<std::string>& names);

// Only a name ignoring case, for commands that change machines (rename, merge).
MachineMatch exact_machine(std::string_view name, const std::vector<std::string>& names);

}  // namespace speedlab
