// "`ML-DSA-87 verify/s = 102012.8`" typed in a bullet under the `openssl
// speed` command that printed it: one figure of that key and operation. The
// command (its lines joined over a shell's "\") gives the run's options; a
// key it does not name is another measurement's, and a ratio ("≈ 13.86x")
// or a figure without "OP/s =" is none.
#include "parse/hand_inline_figures.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>

#include "core/rate_words.h"
#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"
#include "parse/run_builder.h"

namespace speedlab::parse {

namespace {

struct InlineFigure {
    std::string id;
    Operation op = Operation::throughput;
    Number n;
};

// "- `x`" -> "x": a list marker and backticks around the text.
std::string_view unquoted(std::string_view t) {
    t = trimmed_view(t);
    if (t.size() > 1 && (t[0] == '-' || t[0] == '*' || t[0] == '+') && t[1] == ' ')
        t = trimmed_view(t.substr(2));
    while (!t.empty() && t.front() == '`') t.remove_prefix(1);
    while (!t.empty() && (t.back() == '`' || t.back() == '.')) t.remove_suffix(1);
    return trimmed_view(t);
}

// "ML-DSA-87 verify/s = 102012.8", "example (SLH-DSA-SHAKE-256f) verify/s = 7360.8".
std::optional<InlineFigure> inline_figure(std::string_view line) {
    std::string_view t = unquoted(line);
    size_t eq = t.find('=');
    if (eq == std::string_view::npos || t.find('=', eq + 1) != std::string_view::npos)
        return std::nullopt;
    std::string_view left = trimmed_view(t.substr(0, eq));
    auto n = number(trimmed_view(t.substr(eq + 1)));
    size_t space = left.find_last_of(" \t");
    if (!n || n->value <= 0 || space == std::string_view::npos) return std::nullopt;
    auto op = rate_operation(left.substr(space + 1));
    std::string_view label = trimmed_view(left.substr(0, space));
    if (!op || label.empty()) return std::nullopt;
    if (size_t open = label.rfind('('); label.back() == ')' && open != std::string_view::npos)
        label = label.substr(open + 1, label.size() - open - 2);  // the key in brackets
    std::string id = typed_key_id(label);
    if (id.empty()) return std::nullopt;
    return InlineFigure{id, *op, *n};
}

// Where "speed" follows "openssl" (a path's closing quote between), else npos.
size_t speed_after_openssl(std::string_view t) {
    for (size_t at = find_mention(t, "openssl"); at != std::string_view::npos;
         at = find_mention(t, "openssl", at + 7)) {
        size_t p = at + 7;
        while (p < t.size() && (t[p] == '"' || t[p] == '\'' || t[p] == ' ')) ++p;
        bool word_ends = p + 5 == t.size() || (p + 5 < t.size() && space(t[p + 5]));
        if (p > at + 7 && word_ends && lower_ascii(t.substr(p, 5)) == "speed") return p;
    }
    return std::string_view::npos;
}

// The command above line `i` (30 lines at most) from "speed" on, its lines
// joined over "\": its index, or npos.
size_t command_above(const std::vector<CleanLine>& lines, size_t i, std::string& command) {
    for (size_t k = i; k-- > 0 && k + 30 > i;) {
        std::string_view t = lines[k].text();
        size_t at = speed_after_openssl(t);
        if (at == std::string_view::npos) continue;
        command.assign(t.substr(at));
        for (size_t j = k + 1; j < i && trimmed_view(command).ends_with('\\'); ++j) {
            command = std::string(trimmed_view(command));
            command.back() = ' ';
            command += trimmed_view(lines[j].text());
        }
        return k;
    }
    return std::string_view::npos;
}

// Whether the command names key `id` ("ML-DSA-87", "ecdsap256" for ecdsa-p256).
bool command_names(const std::string& command, const std::string& id) {
    std::string l = lower_ascii(command), glued = id;
    std::erase(glued, '-');
    return l.find(id) != std::string::npos || l.find(glued) != std::string::npos;
}

Run command_run(const std::string& command, const std::string& file, size_t line) {
    Run r;
    r.source = "imported";
    r.program = "hand-made table";
    r.platform = "";
    auto w = words(command);
    std::string said = "openssl";
    for (size_t k = 0; k < w.size(); ++k) {
        said += " " + std::string(w[k]);
        if (w[k] == "-elapsed") r.timing = Timing::wall;
        if (w[k] == "-multi" && k + 1 < w.size())
            if (auto n = integer(w[k + 1]))
                r.processes = static_cast<int>(std::clamp<int64_t>(*n, 1, 1024));
    }
    r.notes.push_back("figures typed inline under `" + said + "` at line " + std::to_string(line) +
                      " of " + std::filesystem::path(file).filename().string());
    return r;
}

}  // namespace

void read_inline_figures(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                         const std::string& file_name, const RawLines& raw_lines,
                         std::deque<Run>& runs) {
    std::map<size_t, Run> by_command;
    std::map<size_t, size_t> last_line;
    for (size_t i = 0; i < lines.size(); ++i) {
        std::string_view t = lines[i].text();
        // Cheap first: most lines hold no '=', fewer "/s".
        if (used[i] || t.find('=') == t.npos || t.find("/s") == t.npos) continue;
        auto f = inline_figure(t);
        std::string command;
        size_t k = f ? command_above(lines, i, command) : std::string_view::npos;
        if (k == std::string_view::npos || !command_names(command, f->id)) continue;
        auto [it, added] = by_command.try_emplace(k);
        if (added) it->second = command_run(command, file_name, lines[k].line);
        Measurement m = table_figure(f->id, f->op, 0, f->n.value, f->n.step, {});
        m.line = static_cast<uint32_t>(lines[i].line);
        if (!it->second.find(f->id, f->op, 0)) it->second.measurements.push_back(std::move(m));
        last_line[k] = lines[i].line;
    }
    for (auto& [k, run] : by_command) {
        size_t first = lines[k].line, last = last_line[k];
        run.raw_text = raw_lines(first, last);
        lines_in_raw_text(run.measurements, first, last);
        run.sources = {{file_name, "", static_cast<int64_t>(first), static_cast<int64_t>(last)}};
        runs.push_back(std::move(run));
    }
}

}  // namespace speedlab::parse
