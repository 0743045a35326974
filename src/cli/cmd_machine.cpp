// speedlab machine rename|merge|split: one machine under one name. Each
// command checks everything first and changes the store in one transaction,
// so a refused command (exit 2) changes nothing.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "cli/commands.h"
#include "core/machine_pattern.h"
#include "core/text.h"
#include "store/database.h"

namespace speedlab::cli {

namespace {
[[noreturn]] void refuse(const std::string& why) {
    throw Error(ErrorKind::usage, why);
}

// The stored name NAME means (ignoring case); refused (exit 2) when none or several.
std::string known_machine(const std::vector<std::string>& names, const std::string& name) {
    auto match = exact_machine(name, names);
    if (match.size() == 1) return match[0];
    if (match.empty()) refuse("machine: " + terminal_safe(no_machine_message(name, names)));
    refuse(fmt::format("machine: '{}' names {} machines that differ in case; give one exactly",
                       terminal_safe(name), match.size()));
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
// Runs `change` (checks, then the change; what to print) inside one write
// transaction: a rename, merge or split another process commits meanwhile is
// seen by the checks, so two of them cannot both act on one name.
int checked_in_write(Global& global, const std::function<std::string(store::Database&)>& change) {
    store::Database db(global.database_path());
    std::string done;
    db.in_write([&] { done = change(db); });
    fmt::print("{}", terminal_safe(done));
    return Exit::ok;
}

std::string rename(store::Database& db, const std::string& from, const std::string& to) {
    auto names = db.machine_names();
    auto old = known_machine(names, from);
    auto taken = exact_machine(to, names);
    for (const auto& n : taken)
        if (n != old)
            refuse(
                fmt::format("machine rename: a machine '{}' exists; to make them one, "
                            "use `speedlab machine merge '{}' '{}'`",
                            terminal_safe(n), terminal_safe(n), terminal_safe(old)));
    if (old == to) refuse("machine rename: the machine already has that name");
    return change_text("renamed", db.rename_machine(old, to), to);
}

// The names FROM means, each once, checked against INTO (refused: exit 2).
// CPUs are compared with the first machine that states one (INTO's if it does),
// so a machine without a CPU name cannot join two that differ.
std::vector<std::string> merge_sources(const store::Database& db, const std::string& into,
                                       const std::vector<std::string>& from, bool force) {
    auto names = db.machine_names();
    std::vector<std::string> out;
    std::string first = into, first_cpu = cpu_of(db, into);
    for (const auto& typed : from) {
        auto name = known_machine(names, typed);
        if (name == into)
            refuse("machine merge: cannot merge '" + terminal_safe(into) +
                   "' into itself; nothing changed");
        std::string cpu = cpu_of(db, name);
        if (first_cpu.empty()) first = name, first_cpu = cpu;
        if (!force && !cpu.empty() && cpu_key(cpu) != cpu_key(first_cpu))
            refuse(
                fmt::format("machine merge: the CPUs differ: '{}' has '{}', '{}' has '{}'; "
                            "nothing changed (--force merges anyway)",
                            terminal_safe(first), terminal_safe(first_cpu), terminal_safe(name),
                            terminal_safe(cpu)));
        if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
    return out;
}

std::string merge(store::Database& db, const std::string& into_typed,
                  const std::vector<std::string>& from, bool force) {
    auto into = known_machine(db.machine_names(), into_typed);
    auto sources = merge_sources(db, into, from, force);
    return change_text("merged", db.merge_machines(into, sources), into);
}

// The alias of NAME that TYPED means (ignoring case); refused (exit 2) when none.
std::string known_alias(const store::Database& db, const std::string& name,
                        const std::string& typed) {
    std::vector<std::string> aliases;
    for (const auto& m : db.machines())
        if (m.name == name) aliases = m.aliases;
    auto match = exact_machine(typed, aliases);
    if (match.size() == 1) return match[0];
    if (aliases.empty())
        refuse("machine split: nothing was merged into '" + terminal_safe(name) +
               "'; nothing changed");
    refuse(fmt::format("machine split: '{}' is not one of {}'s aliases ({}); nothing changed",
                       terminal_safe(typed), terminal_safe(name),
                       terminal_safe(fmt::format("{}", fmt::join(aliases, ", ")))));
}

// Gives back every name merged into TYPED, or only ALIAS when given.
std::string split(store::Database& db, const std::string& typed,
                  const std::optional<std::string>& typed_alias) {
    auto name = known_machine(db.machine_names(), typed);
    std::string alias = typed_alias ? known_alias(db, name, *typed_alias) : "";
    auto change = db.split_machine(name, alias);
    if (change.names.empty())
        refuse("machine split: nothing was merged into '" + terminal_safe(name) +
               "'; nothing changed");
    return fmt::format("split {} run{} of {} back into {}\n", change.runs,
                       change.runs == 1 ? "" : "s", name, fmt::join(change.names, ", "));
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
                throw Error(ErrorKind::usage, problem);
            return checked_in_write(
                global, [&](store::Database& db) { return rename(db, a->from, a->to); });
        }
        if (m->parsed())
            return checked_in_write(global, [&](store::Database& db) {
                return merge(db, a->into, a->merged, a->force);
            });
        if (s->parsed())
            return checked_in_write(
                global, [&](store::Database& db) { return split(db, a->name, a->alias); });
        return Exit::usage;
    };
}

}  // namespace speedlab::cli
