#pragma once
// What a user types after --machine (or machine:NAME): a name in any case, a
// glob (`p-*`) or a part of a name (`rh73`), matched against the names a
// store holds. Matching is here, not in SQL, so every back end agrees.
#include <string>
#include <string_view>
#include <vector>

namespace speedlab {

// The stored names meant, in the order given: the exact name ignoring case if
// there is one; else every name the glob (`*`, `?`, `[...]`) matches ignoring
// case; else every name that holds the pattern ignoring case. Empty when
// nothing matched, which is an answer, not an error: `machine:X` finds no
// baseline, a runs page lists nothing. Callers for whom it is an error throw
// with no_machine_message and the kind they mean.
std::vector<std::string> match_machines(std::string_view pattern,
                                        const std::vector<std::string>& names);

// Only a name ignoring case, for commands that change machines (rename, merge).
std::vector<std::string> exact_machine(std::string_view name,
                                       const std::vector<std::string>& names);

// "no machine 'X'; the closest: A, B, C (see speedlab machines)".
std::string no_machine_message(std::string_view pattern, const std::vector<std::string>& names);

}  // namespace speedlab
