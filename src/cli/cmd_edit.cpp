// speedlab edit RUN and speedlab delete RUN...: runs a person can manage.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <utility>

#include "cli/commands.h"
#include "core/text.h"
#include "store/database.h"

namespace speedlab::cli {

namespace {
bool has_control(const std::string& s) {
    return std::any_of(s.begin(), s.end(), [](char c) {
        auto u = static_cast<unsigned char>(c);
        return u < 0x20 || u == 0x7f;
    });
}
}  // namespace

Command add_edit(CLI::App& app, Global& global) {
    struct Args {
        std::string run;
        std::optional<std::string> label, machine;
    };
    auto a = std::make_shared<Args>();
    app.add_option("run", a->run, "run id or label")->required();
    app.add_option("--label", a->label, "new label of the run");
    app.add_option("--machine", a->machine, "new name of the run's machine");
    return [a, &global]() -> int {
        if (!a->label && !a->machine)
            return fail(Exit::usage, "edit: give --label and/or --machine");
        // A name is one line of printable text: list, show and markdown print it in a cell.
        for (const auto& [option, value] :
             {std::pair{"--label", a->label}, {"--machine", a->machine}})
            if (value && (value->empty() || has_control(*value)))
                return fail(Exit::usage, fmt::format("{}: expected a name of printable characters "
                                                     "on one line, found '{}'",
                                                     option, terminal_safe(*value)));
        store::Database db(global.database_path());
        auto run = db.find(a->run);
        if (!run) return fail(Exit::usage, "no run '" + a->run + "' (see speedlab list)");
        db.edit(run->id, a->label, a->machine);
        fmt::print(stderr, "run {} edited\n", run->id);
        return Exit::ok;
    };
}

Command add_delete(CLI::App& app, Global& global) {
    struct Args {
        std::vector<std::string> runs;
        bool yes = false;
    };
    auto a = std::make_shared<Args>();
    app.add_option("runs", a->runs, "run ids or labels")->required();
    app.add_flag("-y,--yes", a->yes, "do not ask");
    return [a, &global]() -> int {
        store::Database db(global.database_path());
        std::vector<int64_t> ids;
        std::string what;
        for (const auto& name : a->runs) {
            auto run = db.find(name);
            if (!run) return fail(Exit::usage, "no run '" + name + "'; nothing deleted");
            if (std::find(ids.begin(), ids.end(), run->id) != ids.end()) continue;  // "2 2"
            ids.push_back(run->id);
            what += fmt::format("  {} {} ({} figures)\n", run->id, run->label,
                                run->measurements.size());
        }
        if (!a->yes && isatty(STDIN_FILENO)) {
            fmt::print(stderr, "delete these runs?\n{}[y/N] ", terminal_safe(what));
            std::string answer;
            std::getline(std::cin, answer);
            if (answer != "y" && answer != "yes") return fail(Exit::failure, "nothing deleted");
        }
        db.remove(ids);
        fmt::print(stderr, "deleted {} run(s)\n", ids.size());
        return Exit::ok;
    };
}

}  // namespace speedlab::cli
