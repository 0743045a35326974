#include "compare/caveats.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>

#include "core/cpu_features.h"

namespace speedlab::compare {

namespace {

using Fact = std::function<std::optional<std::string>(const Run&)>;

// "value (2 PCem, 3 PCem); other (7 tilia)" when at least two runs state the
// fact and they differ; nothing otherwise.
std::optional<std::string> differing(const std::vector<const Run*>& runs, const Fact& fact) {
    std::vector<std::pair<std::string, std::string>> groups;  // value, labels, in run order
    for (const Run* r : runs) {
        auto v = fact(*r);
        if (!v) continue;
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&](const auto& g) { return g.first == *v; });
        if (it == groups.end())
            groups.emplace_back(*v, short_label(*r));
        else
            it->second += ", " + short_label(*r);
    }
    if (groups.size() < 2) return std::nullopt;
    std::string s;
    for (const auto& [value, labels] : groups)
        s += (s.empty() ? "" : "; ") + value + " (" + labels + ")";
    return s;
}

std::vector<std::string> build_flags(const std::string& compiler) {
    std::vector<std::string> out;
    size_t i = 0;
    while (i < compiler.size()) {
        size_t j = compiler.find(' ', i);
        if (j == std::string::npos) j = compiler.size();
        std::string w = compiler.substr(i, j - i);
        if (w.rfind("-march=", 0) == 0 || w.rfind("-mcpu=", 0) == 0 || w.rfind("-mtune=", 0) == 0 ||
            w == "-m486" || w == "-m386" || w == "-DNO_ASM" || w == "-DOPENSSL_NO_ASM" ||
            (w.rfind("-O", 0) == 0 && w.size() <= 3))
            out.push_back(w);
        i = j + 1;
    }
    return out;
}

// OpenSSL up to 1.1.1 prints its -D..._ASM defines on the compiler line; 3.x
// and other libraries do not, so their silence says nothing.
bool prints_asm_flags(const Run& r) {
    const std::string& v = r.version;
    return v.rfind("OpenSSL 0.", 0) == 0 || v.rfind("OpenSSL 1.", 0) == 0 ||
           v.rfind("SSLeay", 0) == 0;
}

std::optional<std::string> asm_mode(const Run& r) {
    if (r.compiler.empty()) return std::nullopt;
    if (r.compiler.find("NO_ASM") != std::string::npos) return "NO_ASM (C only)";
    if (r.compiler.find("_ASM") != std::string::npos) return "assembler";
    if (prints_asm_flags(r)) return "no asm flags printed";
    return std::nullopt;
}

std::string platform_of(const Run& r) {
    std::string kind;
    switch (r.machine->kind) {
        case MachineKind::emulated:
            kind = "emulated" + (r.machine->emulator.empty() ? "" : " by " + r.machine->emulator);
            break;
        case MachineKind::virtual_machine:
            kind = "virtual machine";
            break;
        case MachineKind::physical:
            kind = "physical";
            break;
        case MachineKind::unknown:
            kind = r.platform == "native" ? "native" : "unknown";
            break;
    }
    bool wrapped = !r.platform.empty() && r.platform != "native";
    return wrapped && r.machine->emulator.find(r.platform) == std::string::npos
               ? kind + " under " + r.platform
               : kind;
}

std::string sizes_text(const std::set<int64_t>& sizes) {
    return fmt::format("{}", fmt::join(sizes, ","));
}

// Block sizes matter only where two runs have different ladders (8..8192
// against 16..16384): a run with fewer of the same sizes loses nothing.
std::optional<std::string> ladders_differ(const std::vector<const Run*>& runs) {
    std::vector<std::set<int64_t>> sets;
    for (const Run* r : runs) sets.push_back(block_sizes(*r));
    auto subset = [](const auto& a, const auto& b) {
        return std::includes(b.begin(), b.end(), a.begin(), a.end());
    };
    bool differ = false;
    for (size_t i = 0; i < sets.size(); ++i)
        for (size_t j = i + 1; j < sets.size(); ++j)
            differ = differ || (!sets[i].empty() && !sets[j].empty() && !subset(sets[i], sets[j]) &&
                                !subset(sets[j], sets[i]));
    if (!differ) return std::nullopt;
    return differing(runs, [](const Run& r) -> std::optional<std::string> {
        auto s = block_sizes(r);
        return s.empty() ? std::nullopt : std::optional(sizes_text(s));
    });
}

// "0x7ffaf3bfffebffff:0x18c05fdef3bfa7eb" (or with ~ for a clearing mask).
std::optional<uint64_t> cap_word(const std::string& text, int vector, bool& clears) {
    size_t start = 0;
    for (int i = 0; i < vector; ++i) {
        start = text.find(':', start);
        if (start == std::string::npos) return std::nullopt;
        ++start;
    }
    clears = start < text.size() && text[start] == '~';
    if (clears) ++start;
    char* end = nullptr;
    uint64_t v = std::strtoull(text.c_str() + start, &end, 0);
    if (end == text.c_str() + start) return std::nullopt;
    return v;
}

}  // namespace

std::string short_label(const Run& r) {
    // The label (a report passes the words that tell its runs apart,
    // short_names.h), not the machine: runs of one machine must differ.
    std::string name = !r.label.empty() ? r.label : r.machine->label;
    if (name.size() > 32) {
        size_t cut = 29;
        while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
        name = name.substr(0, cut);
        while (!name.empty() && name.back() == ' ') name.pop_back();
        name += "...";
    }
    if (r.id == 0) return name.empty() ? std::string("(unstored run)") : name;
    return name.empty() ? std::to_string(r.id) : std::to_string(r.id) + " " + name;
}

std::set<int64_t> block_sizes(const Run& r) {
    std::set<int64_t> s;
    for (const auto& m : r.measurements)
        if (m.operation == Operation::throughput) s.insert(m.parameter);
    return s;
}

std::optional<bool> has_cpu_feature(const Run& r, const std::string& feature, bool with_mask) {
    const CpuFeature* f = find_cpu_feature(feature);
    if (!f) return std::nullopt;
    std::optional<bool> has;
    const auto& flags = r.machine->cpu_flags;
    if (!flags.empty()) has = std::find(flags.begin(), flags.end(), f->cpuinfo_flag) != flags.end();
    bool clears = false;
    // CPUINFO shows the capabilities after a mask: the hardware's only without one.
    bool masked = !r.cpu_mask.empty();
    if (auto at = r.cpuinfo.find("ia32cap="); at != std::string::npos && (with_mask || !masked))
        if (auto w = cap_word(r.cpuinfo.substr(at + 8), f->vector, clears); w && !clears)
            has = (*w >> f->bit) & 1;
    if (!with_mask) return has;
    if (auto w = cap_word(r.cpu_mask, f->vector, clears); w && !r.cpu_mask.empty()) {
        bool bit = (*w >> f->bit) & 1;
        if (clears && bit) has = false;    // "~0x200000000000000": AES-NI masked off
        if (!clears && !bit) has = false;  // a plain mask without the bit
    }
    return has;
}

namespace {
// One caveat for the features the CPUs have differently, with what each speeds
// (a mask that hides one is the caveat of masks).
std::optional<std::string> features_differ(const std::vector<const Run*>& runs) {
    std::vector<const CpuFeature*> differ;
    for (const auto& f : cpu_features()) {
        if (f.speeds.empty()) continue;  // a feature no caveat explains
        bool seen[2] = {false, false};
        for (const Run* r : runs)
            if (auto has = has_cpu_feature(*r, std::string(f.name), false))
                seen[*has ? 1 : 0] = true;
        if (seen[0] && seen[1]) differ.push_back(&f);
    }
    if (differ.empty()) return std::nullopt;
    auto d = differing(runs, [&](const Run& r) -> std::optional<std::string> {
        std::string s;
        for (const auto* f : differ)
            if (auto has = has_cpu_feature(r, std::string(f->name), false))
                s += (s.empty() ? "" : ", ") + std::string(*has ? "" : "no ") +
                     std::string(f->display);
        return s.empty() ? std::nullopt : std::optional(s);
    });
    if (!d) return std::nullopt;
    std::string why;
    for (const auto* f : differ)
        why += fmt::format("{}{} speeds {}", why.empty() ? "" : "; ", f->display, f->speeds);
    return "CPU features differ: " + *d + " (" + why + ")";
}
}  // namespace

std::vector<std::string> comparability_caveats(const std::vector<const Run*>& runs) {
    std::vector<std::string> out;
    if (runs.size() < 2) return out;
    auto add = [&](const std::string& what, const Fact& fact) {
        if (auto d = differing(runs, fact)) out.push_back(what + ": " + *d);
    };
    auto opt = [](std::string s) {
        return s.empty() ? std::nullopt : std::optional<std::string>(std::move(s));
    };
    add("benchmark versions differ", [&](const Run& r) { return opt(r.version); });
    add("assembler use differs", asm_mode);
    add("compiler flags differ", [](const Run& r) -> std::optional<std::string> {
        if (r.compiler.empty()) return std::nullopt;
        std::string s = fmt::format("{}", fmt::join(build_flags(r.compiler), " "));
        return s.empty() ? std::string("none of note") : s;
    });
    add("timing differs, user CPU time against wall time", [&](const Run& r) {
        return r.timing == Timing::unknown ? std::nullopt : opt(to_string(r.timing));
    });
    add("processes differ (a -multi run's figures are sums over its processes)",
        [](const Run& r) -> std::optional<std::string> {
            return r.processes > 1 ? std::to_string(r.processes) + " processes" : "1 process";
        });
    add("platforms differ", [](const Run& r) -> std::optional<std::string> {
        std::string p = platform_of(r);
        return p == "unknown" ? std::nullopt : std::optional(p);
    });
    add("CPU feature masks differ", [](const Run& r) -> std::optional<std::string> {
        return r.cpu_mask.empty() ? "none" : r.cpu_mask;
    });
    if (auto d = features_differ(runs)) out.push_back(*d);
    if (auto d = ladders_differ(runs))
        out.push_back("block sizes differ: " + *d +
                      "; only equal sizes are compared, an 8-byte column never with a 16-byte one");
    for (const Run* r : runs)
        if (!r->complete) out.push_back(short_label(*r) + " is a partial run");
    return out;
}

}  // namespace speedlab::compare
