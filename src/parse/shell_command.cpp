#include "parse/shell_command.h"

#include <algorithm>
#include <array>

#include "core/text.h"
#include "parse/cells.h"

namespace speedlab::parse {

namespace {

bool prompt_char(char c) {
    return ascii_alnum(c) || c == '@' || c == ':' || c == '~' || c == '/' || c == '.' || c == '_' ||
           c == '-' || c == '+';
}
bool plain_word(std::string_view w) {
    return !w.empty() && std::all_of(w.begin(), w.end(), prompt_char);
}
// "host:~", "box:/usr/local/bin": a host before a path.
bool host_path(std::string_view w) {
    auto colon = w.find(':');
    return colon != std::string_view::npos && colon > 0 && colon + 1 < w.size() &&
           (w[colon + 1] == '~' || w[colon + 1] == '/');
}

// Whether PREFIX (all before the sigil) is a prompt's: "user@host:~",
// "[root@box dir]", "box:/usr/bin " (openSUSE's root), "box:~ me" (macOS), "sh".
bool prompt_prefix(std::string_view prefix) {
    std::string_view p = trim(prefix);
    if (p.size() > 80) return false;
    if (p.size() >= 3 && p.front() == '[' && p.back() == ']') return plain_word(p.substr(1, 1));
    if (p == "sh" || p == "bash" || p == "ash" || starts_with(p, "bash-")) return true;
    auto ws = words(p);
    if (ws.empty() || ws.size() > 2 || !plain_word(ws[0]) || (ws.size() == 2 && !plain_word(ws[1])))
        return false;
    bool glued = prefix.back() != ' ' && prefix.back() != '\t';
    if (ws.size() == 2) return glued && host_path(ws[0]);  // macOS: "box:~ me$"
    return (glued && ws[0].find('@') != std::string_view::npos) || host_path(ws[0]);
}

// What the prompt runs: the text after "$ " or a prompt's sigil, else empty.
std::string_view prompt_command(std::string_view t) {
    size_t limit = std::min<size_t>(t.size(), 120);
    for (size_t p = 0; p + 1 < limit; ++p) {
        if ((t[p] != '$' && t[p] != '#') || (t[p + 1] != ' ' && t[p + 1] != '\t')) continue;
        // A bare "$ cmd"; a bare "# " is a Markdown heading or a comment.
        bool ok = p == 0 ? t[p] == '$' : prompt_prefix(t.substr(0, p));
        return ok ? trim(t.substr(p + 1)) : std::string_view();
    }
    return {};
}

std::string_view unquoted(std::string_view w) {
    while (!w.empty() && (w.front() == '"' || w.front() == '\'' || w.front() == '('))
        w.remove_prefix(1);
    while (!w.empty() &&
           (w.back() == '"' || w.back() == '\'' || w.back() == ')' || w.back() == ';'))
        w.remove_suffix(1);
    return w;
}
std::string base_name(std::string_view w) {
    auto slash = w.find_last_of('/');
    return lower_ascii(slash == std::string_view::npos ? w : w.substr(slash + 1));
}

// openssl, a path to it ("./apps/openssl"), its wrapper scripts
// ("util/opensslwrap.sh") or a fork's binary (Tongsuo, BabaSSL).
bool names_openssl(std::string_view word) {
    std::string base = base_name(unquoted(word));
    for (std::string_view name : {"openssl", "tongsuo", "babassl", "libressl"})
        if (base.find(name) != std::string::npos) return true;
    return false;
}

// Runs before the program it is given, which is what prints.
bool wrapper(std::string_view word) {
    static constexpr std::array<std::string_view, 9> kWrappers = {
        "sudo", "doas", "time", "env", "nice", "nohup", "exec", "command", "stdbuf"};
    return std::find(kWrappers.begin(), kWrappers.end(), word) != kWrappers.end() ||
           word.front() == '-' || ascii_digit(word.front()) ||
           (word.find('=') != std::string_view::npos &&
            word.find('=') < word.find('/'));  // "LD_LIBRARY_PATH=..."
}

// Prints a file (whose text may be openssl's output), runs a script (which may
// run openssl), or drives the shell: nothing it prints is known to be another's.
bool neutral(std::string_view program) {
    static constexpr std::array<std::string_view, 26> kNeutral = {
        "cat",   "less", "more", "head", "tail",   "tee", "grep",  "egrep", "zcat",
        "sed",   "awk",  "type", "echo", "cd",     "ls",  "while", "for",   "do",
        "until", "if",   "sh",   "bash", "source", ".",   "^c",    "make"};
    std::string base = base_name(program);
    return std::find(kNeutral.begin(), kNeutral.end(), base) != kNeutral.end() ||
           base.ends_with(".sh") || base.find("speed") != std::string::npos;
}

}  // namespace

std::optional<ShellCommand> shell_command(std::string_view line) {
    std::string_view command = prompt_command(line);
    if (command.empty()) return std::nullopt;
    auto ws = words(command);
    ShellCommand out;
    if (std::any_of(ws.begin(), ws.end(), names_openssl)) {
        out.runs = ShellCommand::Runs::openssl;
        return out;
    }
    auto program = std::find_if(ws.begin(), ws.end(), [](auto w) { return !wrapper(w); });
    if (program == ws.end() || neutral(unquoted(*program))) return out;
    out.runs = ShellCommand::Runs::other;
    out.program = unquoted(*program);
    return out;
}

namespace {
// The host of a prompt whose text before its command is BEFORE, else empty.
std::string host_before(std::string_view before) {
    auto sigil = before.find_last_of("$#>");
    if (sigil == std::string_view::npos) return {};
    before = before.substr(0, sigil);
    auto colon = before.find(':');
    std::string_view who = colon == std::string_view::npos ? before : before.substr(0, colon);
    auto at = who.find('@');
    size_t skip = 1;
    if (at == std::string_view::npos) at = who.find(" at "), skip = 4;
    if (at == std::string_view::npos) {
        if (!host_path(before) || who.size() < 2) return {};
        at = 0, skip = 0;  // the whole of what comes before the path
    }
    std::string_view host = trim(who.substr(at + skip));
    if (starts_with(trim(who), "[")) host = host.substr(0, host.find_first_of(" ]"));
    bool ok =
        !host.empty() && host.size() <= 64 && std::all_of(host.begin(), host.end(), [](char c) {
            return ascii_alnum(c) || c == '-' || c == '.' || c == '_';
        });
    return ok ? std::string(host) : std::string();
}
}  // namespace

std::string prompt_host(std::string_view t) {
    auto cmd = t.find("openssl speed");
    if (cmd == std::string_view::npos || cmd < 3) return {};
    return host_before(t.substr(0, cmd));
}

bool bare_speed_command(std::string_view line) {
    auto ws = words(trim(line));
    for (size_t k = 0; k < ws.size(); ++k) {
        if (names_openssl(ws[k])) return k + 1 < ws.size() && ws[k + 1] == "speed";
        bool pins = ws[k] == "taskset" || ws[k] == "numactl" || ws[k] == "chrt";
        if (!pins && !wrapper(ws[k])) return false;
    }
    return false;
}

std::string any_prompt_host(std::string_view line) {
    std::string_view command = prompt_command(line);
    if (command.empty()) return {};
    return host_before(line.substr(0, static_cast<size_t>(command.data() - line.data())));
}

namespace {
// Whether a line can be a prompt, from its first word alone: "$", one holding
// the sigil ("user@host:~$", "sh#") or a host ("host:/dir #", "[root@box dir]#");
// prose is passed over after a few bytes.
bool prompt_start(std::string_view t) {
    if (t.empty() || t[0] == '$' || t[0] == '[') return !t.empty();
    for (size_t p = 0; p < t.size() && p < 64; ++p) {
        char c = t[p];
        if (c == ' ' || c == '\t') return false;
        if (c == '$' || c == '#' || c == '@') return true;
        if (c == ':' && p + 1 < t.size() && (t[p + 1] == '/' || t[p + 1] == '~')) return true;
    }
    return false;
}
}  // namespace

OtherProgram::Seen OtherProgram::see(const Token& tok, size_t at) {
    std::string_view t = tok.text;
    if (!tok.stray()) return Seen::other;
    if (tok.names_command) {  // openssl's own command, prompt or not
        clear();
        return Seen::end;
    }
    if (tok.kind() == LineKind::other && prompt_start(t))
        if (auto command = shell_command(t)) {
            if (command->runs != ShellCommand::Runs::other) {
                clear();  // openssl's, or a file's text: not another's
                return Seen::end;
            }
            program_ = std::string(command->program);
            line_ = at, strays_ = 0;
            return Seen::prompt;
        }
    if (program_.empty()) return Seen::other;
    if (starts_with(t, "```") || starts_with(t, "~~~") || t.front() == '#') {
        clear();  // the end of its code block, or a heading above other text
        return Seen::end;
    }
    ++strays_;
    return Seen::other;
}

}  // namespace speedlab::parse
