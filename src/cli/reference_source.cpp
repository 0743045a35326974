#include "cli/reference_source.h"

#include <fmt/format.h>

#include <algorithm>

#include "cli/commands.h"
#include "cli/run_selection.h"
#include "reference/select.h"

namespace speedlab::cli {

void add_reference_option(CLI::App& app, std::string& file) {
    app.add_option("--reference", file,
                   "the reference set's reference.json (default: $SPEEDLAB_REFERENCE, else the "
                   "installed share/speedlab/reference)");
}

std::optional<reference::ReferenceSet> open_reference(const std::string& file) {
    std::string error;
    auto path = reference::locate_set(file, error);
    if (!path) {
        fail(Exit::bad_data, error);
        return std::nullopt;
    }
    try {
        return reference::load_set(*path);
    } catch (const reference::SetError& e) {
        fail(Exit::bad_data, e.what());
        return std::nullopt;
    }
}

std::optional<std::vector<Run>> resolve_with_reference(const store::Database& db,
                                                       const std::vector<std::string>& words,
                                                       int& code) {
    std::optional<reference::ReferenceSet> set;
    if (std::any_of(words.begin(), words.end(),
                    [](const std::string& w) { return w.rfind("ref:", 0) == 0; })) {
        set = open_reference("");
        if (!set) {
            code = Exit::bad_data;
            return std::nullopt;
        }
    }
    auto r = resolve_named(db, words, set ? reference::outside_lookup(*set) : nullptr);
    code = Exit::usage;
    if (!r) return std::nullopt;
    return store::load_named(db, *r);
}

serve::ReferenceSource site_reference(const std::string& file) {
    serve::ReferenceSource out;
    auto path = reference::locate_set(file, out.error);
    if (!path) return out;
    try {
        out.set = std::make_shared<const reference::ReferenceSet>(reference::load_set(*path));
    } catch (const reference::SetError& e) {
        out.error = e.what();
    }
    return out;
}

}  // namespace speedlab::cli
