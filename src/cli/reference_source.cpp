#include "cli/reference_source.h"

#include <fmt/format.h>

#include "cli/commands.h"
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

std::optional<Run> reference_word(const std::string& word,
                                  std::optional<reference::ReferenceSet>& set, bool& is_ref) {
    is_ref = word.rfind("ref:", 0) == 0;
    if (!is_ref) return std::nullopt;
    if (!set) set = open_reference("");
    if (!set) return std::nullopt;
    auto one = reference::one_named(*set, word.substr(4));
    if (!one.run) {
        fail(Exit::usage, one.error);
        return std::nullopt;
    }
    if (!one.note.empty()) fmt::print(stderr, "{}\n", one.note);
    Run run = one.run->run;
    run.label = "ref:" + run.label;
    return run;
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
