#pragma once
// How wide the tables of list, machines and compare may be: --width N, else
// the terminal's width, else $COLUMNS, else 100.
#include <CLI/CLI.hpp>
#include <cstddef>

namespace speedlab::cli {

// Adds --width to a command; 0 until given.
void add_width_option(CLI::App& app, size_t& width);

// The width to lay tables out at (at least 40).
size_t output_width(size_t given);

}  // namespace speedlab::cli
