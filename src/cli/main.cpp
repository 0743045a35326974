// speedlab: command-line front. Argument parsing and wiring only.
#include <fmt/format.h>

#include <map>

#include "cli/commands.h"
#include "core/build_info.h"

int main(int argc, char** argv) {
    using namespace speedlab::cli;
    CLI::App app{"speedlab: measure, import and compare openssl-speed style benchmarks",
                 "speedlab"};
    app.set_version_flag("--version", std::string("speedlab ") + SPEEDLAB_VERSION);
    app.require_subcommand(1);
    Global global;
    app.add_option("--db", global.db,
                   "SQLite database (default: $SPEEDLAB_DB or $XDG_DATA_HOME/speedlab/results.db)");
    std::map<CLI::App*, Command> commands;
    auto add = [&](const char* name, const char* help, auto adder) {
        CLI::App* sub = app.add_subcommand(name, help);
        commands[sub] = adder(*sub, global);
    };
    add("run", "benchmark this machine like `openssl speed`", add_run);
    add("import", "read openssl speed output (any version) and store it", add_import);
    add("list", "list stored runs", add_list);
    add("show", "show one stored run", add_show);
    add("compare", "compare runs: ratio table or side by side", add_compare);
    add("sysinfo", "report this machine, or decode saved system text", add_sysinfo);
    add("experiment", "one-command experiments: features, emulator, isa", add_experiment);
    add("bogomips", "Linux's delay-loop calibration in user space, and BogoMips explained",
        add_bogomips);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        return code == 0 ? 0 : Exit::usage;
    }
    for (auto& [sub, command] : commands)
        if (sub->parsed()) {
            try {
                return command();
            } catch (const std::exception& e) {
                return fail(Exit::failure, e.what());
            }
        }
    return Exit::usage;
}
