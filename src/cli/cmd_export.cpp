// speedlab export: runs with everything they carry, as a bundle another store
// imports, written a run at a time so a store of any size fits in memory.
#include <fmt/format.h>
#include <unistd.h>

#include "bench/timer.h"
#include "cli/commands.h"
#include "cli/machine_filter.h"
#include "cli/output.h"
#include "cli/run_selection.h"
#include "core/build_info.h"
#include "store/bundle.h"
#include "store/database.h"

namespace speedlab::cli {

namespace {
// The ids of the runs of FILTER in id order, a page of summaries at a time.
std::vector<int64_t> ids_of(const store::Database& db, const store::RunFilter& filter) {
    constexpr int64_t kPage = 1000;
    std::vector<int64_t> ids;
    for (int64_t offset = 0;; offset += kPage) {
        auto page = db.page(filter, store::RunOrder::oldest, offset, kPage);
        for (const auto& s : page) ids.push_back(s.id);
        if (static_cast<int64_t>(page.size()) < kPage) return ids;
    }
}

// On a terminal, while a file is written: how far it is, each percent.
void progress(bool shown, size_t done, size_t total) {
    if (!shown || (done > 1 && done < total && done * 100 / total == (done - 1) * 100 / total))
        return;
    fmt::print(stderr, "\r\033[Kexport: {}/{} runs", done, total);
    if (done == total) fmt::print(stderr, "\r\033[K");
}

// The runs of IDS as a bundle to OUTPUT (stdout when empty), one run in memory
// at a time. A file appears whole at the end or not at all (an error, Ctrl-C).
int write_bundle(const store::Database& db, const std::vector<int64_t>& ids,
                 const std::string& output) {
    bench::install_interrupt_handler();  // SIGINT, SIGTERM, SIGHUP: stop between runs
    OutputFile out;
    out.open(output);
    out.write(store::bundle_head(std::string("speedlab ") + SPEEDLAB_VERSION));
    bool shown = !output.empty() && output != "-" && isatty(STDERR_FILENO);
    size_t written = 0;
    for (size_t i = 0; i < ids.size() && !bench::interrupt_requested(); ++i) {
        if (auto run = db.load(ids[i]))  // the snapshot holds it
            out.write(store::bundle_run(*run, written++ == 0));
        progress(shown, i + 1, ids.size());
    }
    if (bench::interrupt_requested()) {
        if (shown) fmt::print(stderr, "\n");  // below the progress line
        std::string where = output.empty() || output == "-" ? "the bundle on stdout is cut short"
                                                            : "nothing written to " + output;
        throw Error(
            ErrorKind::interrupted,
            fmt::format("export: interrupted after {} of {} runs; {}", written, ids.size(), where));
    }
    out.write(store::bundle_tail(written > 0));
    out.commit();
    if (!output.empty() && output != "-")
        fmt::print(stderr, "exported {} run(s) to {}\n", written, output);
    return Exit::ok;
}
}  // namespace

Command add_export(CLI::App& app, Global& global) {
    struct Args {
        std::vector<std::string> runs;
        std::string machine, output;
        bool all = false;
    };
    auto a = std::make_shared<Args>();
    app.add_option("runs", a->runs,
                   "runs: ids, ranges (3-9), labels or their start, machine:NAME, all");
    app.add_flag("--all", a->all, "every stored run");
    app.add_option("--machine", a->machine,
                   "every run of the machines this name (any case), glob or part of a name means");
    app.add_option("-o,--output", a->output, "write the bundle to FILE (atomically)");
    return [a, &global]() -> int {
        if (a->runs.empty() && !a->all && a->machine.empty())
            throw Error(ErrorKind::usage, "export: give runs, --all or --machine NAME");
        store::Database db(global.database_path(), store::Access::read);
        db.hold_snapshot();  // runs deleted meanwhile are in it or not, never half
        std::vector<int64_t> ids;
        if (!a->runs.empty()) {
            ids = resolve_words(db, a->runs);
        }
        store::RunFilter filter;
        if (!a->all) resolve_machine_filter(db, a->machine, filter);
        if (a->all || !a->machine.empty())
            for (int64_t id : ids_of(db, filter)) ids.push_back(id);
        if (ids.empty())
            throw Error(ErrorKind::usage, "export: no run of machine '" + a->machine + "'");
        return write_bundle(db, ids, a->output);
    };
}

}  // namespace speedlab::cli
