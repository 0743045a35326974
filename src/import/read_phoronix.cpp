// Phoronix Test Suite's OpenSSL results as it prints them: its text result (a
// test's title `OpenSSL 1.1.1`, its description `RSA 4096-bit Performance`,
// its scale `Signs Per Second > Higher Is Better`, then one `IDENTIFIER .
// 5801|====` bar per result), or its console while the test runs (`OpenSSL
// 1.1.0f:` over `pts/openssl-1.10.0`, the trials under the description, then
// `Average: 1981.50 Signs Per Second`). Other tests' results (PyBench, Himeno)
// give nothing, and a byte/s figure is refused: the suite never says its size.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/text.h"
#include "import/file_cells.h"
#include "import/pts_figure.h"
#include "import/reader.h"

namespace speedlab::import {

namespace {

// `IDENTIFIER . 5801|=====`: a text result's bar, its identifier and value.
std::optional<std::pair<std::string, PrintedNumber>> bar_line(std::string_view line) {
    size_t bar = line.find('|');
    if (bar == std::string_view::npos) return std::nullopt;
    std::string_view left = trimmed_view(line.substr(0, bar));
    size_t space = left.rfind(' ');
    if (space == std::string_view::npos) return std::nullopt;
    auto value = printed_number(left.substr(space + 1));
    std::string_view ident = trimmed_view(left.substr(0, space));
    if (!value || !ident.ends_with('.')) return std::nullopt;
    while (ident.ends_with('.')) ident.remove_suffix(1);
    return std::pair{trimmed(ident), *value};
}

bool openssl_title(std::string_view t) {
    return t == "OpenSSL" || t.starts_with("OpenSSL ");
}

// What the reading keeps: runs by identifier, each run's lines.
struct State {
    Read out;
    std::vector<std::pair<size_t, size_t>> spans;
    std::string key;  // the identifier (or console title) of the last run
};

// Adds M to the run of KEY, a new one when there is none or it has M already.
void add(State& s, const std::string& key, const std::string& title, size_t line, Measurement m,
         std::string note) {
    if (s.out.runs.empty() || s.key != key ||
        s.out.runs.back().find(std::string(m.algorithm.view()), m.operation, m.parameter)) {
        s.out.runs.emplace_back();
        s.out.runs.back().version = title;
        s.out.runs.back().label = key;
        s.spans.emplace_back(line, line);
        s.key = key;
    }
    s.out.runs.back().measurements.push_back(std::move(m));
    if (!note.empty()) s.out.runs.back().notes.push_back(std::move(note));
    s.spans.back().second = line;
}

Measurement measurement(const PtsFigure& f, const PrintedNumber& n) {
    return named_figure(f.name, n.value, n.step, f.printed);
}

void refuse_line(State& s, const std::string& name, size_t line, const std::string& why) {
    s.out.diagnostics.push_back(fmt::format("{}:{}: warning: not used: {}", name, line, why));
    ++s.out.unused_lines;
}

// The unit of a text result's scale line: "Signs Per Second" of
// "Signs Per Second > Higher Is Better"; empty for any other line.
std::string scale_of(std::string_view line) {
    std::string_view t = trimmed_view(line);
    for (std::string_view tail : {" > Higher Is Better", " < Lower Is Better"})
        if (t.ends_with(tail)) return trimmed(t.substr(0, t.size() - tail.size()));
    return {};
}

// A text result's block: LINES[K] its scale, the two lines above it its title
// and description, its bars below. Returns the line after the block.
size_t text_block(State& s, const std::string& name, const std::vector<NumberedLine>& lines,
                  size_t k) {
    std::string title = trimmed(lines[k - 2].text);
    auto figure = pts_figure(trimmed_view(lines[k - 1].text), scale_of(lines[k].text));
    size_t j = k + 1;
    for (; j < lines.size(); ++j) {
        auto bar = bar_line(lines[j].text);
        if (!bar) break;
        if (!openssl_title(title)) continue;  // another test's bar (PyBench): not openssl's
        if (auto* why = std::get_if<std::string>(&figure)) {
            refuse_line(s, name, lines[j].number, *why);
            continue;
        }
        if (!(bar->second.value > 0)) {  // "a . 0|": no rate to store
            refuse_line(s, name, lines[j].number, "a bar of no rate");
            continue;
        }
        add(s, bar->first, title, lines[j].number,
            measurement(std::get<PtsFigure>(figure), bar->second), "");
    }
    return j;
}

// A console's test title: `OpenSSL 1.1.0f:` over `pts/openssl-1.10.0` (the
// test's profile) in the next line that is not empty; the title without its
// colon, else empty. OPENSSL says whether the test is openssl's.
std::string console_title(const std::vector<NumberedLine>& lines, size_t k, bool& openssl) {
    std::string_view t = trimmed_view(lines[k].text);
    if (!t.ends_with(':')) return {};
    t.remove_suffix(1);
    for (size_t j = k + 1; j < lines.size(); ++j)
        if (auto next = trimmed_view(lines[j].text); !next.empty()) {
            if (!next.starts_with("pts/")) return {};
            openssl = openssl_title(t) && next.starts_with("pts/openssl");
            return std::string(t);
        }
    return {};
}

// The console's lines of one test from LINES[K], its title: the last line
// ending in ':' names the trials below it; `Average: 1981.50 Signs Per
// Second` ends them. Returns the line after the test.
size_t console_block(State& s, const std::string& name, const std::vector<NumberedLine>& lines,
                     size_t k, const std::string& title) {
    std::string description;
    std::vector<std::string> trials;
    size_t j = k + 1;
    for (; j < lines.size(); ++j) {
        std::string_view t = trimmed_view(lines[j].text);
        bool openssl = false;
        if (!console_title(lines, j, openssl).empty()) break;  // the next test
        if (t.starts_with("Average:")) {
            std::string_view rest = trimmed_view(t.substr(8));
            size_t space = rest.find(' ');
            auto value = printed_number(rest.substr(0, space));
            std::string_view scale =
                space == std::string_view::npos ? "" : trimmed_view(rest.substr(space));
            auto figure = pts_figure(description, scale);
            if (auto* why = std::get_if<std::string>(&figure); why || !value || !(value->value > 0))
                refuse_line(s, name, lines[j].number, why ? *why : "no average");
            else
                add(s, title, title, lines[j].number,
                    measurement(std::get<PtsFigure>(figure), *value),
                    fmt::format("{}: trials {}, average {} (stored)",
                                std::get<PtsFigure>(figure).printed, fmt::join(trials, ", "),
                                rest.substr(0, space)));
            description.clear(), trials.clear();
        } else if (t.ends_with(':') && !t.starts_with("Started")) {
            description = t.substr(0, t.size() - 1), trials.clear();
        } else if (!description.empty() && printed_number(t)) {
            trials.emplace_back(t);
        }
    }
    return j;
}

State read_text(const std::string& name, const std::vector<NumberedLine>& lines) {
    State s;
    for (size_t k = 0; k < lines.size();) {
        if (k >= 2 && !scale_of(lines[k].text).empty()) {
            k = text_block(s, name, lines, k);
        } else if (bool openssl = false; !console_title(lines, k, openssl).empty() && openssl) {
            k = console_block(s, name, lines, k, console_title(lines, k, openssl));
        } else {
            ++k;
        }
    }
    return s;
}

}  // namespace

bool phoronix_sniff(std::string_view head) {
    if (head.find("OpenSSL") == std::string_view::npos) return false;
    auto lines = numbered_lines(head);
    for (size_t k = 0; k < lines.size(); ++k) {
        if (k >= 2 && !scale_of(lines[k].text).empty() &&
            openssl_title(trimmed_view(lines[k - 2].text)))
            return true;
        bool openssl = false;
        if (!console_title(lines, k, openssl).empty() && openssl) return true;
    }
    return false;
}

Read read_phoronix(Input& input) {
    auto lines = numbered_lines(*input.text);
    State s = read_text(input.name, lines);
    for (size_t k = 0; k < s.out.runs.size(); ++k) {
        Run made = data_file_run(input.name, "phoronix test suite", lines, s.spans[k].first,
                                 s.spans[k].second, "Phoronix Test Suite's OpenSSL results");
        Run& run = s.out.runs[k];
        made.measurements = std::move(run.measurements);
        made.version = std::move(run.version);
        made.label = std::move(run.label);
        made.notes.insert(made.notes.end(), run.notes.begin(), run.notes.end());
        run = std::move(made);
    }
    if (s.out.runs.empty())
        s.out.refused =
            input.name + ":1: Phoronix Test Suite's OpenSSL results, but none gives a figure";
    return std::move(s.out);
}

}  // namespace speedlab::import
