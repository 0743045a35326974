#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.h"
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

bool cpu_runs(const Level& level, const std::vector<std::string>& flags) {
    for (auto f : level.flags)
        if (!f.empty() && std::find(flags.begin(), flags.end(), f) == flags.end()) return false;
    return true;
}

struct KernelResult {
    std::string kat, check;
    double rate = 0;
};

std::map<std::string, KernelResult> run_level(const std::filesystem::path& exe,
                                              std::string& error) {
    std::string cmd = fmt::format("'{}' {} {} 2>&1", exe.string(), g_isa.seconds, g_isa.bytes);
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(cmd.c_str(), "r"), pclose);
    std::map<std::string, KernelResult> out;
    if (!pipe) {
        error = "cannot run " + exe.string();
        return out;
    }
    char line[512];
    while (fgets(line, sizeof line, pipe.get())) {
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
}  // namespace

void add_isa_options(CLI::App& app) {
    app.add_option("--seconds", g_isa.seconds, "seconds per kernel and level (default 0.5)")
        ->check(CLI::Range(0.01, 3600.0));
    app.add_option("--bytes", g_isa.bytes, "buffer size (default 8192)")
        ->check(CLI::Range(int64_t{16}, int64_t{1} << 26));
    app.add_option("--format", g_isa.format, "text or json")
        ->check(CLI::IsMember({"text", "json"}));
}

int run_isa_experiment(Global&) {
    std::error_code ec;
    auto dir = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path() / "isa";
    Machine machine = sysinfo::capture_machine();
    std::vector<std::string> levels, skipped;
    std::map<std::string, std::map<std::string, KernelResult>> results;
    for (const auto& level : kLevels) {
        auto exe = dir / ("speedlab-kernels-" + std::string(level.name));
        if (!std::filesystem::exists(exe)) {
            skipped.push_back(std::string(level.name) + " (not built" +
                              (level.name[0] == 'i' ? ": needs g++-multilib)" : ")"));
            continue;
        }
        if (!cpu_runs(level, machine.cpu_flags)) {
            skipped.push_back(std::string(level.name) + " (this CPU lacks it)");
            continue;
        }
        if (isatty(STDERR_FILENO)) fmt::print(stderr, "running {} ...\n", level.name);
        std::string error;
        auto r = run_level(exe, error);
        if (r.empty())
            return fail(Exit::failure, error.empty() ? "no output from " + exe.string() : error);
        levels.emplace_back(level.name);
        results[std::string(level.name)] = r;
    }
    if (levels.empty())
        return fail(Exit::failure, "no kernel level could run; build speedlab first (make build)");
    // Every level must compute the same outputs: a speed for a wrong answer is worthless.
    const auto& base = results[levels.front()];
    for (const auto& level : levels)
        for (const auto& [kernel, r] : results[level]) {
            if (r.kat != "ok")
                return fail(Exit::failure, fmt::format("{} at {}: known-answer check failed ({})",
                                                       kernel, level, r.kat));
            if (!base.count(kernel) || base.at(kernel).check != r.check)
                return fail(Exit::failure,
                            fmt::format("{} at {} computes a different output than at {}", kernel,
                                        level, levels.front()));
        }
    if (g_isa.format == "json") {
        nlohmann::json j{{"baseline", levels.front()}, {"levels", levels}, {"skipped", skipped}};
        for (const auto& [kernel, r] : base) {
            nlohmann::json row;
            for (const auto& level : levels) row[level] = results[level][kernel].rate;
            j["bytes_per_second"][kernel] = row;
        }
        return write_output(j.dump(2) + "\n", "") ? Exit::ok : Exit::failure;
    }
    std::string out = fmt::format(
        "speedlab's portable kernels, {} bytes: speed relative to {} (above 1: faster); "
        "outputs identical at every level\n",
        g_isa.bytes, levels.front());
    out += fmt::format("{:<13} {:>14}", "kernel", levels.front() + " MB/s");
    for (const auto& level : levels) out += fmt::format(" {:>10}", level);
    out += "\n";
    for (const auto& [kernel, r] : base) {
        out += fmt::format("{:<13} {:>14.2f}", kernel, r.rate / 1e6);
        for (const auto& level : levels)
            out +=
                fmt::format(" {:>10.3f}", r.rate > 0 ? results[level][kernel].rate / r.rate : 0.0);
        out += "\n";
    }
    for (const auto& s : skipped) out += "not run: " + s + "\n";
    return write_output(out, "") ? Exit::ok : Exit::failure;
}

}  // namespace speedlab::cli
