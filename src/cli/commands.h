#pragma once
// The speedlab subcommands. Each registers its options on the CLI11 app and
// returns the process exit code when it runs.
#include <CLI/CLI.hpp>
#include <fstream>
#include <functional>
#include <optional>
#include <string>

#include "core/display_name.h"
#include "core/error.h"

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
Command add_history(CLI::App& app, Global& global);
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

// A number of seconds from 0.01 to 3600, in plain decimal (cli/numbers.h).
CLI::Validator seconds_range();

// A percentage from low to high, "3" or "3%" (cli/numbers.h); use it as a
// transform (the option then holds the number without its '%').
CLI::Validator percent_range(double low, double high);
// A day as YYYY-MM-DD (core/clock.h's valid_day), for --since and --until.
CLI::Validator day_check();

// A name a person gives (a machine's: kind machine, a run's: label) made its
// stored form (core/display_name.h) in place. Empty when it is a name of that
// kind, else "OPTION: what is wrong; found 'NAME'" for exit 2.
std::string name_problem(const std::string& option, std::string& name,
                         NameKind kind = NameKind::machine);

// The same as an option's check, which makes the value its stored form.
CLI::Validator name_rule(NameKind kind);

// "speedlab: error: ..." on stderr: main.cpp's for an Error, and a command's
// that goes on after one (a run stored although stdout failed).
void print_error(const std::string& message);

// Reads FILE (or stdin for "-") up to `limit` bytes plus one, so that a caller
// can tell larger input; throws speedlab::Error (input) when it cannot be read.
std::string read_input(const std::string& path, size_t limit);

// Opens PATH ("-": stdin) for reading through `file`; throws as read_input.
std::istream* open_input(const std::string& path, std::ifstream& file);

// Writes text to stdout, or to the file given with -o (all or nothing):
// Exit::ok, or speedlab::Error (io) thrown.
int write_output(const std::string& text, const std::string& path);

}  // namespace speedlab::cli
