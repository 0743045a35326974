// speedlab reference list|show|import: the shipped set of real machines' runs
// (data/reference), read-only; only `import` copies runs into the user's store.
#include <fmt/format.h>

#include "cli/format_option.h"
#include "cli/reference_commands.h"
#include "cli/reference_source.h"
#include "cli/width.h"
#include "core/text.h"
#include "import/store_once.h"
#include "reference/listing.h"
#include "reference/select.h"
#include "store/database.h"

namespace speedlab::cli {

namespace {
struct ReferenceArgs {
    std::string file, format = "text", id, pattern;
    reference::Filter filter;
    int before = 0, after = 0;
};

int list(const ReferenceArgs& a, const reference::ReferenceSet& set) {
    auto f = a.filter;
    if (a.before) f.before = a.before;
    if (a.after) f.after = a.after;
    return write_formatted(a.format, reference::list_formats().render(
                                         a.format, reference::filtered(set, f), {output_width(0)}));
}

int show(const ReferenceArgs& a, const reference::ReferenceSet& set) {
    auto runs = reference::named(set, a.id);
    if (runs.size() != 1) {
        std::string some;
        for (size_t i = 0; i < runs.size() && i < 8; ++i)
            some += fmt::format("\n  {} {} ({})", runs[i]->id, runs[i]->run.label,
                                runs[i]->machine_text());
        throw Error(ErrorKind::usage,
                    runs.empty() ? fmt::format("no reference run '{}'; `speedlab reference list` "
                                               "prints their ids and labels",
                                               terminal_safe(a.id))
                                 : fmt::format("'{}' names {} reference runs; give an id:{}",
                                               terminal_safe(a.id), runs.size(), some));
    }
    return write_formatted(a.format, reference::show_formats().render(a.format, *runs[0]));
}

int import_runs(Global& global, const ReferenceArgs& a, const reference::ReferenceSet& set) {
    auto chosen =
        a.pattern.empty() ? reference::filtered(set, {}) : reference::named(set, a.pattern);
    if (chosen.empty())
        throw Error(ErrorKind::usage,
                    "no reference run matches '" + terminal_safe(a.pattern) + "'");
    std::vector<Run> runs;
    for (const auto* r : chosen) runs.push_back(r->run);
    store::Database db(global.database_path());
    size_t offered = runs.size();
    size_t already = 0;
    db.in_write([&] {
        import::StoreOnce once;
        auto taken = once.take_out(runs, &db, false);
        already = taken.already.size() + taken.repeated;
        db.insert(runs, taken.sources);
    });
    size_t stored = 0;
    for (const auto& r : runs) stored += r.id != 0;
    fmt::print("imported {} of {} reference run{} ({} stored already)\n", stored, offered,
               offered == 1 ? "" : "s", already);
    return Exit::ok;
}
}  // namespace

Command add_reference(CLI::App& app, Global& global) {
    auto a = std::make_shared<ReferenceArgs>();
    app.require_subcommand(1);
    auto* l = app.add_subcommand("list", "the reference runs: CPU, clock, year, source");
    l->add_option("--cpu", a->filter.cpu, "part of the CPU name and clock, or a glob");
    l->add_option("--before", a->before, "measured before this year");
    l->add_option("--after", a->after, "measured after this year");
    l->add_option("--kind", a->filter.kind, "physical, cloud or emulated")
        ->check(CLI::IsMember({"physical", "cloud", "emulated"}));
    add_format_option(*l, a->format, reference::list_formats());
    auto* s = app.add_subcommand("show", "one reference run, its citation and source lines");
    s->add_option("id", a->id, "its id or label (as list prints them)")->required();
    add_format_option(*s, a->format, reference::show_formats());
    auto* i = app.add_subcommand("import", "copy reference runs into your store");
    i->add_option("pattern", a->pattern,
                  "an id, a label, or part of CPU name and clock (default: every run)");
    for (auto* sub : {l, s, i}) add_reference_option(*sub, a->file);
    return [a, l, s, i, &global]() -> int {
        auto set = open_reference(a->file);
        if (l->parsed()) return list(*a, set);
        if (s->parsed()) return show(*a, set);
        return import_runs(global, *a, set);
    };
}

}  // namespace speedlab::cli
