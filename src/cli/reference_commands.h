#pragma once
// `speedlab reference list|show|import` and `speedlab rank` (cmd_reference.cpp,
// cmd_rank.cpp), registered by main.cpp as the others in commands.h.
#include "cli/commands.h"

namespace speedlab::cli {

Command add_reference(CLI::App& app, Global& global);
Command add_rank(CLI::App& app, Global& global);

}  // namespace speedlab::cli
