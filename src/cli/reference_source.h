#pragma once
// The reference set a command reads: --reference FILE, else SPEEDLAB_REFERENCE,
// else the installed or source tree's set (reference/set.h).
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "reference/set.h"
#include "serve/reference_page.h"

namespace speedlab::cli {

// Adds --reference FILE to APP, stored in FILE.
void add_reference_option(CLI::App& app, std::string& file);

// The set, or nullopt after printing why (exit 65: a missing or unreadable set).
std::optional<reference::ReferenceSet> open_reference(const std::string& file);

// WORD's run when WORD is `ref:TEXT` (reference/select.h's one_named; which
// of several was taken goes to stderr), its label "ref:LABEL"; SET is loaded
// on first use. Nullopt, printed, when the set or the run is missing;
// `is_ref` false when WORD is no ref: word.
std::optional<Run> reference_word(const std::string& word,
                                  std::optional<reference::ReferenceSet>& set, bool& is_ref);

// The set for /reference; a missing one is no error (the page says why).
serve::ReferenceSource site_reference(const std::string& file);

}  // namespace speedlab::cli
