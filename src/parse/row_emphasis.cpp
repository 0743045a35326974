#include "parse/row_emphasis.h"

#include <array>
#include <vector>

#include "parse/cells.h"
#include "parse/classify.h"

namespace speedlab::parse {

namespace {

constexpr std::array<std::string_view, 3> kMarks = {"**", "__", "*"};

// Each word's place in S: cells.h's words, as offsets.
struct Word {
    size_t begin, end;
};

std::vector<Word> words_of(std::string_view s) {
    std::vector<Word> out;
    for (std::string_view w : words(s)) {
        auto begin = static_cast<size_t>(w.data() - s.data());
        out.push_back({begin, begin + w.size()});
    }
    return out;
}

// W starts with MARK, not with a longer mark ("**x" opens "**", not "*").
bool opens(std::string_view w, std::string_view mark) {
    return w.size() > mark.size() && w.starts_with(mark) && w[mark.size()] != mark[0];
}
// W ends with MARK, not a longer one, and holds more than MIN bytes.
bool closes(std::string_view w, std::string_view mark, size_t min) {
    return w.size() > min && w.ends_with(mark) && w[w.size() - mark.size() - 1] != mark[0];
}

}  // namespace

std::string without_emphasis(std::string_view line) {
    auto ws = words_of(line);
    std::vector<bool> drop(line.size(), false);
    bool any = false;
    auto word = [&](size_t k) { return line.substr(ws[k].begin, ws[k].end - ws[k].begin); };
    for (size_t j = 0; j < ws.size(); ++j) {
        for (auto mark : kMarks) {
            if (!opens(word(j), mark)) continue;
            // The word that closes it: this one ("**x**") or a later one ("**a b**").
            size_t k = j;
            while (k < ws.size() && !closes(word(k), mark, k == j ? 2 * mark.size() : mark.size()))
                ++k;
            if (k == ws.size()) continue;
            for (size_t b = 0; b < mark.size(); ++b) {
                drop[ws[j].begin + b] = true;
                drop[ws[k].end - 1 - b] = true;
            }
            any = true;
            j = k;
            break;
        }
    }
    if (!any) return {};
    std::string out;
    out.reserve(line.size());
    for (size_t i = 0; i < line.size(); ++i)
        if (!drop[i]) out += line[i];
    return out;
}

std::string emphasised_row(std::string_view line) {
    if (line.find('*') == std::string_view::npos && line.find("__") == std::string_view::npos)
        return {};
    std::string plain = without_emphasis(line);
    if (plain.empty()) return {};
    Token tok = classify(plain);
    switch (tok.kind()) {
        case LineKind::public_key_row:
        case LineKind::kem_row:
            return plain;
        case LineKind::throughput_row: {
            const auto& row = tok.as<ThroughputRow>();
            return row.figures == row.cells.size() && !row.cells.empty() ? plain : std::string();
        }
        default:
            return {};
    }
}

}  // namespace speedlab::parse
