#include "cli/reference_source.h"

#include <fmt/format.h>

#include <algorithm>

#include "cli/run_selection.h"
#include "reference/select.h"

namespace speedlab::cli {

void add_reference_option(CLI::App& app, std::string& file) {
    app.add_option("--reference", file,
                   "the reference set's reference.json (default: $SPEEDLAB_REFERENCE, else the "
                   "installed share/speedlab/reference)");
}

reference::ReferenceSet open_reference(const std::string& file) {
    return reference::load_set(reference::locate_set(file));
}

std::vector<Run> resolve_with_reference(const store::Database& db,
                                        const std::vector<std::string>& words) {
    std::optional<reference::ReferenceSet> set;
    if (std::any_of(words.begin(), words.end(),
                    [](const std::string& w) { return w.rfind("ref:", 0) == 0; }))
        set = open_reference("");
    auto r = resolve_named(db, words, set ? reference::outside_lookup(*set) : nullptr);
    return store::load_named(db, r);
}

serve::ReferenceSource site_reference(const std::string& file) {
    serve::ReferenceSource out;
    try {
        out.set = std::make_shared<const reference::ReferenceSet>(open_reference(file));
    } catch (const reference::SetError& e) {
        out.missing = e.what();
    }
    return out;
}

}  // namespace speedlab::cli
