#pragma once
// The command definitions (the CLI11 tree `--help` prints) as plain data, so
// that the man page and the shell completions are generated from them and
// never disagree with `--help`.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace speedlab::cli {

// What an option's or positional's value is, for completion.
enum class ValueKind { none, words, file, run, machine, algorithm };

struct ArgInfo {
    std::vector<std::string> names;  // "-o", "--output"; empty for a positional
    std::string positional;          // the positional's name ("runs")
    std::string metavar;             // "TEXT", "FLOAT"; empty for a flag
    std::string constraint;          // "{text,json}", "SECONDS in [0.01, 3600]"
    std::string help;
    bool many = false, required = false;
    ValueKind kind = ValueKind::none;
    std::vector<std::string> words;  // the choices when kind is words
    bool takes_value() const { return !metavar.empty(); }
};

struct CommandInfo {
    std::vector<std::string> path;  // {} for speedlab itself, {"experiment", "isa"}
    std::string description, footer;
    std::vector<ArgInfo> options, positionals;
    std::vector<std::string> subcommands;
    std::vector<std::string> subcommand_help;
    bool needs_subcommand = false;
    std::string name() const;   // "speedlab experiment isa"
    std::string usage() const;  // "speedlab run [OPTIONS] [algorithms...]"
};

// speedlab itself first, then every visible command depth first; hidden
// commands (CLI11 group "") and hidden options are left out.
std::vector<CommandInfo> command_tree(const CLI::App& root);

// Names `speedlab run` accepts, for completion: its openssl speed names and
// the registry's canonical ids that it also accepts.
std::vector<std::string> algorithm_words();

}  // namespace speedlab::cli
