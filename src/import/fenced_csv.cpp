#include "import/fenced_csv.h"

#include <algorithm>
#include <set>

#include "core/algorithm.h"
#include "core/text.h"
#include "parse/cells.h"

namespace speedlab::import {

namespace {

// A word of prose without the marks around it: "`openssl`", "(KB/s)", "AES-128-CBC,".
std::string_view bare(std::string_view w) {
    constexpr std::string_view kMarks = "`*_()[]{},.:;\"'";
    while (!w.empty() && kMarks.find(w.front()) != std::string_view::npos) w.remove_prefix(1);
    while (!w.empty() && kMarks.find(w.back()) != std::string_view::npos) w.remove_suffix(1);
    return w;
}

// What the lines above a table (ABOVE, nearest last) state: the unit of the
// nearest paragraph that names one, and the algorithm when they name one only.
StatedAround stated_above(std::span<const NumberedLine> above) {
    StatedAround out;
    std::set<std::string> algorithms;
    size_t paragraphs = 0;  // the unit: from the two paragraphs above at most
    for (size_t k = above.size(); k-- > 0;) {
        if (trimmed_view(above[k].text).empty()) ++paragraphs;
        for (std::string_view w : parse::words(above[k].text)) {
            w = bare(w);
            if (w.size() < 3) continue;
            if (out.factor == 0 && paragraphs <= 2) out.factor = stated_byte_unit(w);
            std::string id = canonical_symmetric_id(w);
            if (looks_like_algorithm(id)) algorithms.insert(id);
        }
    }
    if (algorithms.size() == 1) out.algorithm = *algorithms.begin();
    return out;
}

bool overlaps(const std::deque<Run>& runs, size_t first, size_t last) {
    return std::any_of(runs.begin(), runs.end(), [&](const Run& run) {
        return std::any_of(run.sources.begin(), run.sources.end(), [&](const RunSource& s) {
            return s.first_line <= static_cast<int64_t>(last) &&
                   s.last_line >= static_cast<int64_t>(first);
        });
    });
}

// The lines of TEXT[begin, end), numbered from FIRST.
std::vector<NumberedLine> lines_at(std::string_view text, size_t begin, size_t end, size_t first) {
    auto out = numbered_lines(text.substr(begin, end - begin));
    for (auto& line : out) line.number += first - 1;
    return out;
}

// Where the line holding AT begins, and where the line N lines above it does.
size_t line_start(std::string_view text, size_t at) {
    size_t nl = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
    return nl == std::string_view::npos ? 0 : nl + 1;
}
size_t lines_back(std::string_view text, size_t start, size_t n) {
    while (n-- > 0 && start > 0) start = line_start(text, start - 1);
    return start;
}

// The next fence ("```" first on its line) at or after FROM, or npos.
size_t next_fence(std::string_view text, size_t from) {
    for (size_t at = text.find("```", from); at != std::string_view::npos;
         at = text.find("```", at + 3))
        if (trimmed_view(text.substr(line_start(text, at), at - line_start(text, at))).empty())
            return at;
    return std::string_view::npos;
}

}  // namespace

// One find for a fence: a text without one is not walked again.
Read read_fenced_csv(const Input& input, const std::deque<Run>& runs) {
    Read out;
    std::string_view text = *input.text;
    constexpr size_t kAbove = 100;  // lines of the text above a table read for what they state
    size_t line = 1, counted = 0;   // the line number at byte `counted`
    for (size_t open = next_fence(text, 0); open != std::string_view::npos;) {
        size_t begin = text.find('\n', open);
        if (begin == std::string_view::npos) break;
        size_t close = next_fence(text, ++begin);
        size_t end = close == std::string_view::npos ? text.size() : line_start(text, close);
        line += static_cast<size_t>(std::count(text.begin() + static_cast<long>(counted),
                                               text.begin() + static_cast<long>(begin), '\n'));
        counted = begin;
        auto block = lines_at(text, begin, end, line);
        while (!block.empty() && trimmed_view(block.front().text).empty())
            block.erase(block.begin());
        if (!block.empty() && block.front().text.find_first_of(",\t;") != std::string_view::npos &&
            !overlaps(runs, block.front().number, block.back().number)) {
            size_t from = lines_back(text, line_start(text, open), kAbove);
            auto above = lines_at(text, from, line_start(text, open), 1);  // their text only
            append_read(out, read_csv_lines(input, block, stated_above(above)));
        }
        open = close == std::string_view::npos ? close : next_fence(text, close + 3);
    }
    return out;
}

namespace {
// Lines [k, end) of LINES from K on holding as many commas as line K does,
// two or more, and no fence: a CSV's rows; END is K when there are none.
size_t comma_block_end(const std::vector<NumberedLine>& lines, size_t k) {
    auto commas = [](std::string_view t) { return std::count(t.begin(), t.end(), ','); };
    const auto n = commas(lines[k].text);
    size_t end = k;
    while (n >= 2 && end < lines.size() && commas(lines[end].text) == n &&
           !trimmed_view(lines[end].text).starts_with("```"))
        ++end;
    return end;
}
}  // namespace

// A CSV pasted into prose without a fence, in a text naming `openssl speed`
// (elsewhere lines of commas are anyone's): read as a fenced one is.
Read read_prose_csv(const Input& input, const std::deque<Run>& runs) {
    Read out;
    std::string_view text = *input.text;
    if (text.find(",") == std::string_view::npos || !mentions(text, "openssl speed")) return out;
    auto lines = numbered_lines(text);
    bool fenced = false;
    for (size_t k = 0; k < lines.size(); ++k) {
        if (trimmed_view(lines[k].text).starts_with("```")) fenced = !fenced;
        size_t end = fenced ? k : comma_block_end(lines, k);
        if (end < k + 3 || overlaps(runs, lines[k].number, lines[end - 1].number)) continue;
        size_t from = k > 100 ? k - 100 : 0;
        append_read(out, read_csv_lines(input, std::span(lines).subspan(k, end - k),
                                        stated_above(std::span(lines).subspan(from, k - from))));
        k = end - 1;
    }
    return out;
}

}  // namespace speedlab::import
