#include "store/bundle.h"

#include <fmt/format.h>
#include <openssl/evp.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/display_name.h"
#include "core/json.h"
#include "core/text.h"
#include "store/json_values.h"

namespace speedlab::store {

namespace {

using nlohmann::json;
constexpr const char* kFormat = "speedlab-bundle";

std::string base64(const std::string& bytes) {
    std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
    int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                            reinterpret_cast<const unsigned char*>(bytes.data()),
                            static_cast<int>(bytes.size()));
    out.resize(static_cast<size_t>(n));
    return out;
}

std::optional<std::string> unbase64(const std::string& text) {
    if (text.size() % 4 != 0) return std::nullopt;
    std::string out(text.size() / 4 * 3 + 1, '\0');
    int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                            reinterpret_cast<const unsigned char*>(text.data()),
                            static_cast<int>(text.size()));
    if (n < 0) return std::nullopt;
    size_t pad =
        text.size() >= 2 ? static_cast<size_t>(std::count(text.end() - 2, text.end(), '=')) : 0;
    out.resize(static_cast<size_t>(n) - pad);  // EVP_DecodeBlock counts the padding as bytes
    return out;
}

// Line of a byte offset, for "NAME:LINE:" messages.
size_t line_of(const std::string& text, size_t offset) {
    offset = std::min(offset, text.size());
    return 1 + static_cast<size_t>(
                   std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n'));
}

// One value of the document, read by JsonValues from its `line`.
json parse_value(const std::string& text, size_t line, const std::string& name) {
    try {
        return json::parse(text);
    } catch (const json::parse_error& e) {
        line += line_of(text, e.byte == 0 ? 0 : e.byte - 1) - 1;
        throw BundleError(
            fmt::format("{}:{}: expected JSON, found an error: {}", name, line, e.what()));
    } catch (const json::exception& e) {
        // A number beyond a double ("2e62145") is out_of_range, which names no
        // byte: its message quotes the number, found again for the line.
        std::string_view what = e.what();
        size_t open = what.find('\''), close = what.rfind('\'');
        if (open < close) {
            size_t at = text.find(what.substr(open + 1, close - open - 1));
            if (at != std::string::npos) line += line_of(text, at) - 1;
        }
        throw BundleError(
            fmt::format("{}:{}: expected a JSON value, found: {}", name, line, e.what()));
    }
}

// A run's label or machine name as `import --label`/`--machine` would take it
// (core/display_name.h); none at all is a run without one.
void check_name(const std::string& name, const char* field, NameKind kind,
                const std::string& where) {
    if (name.empty()) return;
    std::string normal = normal_name(name);
    std::string problem = name_problem(normal, kind);
    if (problem.empty() && normal != name) problem = "expected a name without spaces around it";
    if (!problem.empty())
        throw BundleError(fmt::format("{}: {}: {} in '{}'", where, field, problem,
                                      terminal_safe(valid_utf8(name.substr(0, 120)))));
}

// Values that fit their type but no run: names that would break a table, a
// figure twice, a negative block size, no processes, a date that is none.
void check_values(const Run& run, const std::string& where) {
    auto refuse = [&](const std::string& what) { throw BundleError(where + ": expected " + what); };
    check_name(run.label, "\"label\"", NameKind::label, where);
    check_name(run.machine->label, "the machine's \"label\"", NameKind::machine, where);
    check_name(run.machine->merged_from, "the machine's \"merged_from\"", NameKind::machine, where);
    if (run.machine->cpu_count < 0)
        refuse(fmt::format("a \"cpu_count\" of 0 or more, found {}", run.machine->cpu_count));
    if (run.processes < 1)
        refuse(fmt::format("\"processes\" of 1 or more, found {}", run.processes));
    if (!run.when.empty() &&
        !(run.when.size() >= 10 && std::isdigit(static_cast<unsigned char>(run.when[0])) &&
          run.when[4] == '-' && run.when[7] == '-'))
        refuse("\"when\" as a date (2026-12-05T07:00:00Z), found '" + run.when + "'");
    std::set<std::string> seen;
    for (const auto& m : run.measurements) {
        if (m.parameter < 0)
            refuse(fmt::format("a \"parameter\" of 0 or more, found {}", m.parameter));
        if (!seen.insert(metric_key(m)).second)
            refuse("each figure once, found " + metric_key(m) + " twice");
    }
}

// The name a merge gave the run's machine ("" when none, as in older bundles).
std::string merged_from(const json& run, const std::string& where) {
    if (!run.contains("machine") || !run.at("machine").is_object()) return {};
    const json& m = run.at("machine");
    if (!m.contains("merged_from")) return {};
    if (!m.at("merged_from").is_string())
        throw BundleError(where + ": expected a machine \"merged_from\" as a string (a name)");
    return m.at("merged_from").get<std::string>();
}

// A figure's "line" is a whole number; one past its run's raw text (a text
// cut or replaced since) is not known: 0, so a page marks no other line.
void check_lines(Run& run) {
    std::string_view raw = run.raw_text.view();
    size_t lines = static_cast<size_t>(std::count(raw.begin(), raw.end(), '\n')) +
                   (raw.empty() || raw.back() == '\n' ? 0 : 1);
    for (auto& m : run.measurements)
        if (m.line > lines) m.line = 0;
}

// What every run must have to be stored: fields of the right types.
Run checked_run(const json& j, const std::string& where) try {
    if (!j.is_object()) throw BundleError(where + ": expected a run (a JSON object)");
    std::string source = j.value("source", "");
    if (source != "measured" && source != "imported")
        throw BundleError(where + ": expected \"source\": \"measured\" or \"imported\"");
    if (!j.contains("measurements") || !j.at("measurements").is_array())
        throw BundleError(where + ": expected a \"measurements\" array");
    for (const auto& m : j.at("measurements")) {
        if (!m.is_object() || !m.contains("algorithm") || !m.at("algorithm").is_string() ||
            !m.contains("value") || !m.at("value").is_number() ||
            !parse_operation(m.value("operation", "")))
            throw BundleError(where +
                              ": expected each measurement to have \"algorithm\", a known "
                              "\"operation\" and a numeric \"value\"");
        if (m.contains("line") && !m.at("line").is_number_unsigned())
            throw BundleError(where +
                              ": expected a figure's \"line\" to be a whole number, found " +
                              m.at("line").dump());
    }
    Run run = run_from_json(j);
    if (auto name = merged_from(j, where); !name.empty()) run.machine.edit().merged_from = name;
    check_values(run, where);
    if (j.contains("raw_text_base64")) {
        auto raw = unbase64(j.at("raw_text_base64").get<std::string>());
        if (!raw) throw BundleError(where + ": \"raw_text_base64\" is not base64");
        run.raw_text = *raw;
    }
    check_lines(run);
    run.id = 0;
    return run;
} catch (const json::exception& e) {
    // Any field read with the wrong type, the checks above included ("source": 1).
    throw BundleError(where + ": a field has the wrong type: " + e.what());
}

}  // namespace

namespace {
// J as json_text() prints it, each line after the first indented by PAD: a
// run as it reads inside the bundle's "runs" array.
std::string dump_indented(const json& j, const std::string& pad) {
    std::string text = j.dump(2, ' ', false, json::error_handler_t::replace), out = pad;
    out.reserve(text.size() + text.size() / 8);
    for (char c : text) {
        out += c;
        if (c == '\n') out += pad;  // JSON strings hold no raw newline
    }
    return out;
}
}  // namespace

std::string bundle_head(const std::string& exported_by) {
    return "{\n  \"exported_by\": " + compact_json_text(exported_by) + ",\n  \"format\": \"" +
           kFormat + "\",\n  \"runs\": [";
}

std::string bundle_run(const Run& run, bool first) {
    json j = to_json(run, true);
    if (valid_utf8(run.raw_text) != run.raw_text.view()) {  // bytes JSON cannot carry as text
        j.erase("raw_text");
        j["raw_text_base64"] = base64(run.raw_text.str());
    }
    if (!run.machine->merged_from.empty()) j["machine"]["merged_from"] = run.machine->merged_from;
    return (first ? "\n" : ",\n") + dump_indented(j, "    ");
}

std::string bundle_tail(bool any_runs) {
    return fmt::format("{},\n  \"version\": {}\n}}\n", any_runs ? "\n  ]" : "]", kBundleVersion);
}

bool looks_like_json(const std::string& text) {
    constexpr const char* kBlank = " \t\r\n\xEF\xBB\xBF";
    auto at = text.find_first_not_of(kBlank);
    if (at == std::string::npos) return false;
    // "{code}" or "{noformat}" opens a wiki's block of text; '{"' or "{}" an object.
    // "[root@tilia]# openssl speed" is a prompt, "[ {" or "[]" an array of runs.
    auto next = text.find_first_not_of(kBlank, at + 1);
    if (next == std::string::npos) return false;
    if (text[at] == '{') return text[next] == '"' || text[next] == '}';
    return text[at] == '[' && (text[next] == '{' || text[next] == ']');
}

namespace {
void check_header(const json& doc, const std::string& name) {
    if (!doc.contains("format") || doc.at("format") != kFormat)
        throw BundleError(name + ": expected \"format\": \"speedlab-bundle\"");
    if (!doc.contains("version") || !doc.at("version").is_number_integer())
        throw BundleError(name + ": expected a bundle \"version\" number");
    auto version = doc.at("version").get<int64_t>();
    if (version < 1 || version > kBundleVersion)
        throw BundleError(
            fmt::format("{}: bundle version {} is not one this speedlab reads (it reads 1 to {})",
                        name, version, kBundleVersion));
}

// The runs of a JSON array, its '[' already taken: one run in memory at a time.
void read_runs(JsonValues& values, const std::string& name, std::vector<Run>& out) {
    if (values.take(']')) return;
    do {
        size_t line = 0;
        std::string text = values.value(line);
        json j = parse_value(text, line, name);
        text = {};
        out.push_back(checked_run(j, fmt::format("{}:{}: run {}", name, line, out.size() + 1)));
    } while (values.take(','));
    values.expect(']', "',' or ']' after a run");
}

// A bundle's members, its runs read as they come; any other object is one run.
std::vector<Run> read_object(JsonValues& values, const std::string& name) {
    values.expect('{', "'{'");
    json members = json::object();
    std::vector<Run> runs;
    bool has_runs = false;
    if (!values.take('}')) {
        do {
            size_t line = 0;
            std::string key_text = values.value(line);  // sets `line` first
            json key = parse_value(key_text, line, name);
            if (!key.is_string())
                throw BundleError(
                    fmt::format("{}:{}: expected a member name (a string)", name, line));
            values.expect(':', "':'");
            if (key == "runs" && values.peek() == '[') {
                if (has_runs)
                    throw BundleError(
                        fmt::format("{}:{}: expected one \"runs\" array, found a "
                                    "second",
                                    name, line));
                if (members.contains("format") && members.at("format") != kFormat)
                    check_header(members, name);  // export writes "format" first
                values.expect('[', "'['");
                read_runs(values, name, runs);
                has_runs = true;
            } else {
                std::string text = values.value(line);
                members[key.get<std::string>()] = parse_value(text, line, name);
            }
        } while (values.take(','));
        values.expect('}', "',' or '}'");
    }
    values.expect_end();
    if (!members.contains("format") && !has_runs)
        return {checked_run(members, name + ": run 1")};  // as `show --format json` prints it
    check_header(members, name);
    if (!has_runs) throw BundleError(name + ": expected a \"runs\" array");
    return runs;
}
}  // namespace

std::vector<Run> read_bundle(std::istream& in, const std::string& name, std::string prefix) {
    JsonValues values(in, std::move(prefix));
    try {
        auto first = values.peek();
        if (first == '{') return read_object(values, name);
        if (first != '[')
            throw BundleError(name + ": expected a speedlab bundle, a run or an array of runs");
        values.expect('[', "'['");
        std::vector<Run> runs;
        read_runs(values, name, runs);
        values.expect_end();
        return runs;
    } catch (const JsonSyntaxError& e) {
        throw BundleError(fmt::format("{}:{}: {}", name, e.line, e.message));
    }
}

std::vector<Run> read_bundle(const std::string& text, const std::string& name) {
    std::istringstream in(text);
    return read_bundle(in, name);
}

}  // namespace speedlab::store
