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

// The set, or nullopt after printing why (exit 65: a missing or unreadable set).
std::optional<reference::ReferenceSet> open_reference(const std::string& file);

// The runs WORDS name in their order (cli/run_selection.h), `ref:TEXT` among
// them from the reference set, which is read only when a word names it. On
// error nullopt, printed, with CODE the exit code (65: no set; 2: a word).
std::optional<std::vector<Run>> resolve_with_reference(const store::Database& db,
                                                       const std::vector<std::string>& words,
                                                       int& code);

// The set for /reference; a missing one is no error (the page says why).
serve::ReferenceSource site_reference(const std::string& file);

}  // namespace speedlab::cli
