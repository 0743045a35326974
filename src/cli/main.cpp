// speedlab: command-line front. Argument parsing and wiring only.
#include <fmt/format.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <map>

#include "cli/child_run.h"
#include "cli/commands.h"
#include "cli/reference_commands.h"
#include "cli/version.h"
#include "core/build_info.h"
#include "core/error.h"

namespace {
using namespace speedlab::cli;

// The commands in the order --help lists them; those without a help are hidden.
struct CommandEntry {
    const char* name;
    const char* help;
    Command (*add)(CLI::App&, Global&);
};
const CommandEntry kCommands[] = {
    {"run", "benchmark this machine like `openssl speed`", add_run},
    {"import", "read openssl speed output (any version) or a bundle, and store it", add_import},
    {"list", "list stored runs", add_list},
    {"show", "show one stored run", add_show},
    {"compare", "compare two or more runs: ratio table or side by side", add_compare},
    {"check", "regression gate: a candidate against a baseline; exit 1 on regression", add_check},
    {"history", "a machine's figures per build over time, and where they changed", add_history},
    {"edit", "rename runs or their machines", add_edit},
    {"delete", "delete runs", add_delete},
    {"machines", "list the machines: aliases, CPU, kind, runs, dates", add_machines},
    {"machine", "rename, merge or split machines", add_machine},
    {"export", "write runs as a bundle that another database imports", add_export},
    {"serve", "the runs, machines and comparisons as web pages, read-only, until Ctrl-C",
     add_serve},
    {"publish", "the same pages as static files in a directory, for any web server", add_publish},
    {"sysinfo", "report this machine, or decode saved system text", add_sysinfo},
    {"reference", "the shipped runs of real machines, cited: list, show, import", add_reference},
    {"rank", "where a run stands among the reference machines", add_rank},
    {"experiment", "one-command experiments: features, emulator, isa", add_experiment},
    {"bogomips", "Linux's delay-loop calibration in user space, and BogoMips explained",
     add_bogomips},
    {"complete", "", add_complete},
    {"help-man", "", add_help_man},
    {"help-completion", "", add_help_completion},
};

// "speedlab foo": say which word is not a command, and list the commands.
bool unknown_command(const CLI::App& app, int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        std::string word = argv[i];
        if (word == "--db") {
            ++i;
            continue;
        }
        if (word.rfind("-", 0) == 0) continue;
        for (const auto* sub : app.get_subcommands({}))
            if (sub->get_name() == word) return false;
        std::string names;
        for (const auto* sub : app.get_subcommands({}))
            if (!sub->get_group().empty())  // hidden commands stay hidden
                names += "\n  " + fmt::format("{:<11}{}", sub->get_name(), sub->get_description());
        fmt::print(stderr, "speedlab: error: unknown command '{}'; the commands are:{}\n", word,
                   names);
        return true;
    }
    return false;
}

// --db as given, refused before any command opens it.
void check_db(const Global& global, bool given) {
    using speedlab::Error, speedlab::ErrorKind;
    if (given && global.db.empty())
        throw Error(ErrorKind::usage, "--db needs a file name (or a postgresql:// URL)");
    if (global.db == ":memory:")
        throw Error(ErrorKind::usage, "--db " + global.db +
                                          ": give a database file; an in-memory database would "
                                          "lose every run when speedlab exits");
    if (global.db.rfind("file:", 0) == 0)
        throw Error(ErrorKind::usage, "--db " + global.db +
                                          ": a file: URI, which speedlab does not read; give the "
                                          "database file's path (/path/to/results.db)");
}

// Runs COMMAND: the one place an Error's kind becomes an exit code.
int run_command(const Command& command) {
    int code = Exit::failure;
    try {
        code = command();
    } catch (const speedlab::Error& e) {
        print_error(e.what());
        code = speedlab::exit_code(e.kind());
    } catch (const std::exception& e) {
        print_error(e.what());
    }
    // Results that did not reach stdout are a failure, whatever printed them.
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        print_error(std::string("cannot write to standard output: ") + std::strerror(errno));
        if (code == Exit::ok) code = Exit::failure;
    }
    return code;
}
}  // namespace

int main(int argc, char** argv) {
    using namespace speedlab::cli;
    // A file-size limit must fail the write (EFBIG), not kill the process mid-file.
    std::signal(SIGXFSZ, SIG_IGN);
    follow_parent_death();
    CLI::App app{"speedlab: measure, import and compare openssl-speed style benchmarks",
                 "speedlab"};
    app.set_version_flag("--version", version_text);
    app.require_subcommand(1);
    app.fallthrough();  // --db also after the command's name
    Global global;
    auto* db_option =
        app.add_option("--db", global.db,
                       "SQLite file or postgresql://USER@HOST/DB URL (default: $SPEEDLAB_DB or "
                       "$XDG_DATA_HOME/speedlab/results.db)");
    std::map<CLI::App*, Command> commands;
    for (const auto& c : kCommands) {
        CLI::App* sub = app.add_subcommand(c.name, c.help);
        commands[sub] = c.add(*sub, global);
        if (*c.help == '\0') sub->group("");
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (unknown_command(app, argc, argv)) return Exit::usage;
        int code = app.exit(e);
        return code == 0 ? 0 : Exit::usage;
    }
    for (auto& [sub, command] : commands)
        if (sub->parsed())
            return run_command([&, &command = command] {
                check_db(global, db_option->count() > 0);
                protect_store(global);
                return command();
            });
    return Exit::usage;
}
