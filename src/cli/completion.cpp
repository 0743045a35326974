#include "cli/completion.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/enum_names.h"

namespace speedlab::cli {

namespace {
std::string join(const std::vector<std::string>& words) {
    return fmt::format("{}", fmt::join(words, " "));
}

// What the completion of a value does: a kind the scripts know, or the words.
std::string value_spec(const ArgInfo& a) {
    constexpr std::pair<ValueKind, std::string_view> kKinds[] = {
        {ValueKind::file, "file"},
        {ValueKind::run, "run"},
        {ValueKind::machine, "machine"},
        {ValueKind::algorithm, "algorithm"}};
    if (a.kind == ValueKind::words) return "words:" + join(a.words);
    if (auto kind = name_in(kKinds, a.kind)) return std::string(*kind);
    return a.takes_value() ? "none" : "";
}

// A word safe inside bash double quotes (the generated tables hold only names).
std::string bash_quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s)
        out +=
            (c == '"' || c == '\\' || c == '$' || c == '`') ? std::string{'\\', c} : std::string{c};
    return out + "\"";
}

std::string bash_tables(const std::vector<CommandInfo>& tree) {
    std::string commands, options, values;
    for (const auto& c : tree) {
        std::string key = bash_quoted(join(c.path));
        if (!c.subcommands.empty())
            commands +=
                fmt::format("        {}) echo {} ;;\n", key, bash_quoted(join(c.subcommands)));
        std::vector<std::string> names;
        for (const auto& o : c.options) names.insert(names.end(), o.names.begin(), o.names.end());
        if (!c.path.empty()) names.push_back("--db");  // the global option, also after the command
        options += fmt::format("        {}) echo {} ;;\n", key, bash_quoted(join(names)));
        for (const auto& o : c.options)
            for (const auto& n : o.names)
                if (auto spec = value_spec(o); !spec.empty())
                    values += fmt::format("        {}) echo {} ;;\n",
                                          bash_quoted(join(c.path) + "|" + n), bash_quoted(spec));
        if (!c.positionals.empty())
            if (auto spec = value_spec(c.positionals.front()); spec != "none" && !spec.empty())
                values += fmt::format("        {}) echo {} ;;\n", bash_quoted(join(c.path) + "|#"),
                                      bash_quoted(spec));
    }
    return fmt::format(
        "# The subcommands of the command path $1 (\"\" or \"experiment\").\n"
        "_speedlab_commands() {{\n    case \"$1\" in\n{}    esac\n}}\n\n"
        "# The options of the command path $1.\n"
        "_speedlab_options() {{\n    case \"$1\" in\n{}    esac\n}}\n\n"
        "# What the value of option $2 (\"#\": the positionals) of path $1 is: file, run,\n"
        "# machine, algorithm, words:W..., none (a value not completed); nothing for a flag.\n"
        "_speedlab_value() {{\n    case \"$1|$2\" in\n{}        *\"|--db\") echo file ;;\n"
        "    esac\n}}\n\n",
        commands, options, values);
}

constexpr const char* kBashLogic =
    R"BASH(# Completes the value kind $1 into COMPREPLY; $2 is the program, $3 the --db given.
_speedlab_complete_value() {
    local IFS=$'\n' db=()
    [[ -n $3 ]] && db=(--db "$3")
    case "$1" in
        file)
            COMPREPLY=($(compgen -f -- "$cur"))
            type compopt &>/dev/null && compopt -o filenames ;;
        run | machine)
            # Names may hold spaces ("AMD Athlon(tm) processor"): matched unquoted, offered quoted.
            local name quoted plain=${cur//\\/} what=runs
            plain=${plain#[\"\']}
            [[ $1 == machine ]] && what=machines
            while IFS= read -r name; do
                [[ $name == "$plain"* ]] || continue
                printf -v quoted '%q' "$name"
                COMPREPLY+=("$quoted")
            done < <("$2" "${db[@]}" complete "$what" 2>/dev/null) ;;
        algorithm) IFS=$' \t\n'; COMPREPLY=($(compgen -W "$_speedlab_algorithms" -- "$cur")) ;;
        words:*) IFS=$' \t\n'; COMPREPLY=($(compgen -W "${1#words:}" -- "$cur")) ;;
    esac
}

_speedlab_bash() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev="" cmdpath="" db="" word kind i
    ((COMP_CWORD > 1)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    COMPREPLY=()
    # The command path typed so far, and the database it names; option values skipped.
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if [[ $word == --db ]]; then
            db=${COMP_WORDS[i + 1]}
            ((i++))
        elif [[ $word == -* ]]; then
            [[ -n $(_speedlab_value "$cmdpath" "$word") ]] && ((i++))
        elif [[ " $(_speedlab_commands "$cmdpath") " == *" $word "* ]]; then
            cmdpath=${cmdpath:+$cmdpath }$word
        fi
    done
    if [[ $prev == -* ]]; then
        kind=$(_speedlab_value "$cmdpath" "$prev")
        if [[ -n $kind ]]; then
            _speedlab_complete_value "$kind" "${COMP_WORDS[0]}" "$db"
            return 0
        fi
    fi
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_speedlab_options "$cmdpath")" -- "$cur"))
        return 0
    fi
    kind=$(_speedlab_value "$cmdpath" "#")
    [[ -n $kind ]] && _speedlab_complete_value "$kind" "${COMP_WORDS[0]}" "$db"
    COMPREPLY+=($(compgen -W "$(_speedlab_commands "$cmdpath")" -- "$cur"))
    return 0
}
)BASH";

std::string bash_script(const std::vector<CommandInfo>& tree) {
    return fmt::format(
        "# bash completion for speedlab. Generated by `speedlab help-completion bash` from the\n"
        "# command definitions that --help prints; do not edit.\n\n"
        "_speedlab_algorithms={}\n\n{}{}",
        bash_quoted(join(algorithm_words())), bash_tables(tree), kBashLogic);
}

// zsh runs the same functions through its bash emulation (bashcompinit).
std::string zsh_script(const std::vector<CommandInfo>& tree) {
    return "#compdef speedlab\n"
           "# zsh completion for speedlab: the generated bash completion through zsh's\n"
           "# bashcompinit. Generated by `speedlab help-completion zsh`; do not edit.\n"
           "autoload -U +X bashcompinit && bashcompinit\n\n" +
           bash_script(tree) + "\n_bash_complete -F _speedlab_bash\n";
}

std::string fish_quoted(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += (c == '\'' || c == '\\') ? std::string{'\\', c} : std::string{c};
    return out + "'";
}

std::string fish_value(const ArgInfo& a) {
    switch (a.kind) {
        case ValueKind::words:
            return " -x -a " + fish_quoted(join(a.words));
        case ValueKind::file:
            return " -r -F";
        case ValueKind::run:
            return " -x -a '(__speedlab_names runs)'";
        case ValueKind::machine:
            return " -x -a '(__speedlab_names machines)'";
        case ValueKind::algorithm:
            return " -x -a " + fish_quoted(join(algorithm_words()));
        case ValueKind::none:
            break;
    }
    return a.takes_value() ? " -x" : "";
}

std::string fish_command(const CommandInfo& c) {
    std::string at = "-n " + fish_quoted("__speedlab_at " + join(c.path));
    std::string out;
    for (size_t i = 0; i < c.subcommands.size(); ++i)
        out += fmt::format("complete -c speedlab {} -a {} -d {}\n", at,
                           fish_quoted(c.subcommands[i]), fish_quoted(c.subcommand_help[i]));
    for (const auto& o : c.options) {
        std::string names;
        for (const auto& n : o.names)
            names += (n.size() == 2 ? " -s " : " -l ") + n.substr(n.size() == 2 ? 1 : 2);
        out += fmt::format("complete -c speedlab {}{} -d {}{}\n", at, names, fish_quoted(o.help),
                           fish_value(o));
    }
    if (!c.path.empty())  // the global option, also after the command
        out += fmt::format(
            "complete -c speedlab {} -l db -r -F -d 'database file or postgresql:// URL'\n", at);
    if (!c.positionals.empty() && c.positionals.front().kind != ValueKind::none) {
        std::string value = fish_value(c.positionals.front());
        if (value == " -r -F") value = " -F";
        out += fmt::format("complete -c speedlab {}{}\n", at,
                           value.substr(0, 3) == " -x" ? value.substr(3) : value);
    }
    return out;
}

std::string fish_script(const std::vector<CommandInfo>& tree) {
    std::string commands;
    for (const auto& c : tree)
        if (!c.subcommands.empty())
            commands += fmt::format("        case {}\n            printf '%s\\n' {}\n",
                                    fish_quoted(join(c.path)), join(c.subcommands));
    std::string out = fmt::format(
        "# fish completion for speedlab. Generated by `speedlab help-completion fish` from the\n"
        "# command definitions that --help prints; do not edit.\n\n"
        "function __speedlab_commands\n    switch \"$argv\"\n{}    end\nend\n\n"
        "# The command path typed so far (\"experiment isa\").\n"
        "function __speedlab_path\n    set -l tokens (commandline -opc)\n    set -e tokens[1]\n"
        "    set -l path\n    for t in $tokens\n"
        "        contains -- $t (__speedlab_commands $path); and set path $path $t\n    end\n"
        "    string join ' ' -- $path\nend\n\n"
        "function __speedlab_at\n    set -l path (__speedlab_path)\n    test \"$path\" = "
        "\"$argv\"\nend\n\n"
        "# Run labels or machine names of the database in use; nothing when it cannot be read.\n"
        "function __speedlab_names\n    set -l tokens (commandline -opc)\n    set -l db\n"
        "    set -l i (contains -i -- --db $tokens); and set db --db $tokens[(math $i + 1)]\n"
        "    $tokens[1] $db complete $argv 2>/dev/null\nend\n\n"
        "complete -c speedlab -f\n",
        commands);
    for (const auto& c : tree) out += fish_command(c);
    return out;
}
}  // namespace

std::optional<std::string> completion_script(const std::vector<CommandInfo>& tree,
                                             const std::string& shell) {
    if (shell == "bash") return bash_script(tree) + "\ncomplete -F _speedlab_bash speedlab\n";
    if (shell == "zsh") return zsh_script(tree);
    if (shell == "fish") return fish_script(tree);
    return std::nullopt;
}

}  // namespace speedlab::cli
