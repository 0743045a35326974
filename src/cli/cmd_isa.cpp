#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bench/timer.h"
#include "cli/child_run.h"
#include "cli/commands.h"
#include "core/json.h"
#include "sysinfo/capture.h"

namespace speedlab::cli {

namespace {
struct IsaArgs {
    double seconds = 0.5;
    int64_t bytes = 8192;
    std::string format = "text";
};
IsaArgs g_isa;

// Levels in ascending order, and the CPU flags each needs beyond the previous.
struct Level {
    std::string_view name;
    std::array<std::string_view, 9> flags;
};
constexpr std::array<Level, 8> kLevels{{
    {"i386", {}},
    {"i486", {}},
    {"i586", {}},
    {"i686", {"cmov"}},
    {"x86-64", {"lm"}},
    {"x86-64-v2", {"cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3"}},
    {"x86-64-v3", {"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"}},
    {"x86-64-v4", {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"}},
}};

// A CPU runs a level when it has the flags of that level or of any higher one
// (x86-64-v4 implies v3 even where /proc/cpuinfo spells a v3 flag differently).
bool cpu_runs(size_t level, const std::vector<std::string>& flags) {
    auto has_all = [&](const Level& l) {
        for (auto f : l.flags)
            if (!f.empty() && std::find(flags.begin(), flags.end(), f) == flags.end()) return false;
        return true;
    };
    for (size_t k = level; k < kLevels.size(); ++k)
        if (has_all(kLevels[k]) && (k == level || kLevels[k].name.rfind("x86-64", 0) == 0))
            return true;
    return false;
}

struct KernelResult {
    std::string kat, check;
    double rate = 0;
};

std::map<std::string, KernelResult> parse_kernels(const std::string& text) {
    std::map<std::string, KernelResult> out;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        std::istringstream in(line);
        std::string name, field;
        in >> name;
        KernelResult r;
        while (in >> field) {
            auto eq = field.find('=');
            if (eq == std::string::npos) continue;
            std::string key = field.substr(0, eq), value = field.substr(eq + 1);
            if (key == "kat") r.kat = value;
            if (key == "check") r.check = value;
            if (key == "bytes_per_second") r.rate = std::atof(value.c_str());
        }
        if (!r.kat.empty()) out[name] = r;
    }
    return out;
}

std::string first_line(const ProgramOutput& o) {
    std::string text = o.err.empty() ? o.out : o.err;
    text = text.substr(0, text.find('\n'));
    if (text.empty())
        text = WIFSIGNALED(o.status) ? "killed by signal " + std::to_string(WTERMSIG(o.status))
                                     : "exit status " + std::to_string(WEXITSTATUS(o.status));
    return text;
}

// What one level gave: its kernels' figures and the emulator it ran under, if
// any; none, and why, where it did not run.
struct LevelOutcome {
    std::map<std::string, KernelResult> kernels;
    std::string emulator, why;
};

// Runs one level natively; a 32-bit level the kernel cannot execute runs under
// qemu-i386 when it is installed. Ctrl-C meanwhile ends the level and sets `interrupted`.
LevelOutcome run_level(const std::filesystem::path& exe, bool is32, bool& interrupted) {
    std::vector<std::string> args{exe.string(), fmt::format("{}", g_isa.seconds),
                                  std::to_string(g_isa.bytes)};
    ProgramOutput o = run_interruptible(args, interrupted);
    if (interrupted) return {};
    if (o.exited_ok()) return {parse_kernels(o.out), "", ""};
    LevelOutcome out{{}, "", o.started ? first_line(o) : o.err.substr(o.err.find(": ") + 2)};
    if (!is32) return out;
    args.insert(args.begin(), "qemu-i386");
    ProgramOutput q = run_interruptible(args, interrupted);
    if (interrupted) return {};
    if (q.exited_ok()) return {parse_kernels(q.out), "qemu-i386", ""};
    out.why += q.started ? "; under qemu-i386: " + first_line(q)
                         : "; qemu-i386 is not installed (Debian package qemu-user)";
    return out;
}

struct IsaResults {
    std::vector<std::string> levels, skipped;
    std::map<std::string, std::string> emulated;  // level -> emulator
    std::map<std::string, std::map<std::string, KernelResult>> results;
    bool interrupted = false;  // Ctrl-C: the levels measured before it
};

// Each level this CPU runs, in order, until Ctrl-C.
IsaResults measure_levels(const std::filesystem::path& dir, const Machine& machine) {
    IsaResults out;
    for (size_t i = 0; i < kLevels.size() && !(out.interrupted |= bench::interrupt_requested());
         ++i) {
        std::string name(kLevels[i].name);
        auto exe = dir / ("speedlab-kernels-" + name);
        if (!std::filesystem::exists(exe)) {
            out.skipped.push_back(name + " (not built" +
                                  (name[0] == 'i' ? ": needs g++-multilib)" : ")"));
            continue;
        }
        if (!cpu_runs(i, machine.cpu_flags)) {
            out.skipped.push_back(name + " (this CPU lacks it)");
            continue;
        }
        if (isatty(STDERR_FILENO)) fmt::print(stderr, "running {} ...\n", name);
        auto r = run_level(exe, name[0] == 'i', out.interrupted);
        if (out.interrupted) {
            out.skipped.push_back(name + " (interrupted)");
        } else if (r.kernels.empty()) {
            out.skipped.push_back(name + " (cannot run here: " + r.why + ")");
        } else {
            if (!r.emulator.empty()) out.emulated[name] = r.emulator;
            out.levels.push_back(name);
            out.results[name] = std::move(r.kernels);
        }
    }
    return out;
}

// Every level must compute the same outputs: a speed for a wrong answer is worthless.
std::string different_outputs(const IsaResults& m) {
    const auto& base = m.results.at(m.levels.front());
    for (const auto& level : m.levels)
        for (const auto& [kernel, r] : m.results.at(level)) {
            if (r.kat != "ok")
                return fmt::format("{} at {}: known-answer check failed ({})", kernel, level,
                                   r.kat);
            if (!base.count(kernel) || base.at(kernel).check != r.check)
                return fmt::format("{} at {} computes a different output than at {}", kernel, level,
                                   m.levels.front());
        }
    return {};
}

std::string isa_json(IsaResults& m) {
    nlohmann::json j{{"baseline", m.levels.front()},
                     {"levels", m.levels},
                     {"skipped", m.skipped},
                     {"emulated", m.emulated},
                     {"interrupted", m.interrupted}};
    for (const auto& [kernel, r] : m.results[m.levels.front()]) {
        nlohmann::json row;
        for (const auto& level : m.levels) row[level] = m.results[level][kernel].rate;
        j["bytes_per_second"][kernel] = row;
    }
    return json_text(j);
}

std::string isa_text(IsaResults& m) {
    const auto& base = m.results[m.levels.front()];
    std::string out = fmt::format(
        "speedlab's portable kernels, {} bytes: speed relative to {} (above 1: faster); "
        "outputs identical at every level\n",
        g_isa.bytes, m.levels.front());
    out += fmt::format("{:<13} {:>14}", "kernel", m.levels.front() + " MB/s");
    for (const auto& level : m.levels)
        out += fmt::format(" {:>10}", m.emulated.count(level) ? level + "*" : level);
    out += "\n";
    for (const auto& [kernel, r] : base) {
        out += fmt::format("{:<13} {:>14.2f}", kernel, r.rate / 1e6);
        for (const auto& level : m.levels)
            out += fmt::format(" {:>10.3f}",
                               r.rate > 0 ? m.results[level][kernel].rate / r.rate : 0.0);
        out += "\n";
    }
    for (const auto& [level, emulator] : m.emulated)
        out += fmt::format("* {} ran under the emulator {}: its figures measure the emulator\n",
                           level, emulator);
    for (const auto& s : m.skipped) out += "not run: " + s + "\n";
    return out;
}
}  // namespace

void add_isa_options(CLI::App& app) {
    app.add_option("--seconds", g_isa.seconds, "seconds per kernel and level (default 0.5)")
        ->check(seconds_range());
    app.add_option("--bytes", g_isa.bytes, "buffer size (default 8192)")
        ->check(CLI::Range(int64_t{16}, int64_t{1} << 26));
    app.add_option("--format", g_isa.format, "text or json")
        ->check(CLI::IsMember({"text", "json"}));
}

int run_isa_experiment(Global&) {
    std::error_code ec;
    auto bin = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path();
    auto dir = bin / "isa";  // the build tree; installed: PREFIX/libexec/speedlab
    if (!std::filesystem::exists(dir, ec)) dir = bin.parent_path() / "libexec" / "speedlab";
    bench::install_interrupt_handler();  // between levels; a level's child gets it forwarded
    IsaResults m = measure_levels(dir, sysinfo::capture_machine());
    if (m.levels.empty() && m.interrupted)
        throw Error(ErrorKind::interrupted, "interrupted before any level was measured");
    if (m.levels.empty())
        throw Error(ErrorKind::failed,
                    "no kernel level could run; build speedlab first (make build)");
    if (auto problem = different_outputs(m); !problem.empty())
        throw Error(ErrorKind::failed, problem);
    write_output(g_isa.format == "json" ? isa_json(m) : isa_text(m), "");
    if (m.interrupted)
        throw Error(ErrorKind::interrupted,
                    fmt::format("interrupted: {} level(s) measured", m.levels.size()));
    return Exit::ok;
}

}  // namespace speedlab::cli
