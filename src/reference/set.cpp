#include "reference/set.h"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "store/bundle.h"

namespace speedlab::reference {

namespace {
namespace fs = std::filesystem;
using nlohmann::json;

std::string text_of(const json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string{};
}

template <typename T>
std::optional<T> number_of(const json& j, const char* key) {
    auto it = j.find(key);
    if (it == j.end() || !it->is_number()) return std::nullopt;
    return it->get<T>();
}

Facts facts_of(const json& r) {
    Facts f;
    f.cpu = text_of(r, "cpu");
    f.clock_mhz = number_of<double>(r, "clock_mhz");
    f.cores = number_of<int>(r, "cores");
    f.kind = text_of(r, "kind");
    f.emulator = text_of(r, "emulator");
    f.os = text_of(r, "os");
    f.library = text_of(r, "library");
    f.version = text_of(r, "version");
    f.build_options = text_of(r, "build_options");
    f.measured_at = text_of(r, "measured_at");
    f.year = number_of<int>(r, "year");
    f.terms = text_of(r, "terms");
    if (auto c = r.find("citation"); c != r.end() && c->is_object())
        f.citation = {text_of(*c, "source"), text_of(*c, "path"), text_of(*c, "commit"),
                      text_of(*c, "folder"), text_of(*c, "file"), text_of(*c, "lines")};
    return f;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw SetError(path + ": cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string exe_dir() {
    std::error_code ec;
    auto self = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string{} : self.parent_path().string();
}

bool is_file(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}
}  // namespace

std::optional<int> ReferenceRun::measured_year() const {
    if (facts.measured_at.size() >= 4 &&
        std::isdigit(static_cast<unsigned char>(facts.measured_at[0])))
        return std::atoi(facts.measured_at.substr(0, 4).c_str());
    return facts.year;
}

std::string ReferenceRun::machine_text() const {
    if (!facts.clock_mhz) return facts.cpu;
    return fmt::format("{} {:g} MHz", facts.cpu, *facts.clock_mhz);
}

ReferenceSet load_set(const std::string& path) {
    std::string text = read_file(path);
    ReferenceSet set{path, {}};
    std::vector<Run> runs;
    json doc;
    try {
        runs = store::read_bundle(text, path);
        doc = json::parse(text);
    } catch (const std::exception& e) {
        throw SetError(fmt::format("{}: not a reference set: {}", path, e.what()));
    }
    const json& items = doc.at("runs");
    if (items.size() != runs.size())
        throw SetError(path + ": the bundle's runs and their reference objects do not pair up");
    for (size_t i = 0; i < runs.size(); ++i) {
        auto facts = items[i].find("reference");
        if (facts == items[i].end() || !facts->is_object())
            throw SetError(
                fmt::format("{}: run {} ({}) has no reference object", path, i + 1, runs[i].label));
        set.runs.push_back({static_cast<int>(i + 1), std::move(runs[i]), facts_of(*facts)});
    }
    return set;
}

std::string locate_set(const std::string& option) {
    if (!option.empty()) {
        if (is_file(option)) return option;
        throw SetError("--reference " + option + ": no such file");
    }
    if (const char* env = std::getenv("SPEEDLAB_REFERENCE"); env && *env) {
        if (is_file(env)) return std::string(env);
        throw SetError(std::string("SPEEDLAB_REFERENCE=") + env + ": no such file");
    }
    std::string bin = exe_dir();
    fs::path installed = fs::path(bin).parent_path() / "share/speedlab/reference/reference.json";
    if (!bin.empty() && is_file(installed)) return installed.string();
#ifdef SPEEDLAB_SOURCE_DIR
    std::error_code ec;
    if (!bin.empty() && fs::equivalent(bin, SPEEDLAB_BUILD_DIR, ec)) {
        fs::path source = fs::path(SPEEDLAB_SOURCE_DIR) / "data/reference/reference.json";
        if (is_file(source)) return source.string();
    }
#endif
    throw SetError("no reference set: looked for " + installed.string() +
                   " (make install puts it there); give one with --reference FILE or "
                   "SPEEDLAB_REFERENCE");
}

}  // namespace speedlab::reference
