// The raw output of a cloud-inspection harness (Spare Cores' sc-inspector):
// `openssl speed -mr -multi N` run once per algorithm, each run under an
// `ALGO: -evp sha256 -----` line, its children's `Forked child`, `Got: +H`/`+F`
// records and +DT/+R counts interleaved. The sections are one run of one
// machine: read by parse as openssl's text, then joined.
#include <algorithm>

#include "core/text.h"
#include "import/file_cells.h"
#include "import/reader.h"
#include "parse/append_run.h"

namespace speedlab::import {

namespace {
constexpr std::string_view kSection = "ALGO: ";

bool section_line(std::string_view line) {
    return line.starts_with(kSection) && line.find("-----") != std::string_view::npos;
}

// The sections of one machine and build, in order, as one run.
void join_sections(std::deque<Run>& runs) {
    if (runs.size() < 2) return;
    Run& into = runs.front();
    for (size_t k = 1; k < runs.size(); ++k) {
        Run& run = runs[k];
        if (run.processes != into.processes || run.version != into.version) return;
    }
    for (size_t k = 1; k < runs.size(); ++k) {
        Run& run = runs[k];
        parse::append_run(into, run);
        for (auto& n : run.notes)
            if (std::find(into.notes.begin(), into.notes.end(), n) == into.notes.end() &&
                !n.starts_with("read from lines "))
                into.notes.push_back(std::move(n));
        into.complete = into.complete && run.complete;
    }
    if (!into.sources.empty())
        for (auto& n : into.notes)
            if (n.starts_with("read from lines "))
                n = "read from lines " + std::to_string(into.sources[0].first_line) + "-" +
                    std::to_string(into.sources[0].last_line) + " of " + into.sources[0].file +
                    " (one ALGO: section per algorithm)";
    runs.resize(1);
}
}  // namespace

bool mr_sections_sniff(std::string_view head) {
    auto lines = numbered_lines(head.substr(0, 4096));
    return !lines.empty() && section_line(lines.front().text) &&
           head.find("+DT:") != std::string_view::npos;
}

Read read_mr_sections(Input& input) {
    // The section lines are no openssl lines (a heading above a run would
    // name its machine): blank, so every other line keeps its number.
    auto text = std::make_shared<std::string>(*input.text);
    for (size_t at = 0; at < text->size();) {
        size_t end = text->find('\n', at);
        if (end == std::string::npos) end = text->size();
        if (section_line(std::string_view(*text).substr(at, end - at)))
            text->erase(at, end - at), end = at;
        at = end + 1;
    }
    Input sections = input;
    sections.text = text;
    Read out = read_openssl_text(sections);
    join_sections(out.runs);
    return out;
}

}  // namespace speedlab::import
