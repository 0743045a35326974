#pragma once
// speedlab(1), generated at build time from the command definitions.
#include <string>
#include <vector>

#include "cli/cli_tree.h"

namespace speedlab::cli {

// The man page (roff, man macros) documenting every command and option of `tree`.
std::string man_page(const std::vector<CommandInfo>& tree, const std::string& version);

// Text escaped for roff: backslashes, a leading dot or quote, hyphens of options.
std::string roff_text(const std::string& text);

}  // namespace speedlab::cli
