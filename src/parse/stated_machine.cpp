// The machine the prose above a table or a run names (see stated_machine.h).
#include "parse/stated_machine.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/text.h"
#include "parse/cells.h"

namespace speedlab::parse {

namespace {

bool digit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// A word without the sentence's punctuation around it: "(an" -> "an",
// "v8.2.94:" -> "v8.2.94", "2.40GHz:" -> "2.40GHz"; "Intel(R)" kept.
std::string_view bare(std::string_view w) {
    while (!w.empty() && (w.front() == '(' || w.front() == '"')) w.remove_prefix(1);
    while (!w.empty() && std::string_view(",:;.\"").find(w.back()) != std::string_view::npos)
        w.remove_suffix(1);
    if (w.ends_with(')') && w.find('(') == std::string_view::npos) w.remove_suffix(1);
    return w;
}

// Whether a word ends the phrase it is in: a comma, colon, full stop, or a
// bracket it did not open.
bool ends_phrase(std::string_view w) {
    if (w.empty()) return true;
    char c = w.back();
    return c == ',' || c == ':' || c == ';' || c == '.' ||
           (c == ')' && w.find('(') == std::string_view::npos);
}

// Makers and families that start a CPU's name; a maker alone names none.
struct Brand {
    std::string_view name;
    bool family;  // "Xeon" names a CPU alone; "Intel" needs a word more
};
constexpr Brand kBrands[] = {{"Intel", false},     {"AMD", false},         {"Apple", false},
                             {"Ampere", false},    {"Xeon", true},         {"EPYC", true},
                             {"Ryzen", true},      {"Threadripper", true}, {"Opteron", true},
                             {"Athlon", true},     {"Pentium", true},      {"Celeron", true},
                             {"Cortex-A", true},   {"Neoverse", true},     {"Graviton", true},
                             {"Snapdragon", true}, {"Kunpeng", true},      {"Core", false}};

// The brand word `w` starts a CPU's name with: "Intel(R)", "Xeon",
// "Cortex-A72", "Graviton2"; null for any other word ("Intel's").
const Brand* brand_of(std::string_view w) {
    for (const Brand& b : kBrands) {
        if (!w.starts_with(b.name)) continue;
        std::string_view rest = w.substr(b.name.size());
        bool mark = rest.empty() || rest == "(R)" || rest == "(TM)" || rest == "\xC2\xAE" ||
                    rest == "\xE2\x84\xA2";
        bool number =
            !rest.empty() && digit(rest[0]) && std::all_of(rest.begin(), rest.end(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c));
            });
        if (mark || number) return &b;
    }
    return nullptr;
}

// "2.40GHz", "2.80" then "GHz": a clock in MHz, and how many words it took; 0 none.
double clock_at(const std::vector<std::string_view>& ws, size_t i, size_t& took) {
    if (i >= ws.size()) return 0;
    std::string_view w = bare(ws[i]);
    double v = 0;
    auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
    if (ec != std::errc{} || v <= 0) return 0;
    std::string unit = lower_ascii(w.substr(static_cast<size_t>(p - w.data())));
    took = 1;
    if (unit.empty() && i + 1 < ws.size()) unit = lower_ascii(bare(ws[i + 1])), took = 2;
    if (unit == "ghz") return v * 1000;
    if (unit == "mhz") return v;
    return 0;
}

// The CPU a sentence names from word `i` (a brand's) on, with its clock.
Machine cpu_from(const std::vector<std::string_view>& ws, size_t i) {
    Machine m;
    std::string name, label;
    for (size_t k = i; k < ws.size() && k < i + 8; ++k) {
        std::string_view w = bare(ws[k]);
        size_t took = 0;
        if ((w == "@" || w == "at") && k > i) {
            if (double mhz = clock_at(ws, k + 1, took); mhz > 0) {
                m.cpu_mhz = mhz;
                for (size_t j = k; j <= k + took; ++j) name += " " + std::string(bare(ws[j]));
            }
            break;
        }
        if (double mhz = k > i ? clock_at(ws, k, took) : 0; mhz > 0) {  // "Apple G5 1.8GHz"
            m.cpu_mhz = mhz;
            for (size_t j = k; j < k + took; ++j) name += " " + std::string(bare(ws[j]));
            break;
        }
        bool lower = !w.empty() && std::islower(static_cast<unsigned char>(w[0]));
        if (w.empty() || (k > i && lower && std::none_of(w.begin(), w.end(), digit))) break;
        name += (name.empty() ? "" : " ") + std::string(w);
        std::string plain(w);
        for (std::string_view tm : {"(R)", "(TM)", "(tm)", "\xC2\xAE", "\xE2\x84\xA2"})
            for (size_t at; (at = plain.find(tm)) != std::string::npos;) plain.erase(at, tm.size());
        if (plain != "CPU" && plain != "Processor") label += (label.empty() ? "" : " ") + plain;
        if (ends_phrase(ws[k])) break;
    }
    // A maker's name needs a model number ("Intel QAT" is an accelerator).
    if (!brand_of(bare(ws[i]))->family && std::none_of(label.begin(), label.end(), digit))
        return {};
    m.cpu_name = name;
    m.label = label;
    return m;
}

}  // namespace

Machine sentence_machine(std::string_view sentence) {
    std::vector<std::string_view> ws = words(sentence);
    Machine m;
    for (size_t i = 0; i < ws.size(); ++i) {
        std::string low = lower_ascii(bare(ws[i]));
        bool emulator = low.find("qemu") != std::string::npos || low == "pcem" || low == "86box" ||
                        low == "bochs";
        if (!emulator) continue;
        std::string name(bare(ws[i]));
        if (!ends_phrase(ws[i]) && i + 1 < ws.size()) {
            std::string_view v = bare(ws[i + 1]);
            if (!v.empty() && (digit(v[0]) || (v.size() > 1 && v[0] == 'v' && digit(v[1]))))
                name += " " + std::string(v);
        }
        m.label = m.emulator = name;
        m.kind = MachineKind::emulated;
        m.evidence.push_back("the text says the run was on " + name);
        return m;
    }
    for (size_t i = 1; i + 1 < ws.size(); ++i) {
        if (lower_ascii(ws[i]) != "virtual" || lower_ascii(bare(ws[i + 1])) != "machine") continue;
        // The words before it that name it ("a RISC-V virtual machine").
        size_t from = i;
        for (; from > 0 && from + 3 > i; --from) {
            std::string w = lower_ascii(ws[from - 1]);
            if (w == "a" || w == "an" || w == "the" || w == "on" || w == "in" || ends_phrase(w))
                break;
        }
        for (size_t k = from; k <= i + 1; ++k)
            m.label += (m.label.empty() ? "" : " ") + std::string(bare(ws[k]));
        m.kind = MachineKind::virtual_machine;
        m.evidence.push_back("the text says the run was on a " + m.label);
        return m;
    }
    for (size_t i = 0; i < ws.size(); ++i)
        if (brand_of(bare(ws[i])))
            if (Machine cpu = cpu_from(ws, i); !cpu.label.empty()) return cpu;
    return m;
}

namespace {
// Lines that are no prose: fences, commands, prompts, headings, rows.
bool not_prose(std::string_view t) {
    return t.starts_with("```") || t.starts_with("~~~") || t.starts_with('|') ||
           t.starts_with('#') || t.starts_with('$') || t.starts_with("openssl ") ||
           (t.size() > 4 && t.starts_with("**") && t.ends_with("**"));
}

// Lines that end the prose introducing a table: a heading ("## Results",
// a rule under a title) starts a section of its own above.
bool ends_section(std::string_view t) {
    return t.starts_with('#') ||
           (t.size() >= 3 && t.find_first_not_of(t[0]) == std::string_view::npos &&
            (t[0] == '-' || t[0] == '='));
}
}  // namespace

Machine stated_machine(const std::vector<CleanLine>& lines, size_t first) {
    std::string paragraph;
    size_t paragraphs = 0;
    for (size_t k = first; k-- > 0 && k + 12 >= first && paragraphs < 3;) {
        std::string_view t = trim(lines[k].text());
        bool end = ends_section(t), prose = !t.empty() && !end && !not_prose(t);
        if (prose) paragraph = std::string(t) + (paragraph.empty() ? "" : " ") + paragraph;
        if ((!prose || k == 0 || k + 12 == first) && !paragraph.empty()) {
            if (Machine m = sentence_machine(paragraph); !m.label.empty()) return m;
            paragraph.clear();
            ++paragraphs;
        }
        if (end) break;
    }
    return {};
}

void add_stated(Machine& m, const Machine& stated) {
    if (!m.label.empty() || stated.label.empty()) return;
    m.label = stated.label;
    if (m.kind == MachineKind::unknown) m.kind = stated.kind;
    if (m.emulator.empty()) m.emulator = stated.emulator;
    if (m.cpu_name.empty()) m.cpu_name = stated.cpu_name;
    if (!m.cpu_mhz) m.cpu_mhz = stated.cpu_mhz;
    for (const auto& e : stated.evidence)
        if (std::find(m.evidence.begin(), m.evidence.end(), e) == m.evidence.end())
            m.evidence.push_back(e);
}

}  // namespace speedlab::parse
