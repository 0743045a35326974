#include "cli/merge_hint.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "core/text.h"

namespace speedlab::cli {

namespace {
// A shell word: plain names as they are, others in single quotes.
std::string shell_word(const std::string& w) {
    bool plain = !w.empty() && std::all_of(w.begin(), w.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) ||
               std::string_view("-_.,@/:+").find(c) != std::string_view::npos;
    });
    if (plain) return w;
    std::string out = "'";
    for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}
}  // namespace

std::vector<std::string> merge_hints(const store::Database& db, const std::vector<Run>& stored) {
    std::set<std::string> fresh;
    for (const auto& r : stored)
        if (!r.machine->label.empty()) fresh.insert(r.machine->label);
    if (fresh.empty()) return {};
    // CPU model (any case), whole MHz, emulator: unknown clock or CPU never matches.
    std::map<std::tuple<std::string, std::string, std::string>,
             std::vector<const store::MachineSummary*>>
        alike;
    auto machines = db.machines();
    for (const auto& m : machines)
        if (!m.cpu.empty() && !m.mhz.empty())
            alike[{lower_ascii(m.cpu), m.mhz, m.emulator}].push_back(&m);
    std::vector<std::string> out;
    for (auto& [key, group] : alike) {
        if (group.size() < 2 || std::none_of(group.begin(), group.end(), [&](const auto* m) {
                return fresh.count(m->name) > 0;
            }))
            continue;
        // The machine with the most runs keeps its name.
        std::stable_sort(group.begin(), group.end(),
                         [](const auto* a, const auto* b) { return a->runs > b->runs; });
        std::string names, command = "speedlab machine merge";
        for (const auto* m : group) {
            names += (names.empty() ? "" : ", ") + m->name;
            command += " " + shell_word(m->name);
        }
        const auto* first = group.front();
        out.push_back(terminal_safe(fmt::format(
            "machines {} look like one ({} at {} MHz{}); to make them one: {}", names, first->cpu,
            first->mhz, first->emulator.empty() ? "" : " under " + first->emulator, command)));
    }
    return out;
}

}  // namespace speedlab::cli
