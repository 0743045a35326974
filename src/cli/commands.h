#pragma once
// The speedlab subcommands. Each registers its options on the CLI11 app and
// returns the process exit code when it runs.
#include <CLI/CLI.hpp>
#include <fstream>
#include <functional>
#include <optional>
#include <string>

namespace speedlab::cli {

// Exit codes of the command-line contract (docs/cli.md).
enum Exit : int { ok = 0, failure = 1, usage = 2, bad_data = 65, interrupted = 130 };

struct Global {
    std::string db;  // --db, else SPEEDLAB_DB or the XDG default
    std::string database_path() const;
};

// Keeps -o from replacing the SQLite store in use (or its journal files).
void protect_store(const Global& global);

using Command = std::function<int()>;

Command add_run(CLI::App& app, Global& global);
Command add_import(CLI::App& app, Global& global);
Command add_list(CLI::App& app, Global& global);
Command add_show(CLI::App& app, Global& global);
Command add_compare(CLI::App& app, Global& global);
Command add_edit(CLI::App& app, Global& global);
Command add_delete(CLI::App& app, Global& global);
Command add_machines(CLI::App& app, Global& global);
Command add_machine(CLI::App& app, Global& global);
Command add_export(CLI::App& app, Global& global);
Command add_serve(CLI::App& app, Global& global);
Command add_publish(CLI::App& app, Global& global);
Command add_check(CLI::App& app, Global& global);
Command add_sysinfo(CLI::App& app, Global& global);
Command add_bogomips(CLI::App& app, Global& global);
Command add_experiment(CLI::App& app, Global& global);
// Hidden: shell completion's questions to the database, and the generators of
// the man page and completion scripts (cmd_complete.cpp).
Command add_complete(CLI::App& app, Global& global);
Command add_help_man(CLI::App& app, Global& global);
Command add_help_completion(CLI::App& app, Global& global);
void add_isa_options(CLI::App& app);
int run_isa_experiment(Global& global);

// A number of seconds from 0.01 to 3600; "nan" and "inf" are refused.
CLI::Validator seconds_range();

// A finite percentage from low to high; "nan" and "inf" are refused.
CLI::Validator percent_range(double low, double high);

// A name (of a run or a machine) is one line of printable text: list, show and
// markdown print it in a cell. Empty when NAME is one, else what is wrong.
std::string name_problem(const std::string& option, const std::string& name);

// "error: ..." on stderr; returns code.
int fail(int code, const std::string& message);

// Reads FILE (or stdin for "-") up to `limit` bytes plus one, so that a caller
// can tell larger input; empty optional and `error` set when it cannot be opened.
std::optional<std::string> read_input(const std::string& path, size_t limit, std::string& error);

// Opens PATH ("-": stdin) for reading through `file`; null with `error` set when it cannot.
std::istream* open_input(const std::string& path, std::ifstream& file, std::string& error);
// Appends what `in` gives until `text` holds more than `limit` bytes or the input ends.
void read_chunks(std::istream& in, size_t limit, std::string& text);

// Writes text to stdout, or to the file given with -o (all or nothing).
bool write_output(const std::string& text, const std::string& path);

}  // namespace speedlab::cli
