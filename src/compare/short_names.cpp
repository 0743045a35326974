#include "compare/short_names.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>
#include <sstream>

namespace speedlab::compare {

namespace {
std::vector<std::string> words_of(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}
}  // namespace

std::vector<std::string> short_names(const std::vector<Run>& runs) {
    std::vector<std::string> labels;
    for (const auto& r : runs) labels.push_back(!r.label.empty() ? r.label : r.machine->label);
    std::vector<std::vector<std::string>> words;
    for (const auto& l : labels) words.push_back(words_of(l));
    std::set<std::string> common;
    if (runs.size() > 1 && !words.empty()) {
        common.insert(words[0].begin(), words[0].end());
        for (const auto& w : words) {
            std::set<std::string> here(w.begin(), w.end()), both;
            std::set_intersection(common.begin(), common.end(), here.begin(), here.end(),
                                  std::inserter(both, both.begin()));
            common = std::move(both);
        }
    }
    std::vector<std::string> out;
    for (size_t i = 0; i < runs.size(); ++i) {
        std::vector<std::string> kept;
        for (const auto& w : words[i])
            if (!common.count(w)) kept.push_back(w);
        out.push_back(kept.empty() ? labels[i] : fmt::format("{}", fmt::join(kept, " ")));
    }
    // Dropping words must not make two different labels read the same.
    for (size_t i = 0; i < out.size(); ++i)
        for (size_t j = i + 1; j < out.size(); ++j)
            if (out[i] == out[j] && labels[i] != labels[j]) {
                out[i] = labels[i];
                out[j] = labels[j];
            }
    return out;
}

std::vector<Run> with_short_names(std::vector<Run> runs) {
    auto names = short_names(runs);
    for (size_t i = 0; i < runs.size(); ++i) runs[i].label = names[i];
    return runs;
}

}  // namespace speedlab::compare
