#pragma once
// What a benchmark harness's own file says of a run it parsed: the values of
// a quoted key ('algorithm': 'aes-256-ctr', "parallelism": 10) in its samples.
#include <string>
#include <string_view>
#include <vector>

namespace speedlab::parse {

// The distinct values of KEY written as `'KEY': VALUE` or `"KEY": VALUE`
// (VALUE quoted or a bare word), in the order first seen.
std::vector<std::string> harness_key_values(std::string_view text, std::string_view key);

}  // namespace speedlab::parse
