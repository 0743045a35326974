// A speedlab bundle (docs/json.md), or runs as `show`/`import --format json`
// print them: read as a stream, one run at a time, stored whole or not at all.
#include <cerrno>
#include <cstring>

#include "import/reader.h"
#include "store/bundle.h"

namespace speedlab::import {

Read read_bundle(Input& input) {
    Read out;
    try {
        for (auto& run : store::read_bundle(*input.rest, input.name, std::move(input.head)))
            out.runs.push_back(std::move(run));
    } catch (const store::BundleError& e) {
        out.runs.clear();
        out.refused = std::string(e.what()) + "; nothing imported";
        return out;
    }
    if (input.rest->bad()) {
        out.runs.clear();
        out.refused = input.name + ": cannot read: " + std::strerror(errno);
    }
    return out;
}

}  // namespace speedlab::import
