#include "import/labels.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "core/algorithm.h"
#include "core/clock.h"
#include "core/display_name.h"
#include "core/labelled_machines.h"
#include "core/text.h"
#include "parse/stated_machine.h"

namespace speedlab::import {

namespace {
// A word of a label: ASCII letters, digits and ._+- only; spaces become '-'.
// Whole: a part cut short ('-evp-aes-128-cbc-EVP-wit') names nothing a person
// typed; the label as a whole is kept within a name's length (fit_label).
std::string label_word(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == ' ' || c == '/') c = '-';
        if (std::isalnum(static_cast<unsigned char>(c)) || std::strchr("._+-", c)) out += c;
    }
    return out;
}

// LABEL within kMaxNameChars: its longest part (a machine named by a whole
// link or line) is cut, after a word of it where one ends in its second
// half, so the version and build after it stay whole.
std::string fit_label(std::string label) {
    while (label.size() > kMaxNameChars) {
        std::vector<std::string> parts;
        std::istringstream words(label);
        for (std::string w; words >> w;) parts.push_back(w);
        auto longest =
            std::max_element(parts.begin(), parts.end(),
                             [](const auto& a, const auto& b) { return a.size() < b.size(); });
        if (longest->size() <= 1) break;  // never: a label has a few parts
        size_t keep = longest->size() - std::min(longest->size() - 1, label.size() - kMaxNameChars);
        size_t cut = longest->find_last_of('-', keep);
        longest->resize(cut != std::string::npos && cut >= keep / 2 ? cut : keep);
        label.clear();
        for (const auto& p : parts) label += (label.empty() ? "" : " ") + p;
    }
    return label;
}

// "Red Hat Linux release 7.3 (Valhalla)" -> "rh73": a distribution's short name
// and its version's digits; empty when the text names none.
std::string distribution_word(const std::string& distribution) {
    static constexpr std::pair<std::string_view, std::string_view> kShort[] = {
        {"red hat", "rh"},        {"redhat", "rh"},         {"mandrake", "mdk"},
        {"mandriva", "mdv"},      {"slackware", "slack"},   {"debian", "debian"},
        {"ubuntu", "ubuntu"},     {"fedora", "fc"},         {"centos", "centos"},
        {"suse", "suse"},         {"alpine", "alpine"},     {"arch linux", "arch"},
        {"gentoo", "gentoo"},     {"rocky", "rocky"},       {"almalinux", "alma"},
        {"amazon linux", "amzn"}, {"raspbian", "raspbian"}, {"wolfi", "wolfi"}};
    std::string lower = lower_ascii(distribution);
    for (const auto& [name, word] : kShort) {
        auto at = lower.find(name);
        if (at == std::string::npos) continue;
        std::string digits;
        size_t k = lower.find_first_of("0123456789", at);
        for (; k < lower.size() &&
               (std::isdigit(static_cast<unsigned char>(lower[k])) || lower[k] == '.');
             ++k)
            if (lower[k] != '.') digits += lower[k];
        return std::string(word) + digits;
    }
    // A name of one short word ("fips", "bookworm"), as a harness's os column gives it.
    bool one_word =
        !lower.empty() && lower.size() <= 12 && std::all_of(lower.begin(), lower.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '-';
        });
    return one_word ? lower : "";
}

// "OpenSSL 0.9.6b [engine] 9 Jul 2001" -> "0.9.6b"; empty without a number.
std::string version_word(const std::string& version) {
    std::istringstream words(version);
    for (std::string w; words >> w;)
        if (std::isdigit(static_cast<unsigned char>(w[0])) && w.find('.') != std::string::npos)
            return label_word(w);
    return "";
}

// "OpenSSL 1.1.0i before ECDSA patch" -> "before-ECDSA-patch", "OpenSSL 1.1.1
// master" -> "master": the words after the version number naming its build.
// A date ("27 Mar 2018", "xx XXX xxxx"), a bracket ("[engine]", "(Library:
// ..."), a comma and "built on" end them: openssl's own line names no build.
std::string version_build_words(const std::string& version) {
    std::istringstream words(version);
    std::string out;
    bool after = false;
    for (std::string w; words >> w;) {
        bool comma = w.back() == ',';
        if (comma) w.pop_back();
        if (!after) {
            after = std::isdigit(static_cast<unsigned char>(w[0])) && w.find('.') != w.npos;
            if (after && comma) break;
            continue;
        }
        bool placeholder = w.find_first_not_of("xX") == std::string::npos;  // "xx XXX xxxx"
        if (w.empty() || !std::isalpha(static_cast<unsigned char>(w[0])) || placeholder ||
            w == "built")
            break;
        out += (out.empty() ? "" : "-") + label_word(w);
        if (comma) break;
    }
    return out;
}

// The build a version line or compiler flags name: "engine", "asm", else "".
std::string build_word(const Run& run) {
    if (run.version.find("[engine]") != std::string::npos) return "engine";
    if (run.compiler.find("_ASM") != std::string::npos) return "asm";
    return "";
}

// What the text calls a machine: its label (a heading, a prompt), host name
// or CPU, as a person writes it: "Intel Pentium G630" for a cpuinfo's
// "Intel(R) Pentium(R) CPU G630 @ 2.70GHz" (stated_machine.h's rule).
std::string named_by_text(const Machine& m) {
    if (!m.label.empty()) return m.label;
    if (!m.hostname.empty()) return m.hostname;
    Machine plain = parse::sentence_machine(m.cpu_name);
    bool cpu = plain.kind == MachineKind::unknown && !plain.label.empty();
    return cpu ? plain.label : m.cpu_name;
}

std::string base_label(const Run& run) {
    const Machine& m = run.machine;
    std::vector<std::string> parts{label_word(named_by_text(m))};
    bool bogomips =
        run.measurements.size() == 1 && run.measurements[0].algorithm.view() == kBogomipsId;
    if (bogomips) {
        if (!m.kernel_release.empty()) parts.push_back("linux-" + label_word(m.kernel_release));
        parts.push_back("bogomips");
    } else {
        parts.push_back(distribution_word(m.distribution));
        parts.push_back(version_word(run.version));
        parts.push_back(version_build_words(run.version));
    }
    std::string base;
    for (const auto& p : parts)
        if (!p.empty()) base += (base.empty() ? "" : " ") + p;
    return base.empty() ? "run" : base;
}

std::string file_name_of(std::string_view path) {
    return std::filesystem::path(path).filename().string();
}

// Every " of DIR/FILE" in NOTE with the file's name only.
std::string note_without_directories(std::string note) {
    for (size_t at = note.find(" of "); at != std::string::npos; at = note.find(" of ", at + 1)) {
        size_t begin = at + 4, end = note.find_first_of(" \t()", begin);
        if (end == std::string::npos) end = note.size();
        std::string_view word(note.data() + begin, end - begin);
        bool path_like = word.find('/') != std::string_view::npos && word.back() != '/' &&
                         std::any_of(word.begin(), word.end(), [](char c) {
                             return std::isalpha(static_cast<unsigned char>(c));
                         });
        if (!path_like) continue;
        note.replace(begin, end - begin, file_name_of(word));
    }
    return note;
}
}  // namespace

// Runs of one base label told apart by their build ("engine", "asm"), else by
// the mark their reader gave them: rows marked "SW", a CSV's "openssl-no-ext".
// Each base's runs and builds are counted once: a file of thousands of runs
// (a bar or result line each) is not compared pair by pair.
void readable_labels(std::deque<Run>& runs) {
    std::vector<std::string> bases, marks, builds;
    std::map<std::string, std::pair<size_t, std::set<std::string>>> by_base;  // runs, builds
    for (const auto& run : runs) {
        bases.push_back(base_label(run));
        marks.push_back(label_word(name_from_text(run.label, NameKind::label)));
        builds.push_back(build_word(run));
        auto& [count, base_builds] = by_base[bases.back()];
        ++count, base_builds.insert(builds.back());
    }
    for (size_t k = 0; k < runs.size(); ++k) {
        const auto& [count, base_builds] = by_base[bases[k]];
        const std::string& build = builds[k];
        bool differs = base_builds.size() > 1, shared = count > 1;
        std::string label = bases[k] + (differs && !build.empty() ? " " + build : "");
        if (shared && !marks[k].empty() && label.find(marks[k]) == std::string::npos)
            label += " " + marks[k];
        runs[k].label = fit_label(std::move(label));
    }
}

void keep_file_names(Run& run, std::string_view path) {
    std::string name = file_name_of(path);
    for (auto& note : run.notes) {
        if (path.empty()) {  // a bundle's run: its file's name is in its notes
            note = note_without_directories(std::move(note));
            continue;
        }
        if (path != name)
            for (size_t at = note.find(path); at != std::string::npos;
                 at = note.find(path, at + name.size()))
                note.replace(at, path.size(), name);
    }
    for (auto& source : run.sources)
        if (source.file.find('/') != std::string::npos) source.file = file_name_of(source.file);
    if (run.source_file.find('/') != std::string::npos)
        run.source_file = file_name_of(run.source_file);
}

void name_runs(std::deque<Run>& runs, const std::string& path, const std::string& sha,
               const Options& a) {
    size_t n = 0;
    LabelledMachines labelled;
    for (auto& run : runs) {
        ++n;
        run.source_file = path == "-" ? "<stdin>" : file_name_of(path);
        run.source_sha256 = sha;
        if (run.sources.empty()) run.sources.emplace_back();
        for (auto& source : run.sources) source.file = run.source_file, source.sha256 = sha;
        keep_file_names(run, path);
        run.when = utc_now();
        if (!a.label.empty()) {
            std::string mark = name_from_text(run.label, NameKind::label);  // a row mark ("SW")
            std::string suffix = runs.size() == 1 ? "" : fmt::format("-{}", n);
            run.label = with_suffix(a.label, suffix + (mark.empty() ? "" : "-" + mark));
        }
        if (auto named = a.machine_names.find(n); named != a.machine_names.end())
            run.machine = labelled.get(run.machine, named->second);
        else if (!a.machine_for_all.empty())
            run.machine = labelled.get(run.machine, a.machine_for_all);
        else if (std::string name = name_from_text(named_by_text(*run.machine), NameKind::machine);
                 name != run.machine->label)  // a name from the text: one visible line
            run.machine = labelled.get(run.machine, std::move(name));
    }
    if (a.label.empty()) readable_labels(runs);
}

void unique_labels(std::vector<Run>& runs, std::unordered_set<std::string>& given,
                   const store::Database& db) {
    for (auto& r : runs) {
        std::string label = r.label;
        for (int k = 2; given.count(label) || db.label_in_use(label); ++k)
            label = with_suffix(r.label, fmt::format(" #{}", k));
        given.insert(label);
        r.label = label;
    }
}

}  // namespace speedlab::import
