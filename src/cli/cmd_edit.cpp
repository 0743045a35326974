// speedlab edit RUN... and speedlab delete RUN...: runs a person can manage,
// named by id, label, range (5-9) or filter, changed in one transaction.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <utility>

#include "cli/commands.h"
#include "cli/run_selection.h"
#include "core/plural.h"
#include "core/text.h"
#include "store/database.h"

namespace speedlab::cli {

Command add_edit(CLI::App& app, Global& global) {
    struct Args {
        RunSelection selection;
        std::optional<std::string> label, machine;
    };
    auto a = std::make_shared<Args>();
    app.add_option("runs", a->selection.runs, "run ids, labels or ranges (5-9)");
    app.add_option("--label", a->label, "new label of the run (one run only)");
    app.add_option("--machine", a->machine, "new name of the runs' machine");
    app.add_option("--of-machine", a->selection.machine,
                   "only runs of the machines this name, glob or part of a name means");
    app.add_option("--source", a->selection.source, "only measured or imported runs")
        ->check(CLI::IsMember({"measured", "imported"}));
    return [a, &global]() -> int {
        if (!a->label && !a->machine)
            throw Error(ErrorKind::usage, "edit: give --label and/or --machine");
        if (a->label)
            if (auto problem = name_problem("--label", *a->label, NameKind::label);
                !problem.empty())
                throw Error(ErrorKind::usage, problem);
        if (a->machine)
            if (auto problem = name_problem("--machine", *a->machine); !problem.empty())
                throw Error(ErrorKind::usage, problem);
        store::Database db(global.database_path());
        auto ids = select_runs(db, a->selection, "edit");
        if (a->label && ids.size() > 1)
            throw Error(ErrorKind::usage,
                        fmt::format("edit: --label names one run, and {} runs are "
                                    "given; nothing changed",
                                    ids.size()));
        if (!db.edit(ids, a->label, a->machine))
            throw Error(ErrorKind::failed, "edit: a run was deleted meanwhile; nothing changed");
        if (ids.size() == 1)
            fmt::print(stderr, "run {} edited\n", ids.front());
        else
            fmt::print(stderr, "{} runs edited\n", ids.size());
        return Exit::ok;
    };
}

Command add_delete(CLI::App& app, Global& global) {
    struct Args {
        RunSelection selection;
        bool yes = false;
    };
    auto a = std::make_shared<Args>();
    app.add_option("runs", a->selection.runs, "run ids, labels or ranges (5-9)");
    app.add_option("--machine", a->selection.machine,
                   "only runs of the machines this name, glob or part of a name means");
    app.add_option("--source", a->selection.source, "only measured or imported runs")
        ->check(CLI::IsMember({"measured", "imported"}));
    app.add_flag("-y,--yes", a->yes, "do not ask");
    return [a, &global]() -> int {
        store::Database db(global.database_path());
        auto ids = select_runs(db, a->selection, "delete");
        if (!a->yes && isatty(STDIN_FILENO)) {
            std::string what;
            for (int64_t id : ids)
                if (auto run = db.load(id))
                    what += fmt::format(
                        "  {} {} ({})\n", run->id, run->label,
                        counted(static_cast<int64_t>(run->measurements.size()), "figure"));
            fmt::print(stderr, "delete these runs?\n{}[y/N] ", terminal_safe(what));
            std::string answer;
            std::getline(std::cin, answer);
            if (answer != "y" && answer != "yes") throw Error(ErrorKind::failed, "nothing deleted");
        }
        db.remove(ids);
        fmt::print(stderr, "deleted {} run(s)\n", ids.size());
        return Exit::ok;
    };
}

}  // namespace speedlab::cli
