// speedlab machine rename|merge|split: one machine under one name. Each
// command checks everything first and changes the store in one transaction,
// so a refused command (exit 2) changes nothing.
#include <fmt/format.h>

#include <algorithm>

#include "cli/commands.h"
#include "core/machine_pattern.h"
#include "core/text.h"
#include "store/database.h"

namespace speedlab::cli {

namespace {
// The stored name NAME means (ignoring case), or an error for exit 2.
std::optional<std::string> known_machine(const std::vector<std::string>& names,
                                         const std::string& name) {
    auto match = exact_machine(name, names);
    if (match.names.size() == 1) return match.names[0];
    if (match.names.empty())
        fail(Exit::usage, "machine: " + terminal_safe(match.error));
    else
        fail(Exit::usage, fmt::format("machine: '{}' names {} machines that differ in case; give "
                                      "one exactly",
                                      terminal_safe(name), match.names.size()));
    return std::nullopt;
}

// CPU names compared as a person reads them: case and spaces do not count.
std::string cpu_key(const std::string& cpu) {
    std::string out;
    for (char c : lower_ascii(cpu))
        if (c != ' ' && c != '\t') out += c;
    return out;
}

std::string cpu_of(const store::Database& db, const std::string& name) {
    auto cpus = db.machine_cpus(name);
    return cpus.empty() ? "" : cpus[0];
}

std::string change_text(const char* verb, const store::MachineChange& c, const std::string& to) {
    return fmt::format("{} {} machine{} ({} run{}) {} {}\n", verb, c.names.size(),
                       c.names.size() == 1 ? "" : "s", c.runs, c.runs == 1 ? "" : "s",
                       std::string(verb) == "merged" ? "into" : "as", to);
}
}  // namespace

namespace {
// Runs `change` (checks, then the change; exit code, what to print) inside one
// write transaction: a rename, merge or split another process commits meanwhile
// is seen by the checks, so two of them cannot both act on one name.
int checked_in_write(Global& global,
                     const std::function<int(store::Database&, std::string& done)>& change) {
    store::Database db(global.database_path());
    int code = Exit::usage;
    std::string done;
    db.in_write([&] { code = change(db, done); });
    if (code == Exit::ok) fmt::print("{}", terminal_safe(done));
    return code;
}

int rename(store::Database& db, const std::string& from, const std::string& to, std::string& done) {
    auto names = db.machine_names();
    auto old = known_machine(names, from);
    if (!old) return Exit::usage;
    auto taken = exact_machine(to, names);
    for (const auto& n : taken.names)
        if (n != *old)
            return fail(Exit::usage,
                        fmt::format("machine rename: a machine '{}' exists; to make them one, "
                                    "use `speedlab machine merge '{}' '{}'`",
                                    terminal_safe(n), terminal_safe(n), terminal_safe(*old)));
    if (*old == to) return fail(Exit::usage, "machine rename: the machine already has that name");
    done = change_text("renamed", db.rename_machine(*old, to), to);
    return Exit::ok;
}

// The names FROM means, each once, checked against INTO; nullopt after an error.
// CPUs are compared with the first machine that states one (INTO's if it does),
// so a machine without a CPU name cannot join two that differ.
std::optional<std::vector<std::string>> merge_sources(const store::Database& db,
                                                      const std::string& into,
                                                      const std::vector<std::string>& from,
                                                      bool force) {
    auto names = db.machine_names();
    std::vector<std::string> out;
    std::string first = into, first_cpu = cpu_of(db, into);
    for (const auto& typed : from) {
        auto name = known_machine(names, typed);
        if (!name) return std::nullopt;
        if (*name == into) {
            fail(Exit::usage, "machine merge: cannot merge '" + terminal_safe(into) +
                                  "' into itself; nothing changed");
            return std::nullopt;
        }
        std::string cpu = cpu_of(db, *name);
        if (first_cpu.empty()) first = *name, first_cpu = cpu;
        if (!force && !cpu.empty() && cpu_key(cpu) != cpu_key(first_cpu)) {
            fail(Exit::usage,
                 fmt::format("machine merge: the CPUs differ: '{}' has '{}', '{}' has '{}'; "
                             "nothing changed (--force merges anyway)",
                             terminal_safe(first), terminal_safe(first_cpu), terminal_safe(*name),
                             terminal_safe(cpu)));
            return std::nullopt;
        }
        if (std::find(out.begin(), out.end(), *name) == out.end()) out.push_back(*name);
    }
    return out;
}

int merge(store::Database& db, const std::string& into_typed, const std::vector<std::string>& from,
          bool force, std::string& done) {
    auto into = known_machine(db.machine_names(), into_typed);
    if (!into) return Exit::usage;
    auto sources = merge_sources(db, *into, from, force);
    if (!sources) return Exit::usage;
    done = change_text("merged", db.merge_machines(*into, *sources), *into);
    return Exit::ok;
}

// The alias of NAME that TYPED means (ignoring case), or an error for exit 2.
std::optional<std::string> known_alias(const store::Database& db, const std::string& name,
                                       const std::string& typed) {
    std::vector<std::string> aliases;
    for (const auto& m : db.machines())
        if (m.name == name) aliases = m.aliases;
    auto match = exact_machine(typed, aliases);
    if (match.names.size() == 1) return match.names[0];
    if (aliases.empty()) {
        fail(Exit::usage, "machine split: nothing was merged into '" + terminal_safe(name) +
                              "'; nothing changed");
        return std::nullopt;
    }
    std::string listed;
    for (const auto& a : aliases) listed += (listed.empty() ? "" : ", ") + a;
    fail(Exit::usage,
         fmt::format("machine split: '{}' is not one of {}'s aliases ({}); nothing changed",
                     terminal_safe(typed), terminal_safe(name), terminal_safe(listed)));
    return std::nullopt;
}

// Gives back every name merged into TYPED, or only ALIAS when given.
int split(store::Database& db, const std::string& typed,
          const std::optional<std::string>& typed_alias, std::string& done) {
    auto name = known_machine(db.machine_names(), typed);
    if (!name) return Exit::usage;
    std::string alias;
    if (typed_alias) {
        auto known = known_alias(db, *name, *typed_alias);
        if (!known) return Exit::usage;
        alias = *known;
    }
    auto change = db.split_machine(*name, alias);
    if (change.names.empty())
        return fail(Exit::usage, "machine split: nothing was merged into '" + terminal_safe(*name) +
                                     "'; nothing changed");
    std::string back;
    for (const auto& n : change.names) back += (back.empty() ? "" : ", ") + n;
    done = fmt::format("split {} run{} of {} back into {}\n", change.runs,
                       change.runs == 1 ? "" : "s", *name, back);
    return Exit::ok;
}
}  // namespace

Command add_machine(CLI::App& app, Global& global) {
    struct Args {
        std::string from, to, into, name;
        std::optional<std::string> alias;
        std::vector<std::string> merged;
        bool force = false;
    };
    auto a = std::make_shared<Args>();
    app.require_subcommand(1);
    auto* r = app.add_subcommand("rename", "give a machine another name (not one in use)");
    r->add_option("old", a->from, "the machine's name")->required();
    r->add_option("new", a->to, "its new name")->required();
    auto* m = app.add_subcommand("merge", "make machines one: they take INTO's name");
    m->add_option("into", a->into, "the machine whose name they take")->required();
    m->add_option("machines", a->merged, "the machines merged into it")->required();
    m->add_flag("--force", a->force, "merge even when their CPUs differ");
    auto* s = app.add_subcommand(
        "split", "give every machine merged into NAME its name back, or only ALIAS");
    s->add_option("machine", a->name, "the machine to split")->required();
    s->add_option("alias", a->alias, "only the machine merged into it under this name");
    return [a, r, m, s, &global]() -> int {
        if (r->parsed()) {
            if (auto problem = name_problem("machine rename: NEW", a->to); !problem.empty())
                return fail(Exit::usage, problem);
            return checked_in_write(global, [&](store::Database& db, std::string& done) {
                return rename(db, a->from, a->to, done);
            });
        }
        if (m->parsed())
            return checked_in_write(global, [&](store::Database& db, std::string& done) {
                return merge(db, a->into, a->merged, a->force, done);
            });
        if (s->parsed())
            return checked_in_write(global, [&](store::Database& db, std::string& done) {
                return split(db, a->name, a->alias, done);
            });
        return Exit::usage;
    };
}

}  // namespace speedlab::cli
