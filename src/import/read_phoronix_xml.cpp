// Phoronix Test Suite's result file (`composite.xml`, the XML OpenBenchmarking.org
// keeps): <PhoronixTestSuite> holds one <System> per system tested (its
// <Identifier>, <Hardware>, <Software>) and one <Result> per test, each naming
// its profile (<Identifier>pts/openssl-1.11.0), <Description>, <Scale>, and
// one <Entry> per system: its <Identifier>, <Value> (the mean) and
// <RawString> (the trials, joined by ':'). Only pts/openssl results give
// figures, one run per system; other tests' results give nothing.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <pugixml.hpp>

#include "core/algorithm.h"
#include "core/text.h"
#include "import/file_cells.h"
#include "import/pts_figure.h"
#include "import/reader.h"

namespace speedlab::import {

namespace {

constexpr std::string_view kProfile = "pts/openssl";

// The block size a pts/openssl profile's byte/s result of ALGORITHM is read
// at: the column of openssl's row its results-definition.xml marks #_RESULT_#
// (the suite's ob-cache/test-profiles/pts/openssl-*/, phoronix-test-suite
// commit 84227e6): the third (256 bytes) of its digests' rows (sha256,
// sha512), the fifth (8192) of its ciphers' (evp, ChaCha20, AES-GCM). 0 where
// the file names no such profile: before 3.0.1 they measure RSA 4096 alone;
// 3.0.1 offers one digest and no cipher.
int64_t profile_size(std::string_view profile, const std::string& algorithm) {
    static constexpr std::string_view kKnown[] = {"3.0.1", "3.1.0", "3.3.0", "3.6.0"};
    if (!profile.starts_with("pts/openssl-")) return 0;
    std::string_view version = profile.substr(12);
    if (std::find(std::begin(kKnown), std::end(kKnown), version) == std::end(kKnown)) return 0;
    if (kind_of(algorithm) == AlgorithmKind::digest) return 256;
    return version == "3.0.1" ? 0 : 8192;
}

// The figure of a result: its description and scale named (pts_figure), a
// byte/s figure at its profile's column; else why not.
std::variant<PtsFigure, std::string> result_figure(const std::string& profile,
                                                   const std::string& description,
                                                   const std::string& scale) {
    auto figure = pts_figure(description, scale, 1);  // 1: any size, to name the algorithm
    auto* f = std::get_if<PtsFigure>(&figure);
    if (!f || f->name.operation != Operation::throughput) return figure;
    f->name.size = profile_size(profile, f->name.algorithm);
    if (f->name.size == 0)
        return "'" + f->printed + "' states no block size, and the column " + profile +
               " reads is not known";
    return figure;
}

// `Processor: ARMv7 rev 3 @ 1.50GHz (4 Cores), Motherboard: BCM2711, ...`:
// the value of KEY, where each field starts after ", " with a word and ": ".
std::string field(std::string_view text, std::string_view key) {
    std::string want = std::string(key) + ": ";
    size_t at = text.starts_with(want) ? 0 : text.find(", " + want);
    if (at == std::string_view::npos) return {};
    size_t begin = at + (at == 0 ? 0 : 2) + want.size();
    size_t end = begin;
    for (;; ++end) {
        end = text.find(", ", end);
        if (end == std::string_view::npos) break;
        size_t colon = text.find(": ", end + 2);
        std::string_view word =
            text.substr(end + 2, colon == std::string_view::npos ? 0 : colon - end - 2);
        if (colon != std::string_view::npos && !word.empty() && word.size() < 32 &&
            std::all_of(word.begin(), word.end(), [](char c) {
                return std::isalpha(static_cast<unsigned char>(c)) || c == ' ' || c == '-';
            }))
            break;
    }
    return trimmed(text.substr(begin, end == std::string_view::npos ? end : end - begin));
}

// A <System>: its identifier names the machine; its hardware and software
// strings give the processor, the OS and the kernel (`5.4.72-v7l+ (armv7l)`).
Machine system_machine(const pugi::xml_node& system) {
    Machine m;
    m.label = trimmed(system.child_value("Identifier"));
    std::string hardware = system.child_value("Hardware"),
                software = system.child_value("Software");
    m.cpu_name = field(hardware, "Processor");
    m.distribution = field(software, "OS");
    std::string kernel = field(software, "Kernel");
    if (size_t paren = kernel.find(" ("); paren != std::string::npos && kernel.ends_with(')')) {
        m.architecture = kernel.substr(paren + 2, kernel.size() - paren - 3);
        kernel.resize(paren);
    }
    m.kernel_release = kernel;
    return m;
}

// `ARMv7 rev 3 @ 1.50GHz (4 Cores)`: the cores the processor string states; 0: none.
int stated_cores(std::string_view cpu) {
    size_t close = cpu.rfind(" Cores)"), open = cpu.rfind('(', close);
    if (close == std::string_view::npos || open == std::string_view::npos) return 0;
    auto n = printed_number(cpu.substr(open + 1, close - open - 1));
    return n && n->value >= 1 && n->value <= 4096 ? static_cast<int>(n->value) : 0;
}

// pts/openssl runs `openssl speed -multi $NUM_CPU_CORES` (its profiles'
// install.sh): a figure is the sum of one process per core, timed by the wall clock.
void one_process_per_core(Run& run) {
    run.timing = Timing::wall;
    int cores = stated_cores(run.machine->cpu_name);
    if (cores == 0) {
        run.notes.push_back(
            "pts/openssl runs one openssl speed process per core and sums them; the file "
            "states no core count, so how many processes were summed is not known");
        return;
    }
    run.processes = cores;
    Machine m = *run.machine;
    m.cpu_count = cores;
    run.machine = Shared<Machine>(std::move(m));
    run.notes.push_back(fmt::format(
        "pts/openssl runs openssl speed -multi with one process per core: each figure is the "
        "sum of the {} processes of the {} cores the processor string states",
        cores, cores));
}

// One system's runs as the reading makes them: figures, lines, notes.
struct Pending {
    std::string system;
    Run run;
    size_t first = 0, last = 0;
};

struct Xml {
    const std::string& name;
    std::vector<size_t> line_starts;  // offset of each line's first byte
    std::map<std::string, pugi::xml_node> systems{};
    std::vector<Pending> runs{};
    Read out{};

    // The line holding the byte at AT: how many lines start at or before it.
    size_t line_at(size_t at) const {
        auto it = std::upper_bound(line_starts.begin(), line_starts.end(), at);
        return static_cast<size_t>(it - line_starts.begin());
    }
    size_t line(const pugi::xml_node& n) const {
        ptrdiff_t at = n.offset_debug();
        return at < 0 ? 0 : line_at(static_cast<size_t>(at));
    }
    void warn(size_t at, const std::string& why) {
        out.diagnostics.push_back(fmt::format("{}:{}: warning: not used: {}", name, at, why));
        ++out.unused_lines;
    }
};

// The run of SYSTEM that lacks M's figure, made when there is none yet.
Pending& run_for(Xml& x, const std::string& system, const std::string& version,
                 const Measurement& m) {
    for (auto& p : x.runs)
        if (p.system == system && p.run.version == version &&
            !p.run.find(std::string(m.algorithm.view()), m.operation, m.parameter))
            return p;
    Pending& p = x.runs.emplace_back();
    p.system = system;
    p.run.version = version;
    p.run.label = system;
    if (auto s = x.systems.find(system); s != x.systems.end()) {
        p.run.machine = system_machine(s->second);
        if (std::string hw = s->second.child_value("Hardware"); !hw.empty())
            p.run.notes.push_back("system '" + system + "': " + hw);
    }
    one_process_per_core(p.run);
    return p;
}

// `97.1:97.4:97.3`: the trials, each a figure; none when one is not a number.
std::vector<double> trials(std::string_view raw) {
    std::vector<double> out;
    for (size_t start = 0; start <= raw.size();) {
        size_t end = std::min(raw.find(':', start), raw.size());
        auto n = printed_number(trimmed_view(raw.substr(start, end - start)));
        if (!n || !(n->value > 0)) return {};
        out.push_back(n->value);
        start = end + 1;
    }
    return out;
}

// An <Entry> of a pts/openssl result: the figure F of its system's run, whose
// lines reach from the result's first (FIRST: its profile, its description)
// to the entry's last.
void read_entry(Xml& x, const pugi::xml_node& entry, const PtsFigure& f, const std::string& version,
                const std::string& profile, size_t first) {
    size_t at = x.line(entry.child("Value"));
    std::string system = trimmed(entry.child_value("Identifier"));
    auto value = printed_number(trimmed_view(entry.child_value("Value")));
    if (!value || !(value->value > 0))
        return x.warn(at, "'" + f.printed + "' of '" + system + "' gives no rate");
    Measurement m = named_figure(f.name, value->value, value->step, f.printed);
    m.line = static_cast<uint32_t>(at);
    std::string raw = trimmed(entry.child_value("RawString"));
    m.samples = trials(raw);
    Pending& p = run_for(x, system, version, m);
    p.run.notes.push_back(fmt::format("{} {}: trials {}, value {} (stored)", profile, f.printed,
                                      raw, entry.child_value("Value")));
    p.run.measurements.push_back(std::move(m));
    if (p.first == 0) p.first = first;
    p.last = std::max({p.last, at, x.line(entry.child("RawString"))});
}

void read_result(Xml& x, const pugi::xml_node& result) {
    std::string profile = trimmed(result.child_value("Identifier"));
    if (!profile.starts_with(kProfile)) return;  // another test's result: no figure
    std::string description = trimmed(result.child_value("Description"));
    std::string version =
        trimmed(std::string(result.child_value("Title")) + " " + result.child_value("AppVersion"));
    auto figure = result_figure(profile, description, trimmed(result.child_value("Scale")));
    if (auto* why = std::get_if<std::string>(&figure))
        return x.warn(x.line(result), *why + " (" + profile + ")");
    for (auto entry : result.child("Data").children("Entry"))
        read_entry(x, entry, std::get<PtsFigure>(figure), version, profile, x.line(result));
}

std::vector<size_t> line_starts(std::string_view text) {
    std::vector<size_t> out{0};
    for (size_t k = 0; k < text.size(); ++k)
        if (text[k] == '\n') out.push_back(k + 1);
    return out;
}

Read finish(Xml& x, const std::string& text) {
    auto lines = numbered_lines(text);
    for (auto& p : x.runs) {
        Run made = data_file_run(x.name, "phoronix test suite", lines, p.first, p.last,
                                 "Phoronix Test Suite's result file");
        made.measurements = std::move(p.run.measurements);
        lines_in_raw_text(made.measurements, p.first, p.last);
        made.version = std::move(p.run.version);
        made.label = std::move(p.run.label);
        made.machine = std::move(p.run.machine);
        made.processes = p.run.processes;
        made.timing = p.run.timing;
        made.notes.insert(made.notes.end(), p.run.notes.begin(), p.run.notes.end());
        x.out.runs.push_back(std::move(made));
    }
    if (x.out.runs.empty())
        x.out.refused = x.name + ":1: a Phoronix Test Suite result file, but no " +
                        std::string(kProfile) + " result in it gives a figure";
    return std::move(x.out);
}

}  // namespace

bool phoronix_xml_sniff(std::string_view head) {
    if (head.starts_with("\xEF\xBB\xBF")) head.remove_prefix(3);
    head = trimmed_view(head);
    return head.starts_with('<') && head.find("<PhoronixTestSuite") != std::string_view::npos;
}

Read read_phoronix_xml(Input& input) {
    const std::string& text = *input.text;
    Xml x{.name = input.name, .line_starts = line_starts(text)};
    pugi::xml_document doc;
    pugi::xml_parse_result parsed =
        doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!parsed) {
        size_t at = x.line_at(static_cast<size_t>(std::max<ptrdiff_t>(parsed.offset, 0)));
        x.out.refused = fmt::format("{}:{}: not well-formed XML: {}; nothing imported", input.name,
                                    at, parsed.description());
        return std::move(x.out);
    }
    pugi::xml_node root = doc.child("PhoronixTestSuite");
    for (auto system : root.children("System"))
        x.systems.emplace(trimmed(system.child_value("Identifier")), system);
    for (auto result : root.children("Result")) read_result(x, result);
    return finish(x, text);
}

}  // namespace speedlab::import
