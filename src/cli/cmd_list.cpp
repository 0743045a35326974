// speedlab list and show: the stored runs, and one of them.
#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/format_option.h"
#include "cli/machine_filter.h"
#include "cli/run_selection.h"
#include "cli/width.h"
#include "report/run_text.h"
#include "report/summary_formats.h"
#include "store/database.h"

namespace speedlab::cli {

Command add_list(CLI::App& app, Global& global) {
    struct Args {
        std::string format = "text";
        store::RunFilter filter;
        std::string machine;
        std::optional<int64_t> limit;
        size_t width = 0;
    };
    auto a = std::make_shared<Args>();
    add_format_option(app, a->format, report::run_list_formats());
    app.add_option("--machine", a->machine,
                   "only runs of the machines this name (any case), glob or part of a name means");
    app.add_option("--since", a->filter.since, "only runs stored from this date on (YYYY-MM-DD)")
        ->check(day_check());
    app.add_option("--source", a->filter.source, "measured or imported")
        ->check(CLI::IsMember({"measured", "imported"}));
    app.add_option("--limit", a->limit,
                   "the newest N runs (text and markdown default 100, others all; 0 for all)")
        ->check(CLI::Range(int64_t{0}, int64_t{1} << 40));
    add_width_option(app, a->width);
    return [a, &global]() -> int {
        store::Database db(global.database_path(), store::Access::read);
        store::RunFilter filter = a->filter;
        resolve_machine_filter(db, a->machine, filter);
        bool text = a->format == "text", tabled = text || a->format == "markdown";
        filter.limit = a->limit.value_or(tabled ? 100 : 0);
        auto runs = db.list(filter);
        if (text && runs.empty()) {
            bool filtered =
                !filter.machines.empty() || !filter.since.empty() || !filter.source.empty();
            fmt::print("{} in {}\n", filtered ? "no run matches the filter" : "no runs stored",
                       db.where());
            return Exit::ok;
        }
        std::string out =
            report::run_list_formats().render(a->format, runs, {output_width(a->width)});
        // Under a table cut to the newest: how many there are (markdown: a paragraph of its own).
        if (tabled && filter.limit > 0 && static_cast<int64_t>(runs.size()) == filter.limit)
            if (int64_t total = db.count(filter); total > filter.limit)
                out += fmt::format("{}(the newest {} of {} runs; --limit 0 lists all)\n",
                                   text ? "" : "\n", filter.limit, total);
        return write_formatted(a->format, out);
    };
}

namespace {
// Why `show --raw` has nothing to print for this run.
std::string no_source_text(const Run& run) {
    std::string id = std::to_string(run.id);
    if (run.source == "measured")
        return "run " + id + " was measured by speedlab: it has no source text (speedlab show " +
               id + " prints its figures)";
    return "run " + id + " keeps no source text" +
           (run.source_file.empty() ? "" : " of " + run.source_file) +
           ": it was stored without its lines (a table typed by hand imported by an older "
           "speedlab, or a bundle without them); speedlab show " +
           id + " prints its figures";
}
}  // namespace

Command add_show(CLI::App& app, Global& global) {
    struct Args {
        std::string run, format = "text";
        bool raw = false;
    };
    auto a = std::make_shared<Args>();
    app.add_option("run", a->run, "a run: id, label or its start, machine name")->required();
    add_format_option(app, a->format, report::run_formats());
    app.add_flag("--raw", a->raw, "print the imported text the run was read from");
    return [a, &global]() -> int {
        store::Database db(global.database_path(), store::Access::read);
        auto run = resolve_one(db, a->run, "show", a->run.rfind("machine:", 0) == 0);
        if (a->raw) {
            if (run.raw_text.view().empty())  // an empty answer would look like a lost text
                throw Error(ErrorKind::failed, no_source_text(run));
            return write_output(run.raw_text.str(), "");
        }
        return write_formatted(a->format, report::run_formats().render(a->format, run));
    };
}

}  // namespace speedlab::cli
