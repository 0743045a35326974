#pragma once
// Shell completion scripts (bash, zsh, fish), generated at build time from the
// command definitions. Run labels and machine names are asked of the database
// in use at completion time through the hidden `speedlab complete` command.
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_tree.h"

namespace speedlab::cli {

// The script for "bash", "zsh" or "fish"; nothing for another shell.
std::optional<std::string> completion_script(const std::vector<CommandInfo>& tree,
                                             const std::string& shell);

}  // namespace speedlab::cli
