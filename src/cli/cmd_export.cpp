// speedlab export: runs with everything they carry, as a bundle another store imports.
#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/machine_filter.h"
#include "core/build_info.h"
#include "store/bundle.h"
#include "store/database.h"

namespace speedlab::cli {

Command add_export(CLI::App& app, Global& global) {
    struct Args {
        std::vector<std::string> runs;
        std::string machine, output;
        bool all = false;
    };
    auto a = std::make_shared<Args>();
    app.add_option("runs", a->runs, "run ids or labels");
    app.add_flag("--all", a->all, "every stored run");
    app.add_option("--machine", a->machine,
                   "every run of the machines this name (any case), glob or part of a name means");
    app.add_option("-o,--output", a->output, "write the bundle to FILE (atomically)");
    return [a, &global]() -> int {
        if (a->runs.empty() && !a->all && a->machine.empty())
            return fail(Exit::usage, "export: give runs, --all or --machine NAME");
        store::Database db(global.database_path(), store::Access::read);
        db.hold_snapshot();  // runs deleted meanwhile are in it or not, never half
        std::vector<Run> runs;
        for (const auto& name : a->runs) {
            auto run = db.find(name);
            if (!run) return fail(Exit::usage, "no run '" + name + "' (see speedlab list)");
            runs.push_back(std::move(*run));
        }
        store::RunFilter filter;
        if (!a->all && !resolve_machine_filter(db, a->machine, filter)) return Exit::usage;
        if (a->all || !a->machine.empty())
            for (const auto& summary : db.list(filter))
                if (auto run = db.load(summary.id)) runs.push_back(std::move(*run));
        if (runs.empty())
            return fail(Exit::usage, "export: no run of machine '" + a->machine + "'");
        std::string text = store::bundle_text(runs, std::string("speedlab ") + SPEEDLAB_VERSION);
        if (!write_output(text, a->output)) return Exit::failure;
        if (!a->output.empty())
            fmt::print(stderr, "exported {} run(s) to {}\n", runs.size(), a->output);
        return Exit::ok;
    };
}

}  // namespace speedlab::cli
