#pragma once
// The reference set a command reads: --reference FILE, else SPEEDLAB_REFERENCE,
// else the installed or source tree's set (reference/set.h).
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "reference/set.h"
#include "serve/reference_page.h"
#include "store/database.h"

namespace speedlab::cli {

// Adds --reference FILE to APP, stored in FILE.
void add_reference_option(CLI::App& app, std::string& file);

// The set; reference::SetError (exit 65) when it is missing or unreadable.
reference::ReferenceSet open_reference(const std::string& file);

// The runs WORDS name in their order (cli/run_selection.h), `ref:TEXT` among
// them from the reference set, which is read only when a word names it.
std::vector<Run> resolve_with_reference(const store::Database& db,
                                        const std::vector<std::string>& words);

// The set for /reference; a missing one is no error (the page says why).
serve::ReferenceSource site_reference(const std::string& file);

}  // namespace speedlab::cli
