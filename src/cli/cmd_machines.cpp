// speedlab machines: every machine name with its aliases, CPU, kind, runs and dates.
#include <fmt/format.h>

#include <algorithm>

#include "cli/commands.h"
#include "cli/format_option.h"
#include "cli/machine_filter.h"
#include "cli/width.h"
#include "report/summary_formats.h"
#include "store/database.h"

namespace speedlab::cli {

Command add_machines(CLI::App& app, Global& global) {
    struct Args {
        std::string machine, format = "text";
        size_t width = 0;
    };
    auto a = std::make_shared<Args>();
    app.add_option("--machine", a->machine,
                   "only machines this name, glob or part of a name means");
    add_format_option(app, a->format, report::machine_list_formats());
    add_width_option(app, a->width);
    return [a, &global]() -> int {
        store::Database db(global.database_path(), store::Access::read);
        store::RunFilter filter;
        resolve_machine_filter(db, a->machine, filter);
        auto machines = db.machines();
        if (!a->machine.empty())
            std::erase_if(machines, [&](const auto& m) {
                return std::find(filter.machines.begin(), filter.machines.end(), m.name) ==
                       filter.machines.end();
            });
        if (a->format == "text" && machines.empty()) {
            fmt::print("no machines stored in {}\n", db.where());
            return Exit::ok;
        }
        return write_formatted(a->format, report::machine_list_formats().render(
                                              a->format, machines, {output_width(a->width)}));
    };
}

}  // namespace speedlab::cli
