#include "cli/cli_tree.h"

#include <algorithm>
#include <set>

#include "bench/selection.h"
#include "core/algorithm.h"

namespace speedlab::cli {

namespace {
// What a value means, by the name the commands give it: one rule for every
// command, so that a new command's `runs` or `--machine` completes at once.
ValueKind kind_by_name(const std::string& name) {
    static const std::set<std::string> runs{"run", "runs", "baseline", "candidate", "--baseline"};
    static const std::set<std::string> files{"files", "--db", "--output", "--decode"};
    if (runs.count(name)) return ValueKind::run;
    if (files.count(name)) return ValueKind::file;
    static const std::set<std::string> machines{"--machine", "--of-machine", "old",
                                                "into",      "machines",     "machine"};
    if (machines.count(name)) return ValueKind::machine;
    if (name == "algorithms") return ValueKind::algorithm;
    return ValueKind::none;
}

// "{text,json,mr}" -> text json mr
std::vector<std::string> choices(const std::string& constraint) {
    std::vector<std::string> out;
    if (constraint.size() < 2 || constraint.front() != '{' || constraint.back() != '}') return out;
    std::string word;
    for (char c : constraint.substr(1, constraint.size() - 2)) {
        if (c == ',') {
            out.push_back(word);
            word.clear();
        } else if (c != ' ') {
            word += c;
        }
    }
    out.push_back(word);
    return out;
}

ArgInfo arg_info(const CLI::Option& opt) {
    ArgInfo a;
    for (const auto& s : opt.get_snames()) a.names.push_back("-" + s);
    for (const auto& l : opt.get_lnames()) a.names.push_back("--" + l);
    if (opt.get_positional()) a.positional = opt.get_name(true);
    a.help = opt.get_description();
    a.required = opt.get_required();
    a.many = opt.get_items_expected_max() > 1;
    if (opt.get_type_size() != 0 && !opt.get_type_name().empty()) {  // as CLI11's help
        std::string type = opt.get_type_name();
        auto colon = type.find(':');
        a.metavar = type.substr(0, colon);
        if (colon != std::string::npos) a.constraint = type.substr(colon + 1);
        if (a.metavar.empty()) a.metavar = "VALUE";
    }
    a.words = choices(a.constraint);
    a.kind = kind_by_name(a.positional.empty() ? a.names.back() : a.positional);
    if (a.kind == ValueKind::none && !a.words.empty()) a.kind = ValueKind::words;
    return a;
}

void walk(const CLI::App& app, std::vector<std::string> path, std::vector<CommandInfo>& out) {
    CommandInfo c;
    c.path = path;
    c.description = app.get_description();
    c.footer = app.get_footer();
    c.needs_subcommand = app.get_require_subcommand_min() > 0;
    for (const auto* opt : app.get_options()) {
        if (opt->get_group().empty() && !opt->get_positional()) continue;
        (opt->get_positional() ? c.positionals : c.options).push_back(arg_info(*opt));
    }
    auto subs = app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); });
    for (const auto* sub : subs) {
        c.subcommands.push_back(sub->get_name());
        c.subcommand_help.push_back(sub->get_description());
    }
    out.push_back(std::move(c));
    for (const auto* sub : subs) {
        auto sub_path = path;
        sub_path.push_back(sub->get_name());
        walk(*sub, sub_path, out);
    }
}
}  // namespace

std::string CommandInfo::name() const {
    std::string out = "speedlab";
    for (const auto& p : path) out += " " + p;
    return out;
}

std::string CommandInfo::usage() const {
    std::string out = name() + " [OPTIONS]";
    if (!subcommands.empty()) out += needs_subcommand ? " COMMAND" : " [COMMAND]";
    for (const auto& p : positionals) {
        std::string word = p.positional + (p.many ? "..." : "");
        out += " " + (p.required ? word : "[" + word + "]");
    }
    return out;
}

std::vector<CommandInfo> command_tree(const CLI::App& root) {
    std::vector<CommandInfo> out;
    walk(root, {}, out);
    return out;
}

std::vector<std::string> algorithm_words() {
    std::vector<std::string> out = bench::known_algorithm_names();
    for (auto id : ordered_ids()) {
        std::string name(id);
        if (std::find(out.begin(), out.end(), name) != out.end()) continue;
        if (bench::algorithm_name_known(name)) out.push_back(name);
    }
    return out;
}

}  // namespace speedlab::cli
