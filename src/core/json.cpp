#include "core/json.h"

#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <utility>

#include "core/statistics.h"

namespace speedlab {

using nlohmann::json;

namespace {
// V as a T. nlohmann converts a float or a too-large integer to T unchecked,
// which is undefined behaviour (fuzz_bundle found "count": 2.06e58).
template <class T>
T whole(const json& v) {
    if (v.is_number_unsigned()) {
        if (auto u = v.get<std::uint64_t>(); std::in_range<T>(u)) return static_cast<T>(u);
    } else if (v.is_number_integer()) {
        if (auto i = v.get<std::int64_t>(); std::in_range<T>(i)) return static_cast<T>(i);
    } else if (v.is_number_float()) {
        double d = v.get<double>();
        if (std::abs(d) < 0x1p53 && d == std::trunc(d) && std::in_range<T>(std::int64_t(d)))
            return static_cast<T>(d);
    }
    throw json::type_error::create(302, "expected a whole number in range, found " + v.dump(), &v);
}
template <class T>
T whole_or(const json& j, const char* key, T fallback) {
    return j.contains(key) && !j.at(key).is_null() ? whole<T>(j.at(key)) : fallback;
}
template <class T>
std::vector<T> wholes(const json& v) {
    std::vector<T> out;
    for (const auto& e : v) out.push_back(whole<T>(e));
    return out;
}
template <class Optional>
void put_optional(json& j, const char* key, const Optional& v) {
    j[key] = v ? json(*v) : json(nullptr);
}
template <class T>
std::optional<T> get_optional(const json& j, const char* key) {
    if (!j.contains(key) || j.at(key).is_null()) return std::nullopt;
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
        return whole<T>(j.at(key));
    else
        return j.at(key).get<T>();
}
std::string get_string(const json& j, const char* key) {
    return j.contains(key) && j.at(key).is_string() ? j.at(key).get<std::string>() : std::string();
}
}  // namespace

json to_json(const PrintedForms& p) {
    json j = json::object();
    if (p.per_second) j["per_second"] = *p.per_second;
    if (p.seconds_per_op) j["seconds_per_op"] = *p.seconds_per_op;
    return j;
}

PrintedForms printed_forms_from_json(const json& j) {
    PrintedForms p;
    if (!j.is_object()) return p;
    auto number = [&](const char* key) -> std::optional<double> {
        if (!j.contains(key) || !j.at(key).is_number()) return std::nullopt;
        return j.at(key).get<double>();
    };
    p.per_second = number("per_second");
    p.seconds_per_op = number("seconds_per_op");
    return p;
}

json to_json(const Measurement& m) {
    json j{{"metric", metric_key(m)},
           {"algorithm", m.algorithm},
           {"operation", std::string(to_string(m.operation))},
           {"parameter", m.parameter},
           {"unit", m.operation == Operation::throughput ? "bytes/s" : "ops/s"},
           {"value", m.value}};
    if (m.printed_step > 0) j["printed_step"] = m.printed_step;
    put_optional(j, "count", m.count);
    put_optional(j, "seconds", m.seconds);
    if (!m.samples.empty()) {
        Summary s = summarize(m.samples);
        j["samples"] = m.samples;
        j["stats"] = {{"n", s.n},       {"median", s.median}, {"min", s.min}, {"max", s.max},
                      {"mean", s.mean}, {"stddev", s.stddev}, {"cv", s.cv()}};
    }
    if (!m.source_name.empty()) j["source_name"] = m.source_name;
    if (!m.printed.empty()) j["printed"] = to_json(m.printed);
    if (m.line > 0) j["line"] = m.line;
    return j;
}

Measurement measurement_from_json(const json& j) {
    Measurement m;
    m.algorithm = j.at("algorithm").get<std::string>();
    m.operation =
        parse_operation(j.at("operation").get<std::string>()).value_or(Operation::throughput);
    m.parameter = whole_or(j, "parameter", int64_t{0});
    m.value = j.at("value").get<double>();
    m.printed_step = j.value("printed_step", 0.0);
    m.count = get_optional<int64_t>(j, "count");
    m.seconds = get_optional<double>(j, "seconds");
    if (j.contains("samples")) m.samples = j.at("samples").get<std::vector<double>>();
    m.source_name = get_string(j, "source_name");
    if (j.contains("printed")) m.printed = printed_forms_from_json(j.at("printed"));
    m.line = whole_or(j, "line", uint32_t{0});  // bundles written before schema 11 have none
    return m;
}

json to_json(const Machine& mc) {
    json pci = json::array();
    for (const auto& d : mc.pci) {
        json p{{"slot", d.slot},        {"vendor_id", d.vendor_id}, {"device_id", d.device_id},
               {"class", d.class_name}, {"vendor", d.vendor_name},  {"device", d.device_name},
               {"bars", d.bars}};
        put_optional(p, "irq", d.irq);
        pci.push_back(std::move(p));
    }
    json j{{"label", mc.label},
           {"kind", to_string(mc.kind)},
           {"emulator", mc.emulator},
           {"evidence", mc.evidence},
           {"hostname", mc.hostname},
           {"uname", mc.uname},
           {"kernel_release", mc.kernel_release},
           {"architecture", mc.architecture},
           {"distribution", mc.distribution},
           {"cpu_vendor", mc.cpu_vendor},
           {"cpu_name", mc.cpu_name},
           {"cpu_core", mc.cpu_core},
           {"cpu_cache", mc.cpu_cache},
           {"cpu_flags", mc.cpu_flags},
           {"cpu_bugs", mc.cpu_bugs},
           {"cpu_count", mc.cpu_count},
           {"pci", pci}};
    put_optional(j, "cpu_family", mc.cpu_family);
    put_optional(j, "cpu_model", mc.cpu_model);
    put_optional(j, "cpu_stepping", mc.cpu_stepping);
    put_optional(j, "cpu_mhz", mc.cpu_mhz);
    put_optional(j, "memory_kb", mc.memory_kb);
    put_optional(j, "installed_kb", mc.installed_kb);
    put_optional(j, "swap_kb", mc.swap_kb);
    put_optional(j, "bogomips", mc.bogomips);
    return j;
}

Machine machine_from_json(const json& j) {
    Machine mc;
    mc.label = get_string(j, "label");
    mc.kind = parse_machine_kind(get_string(j, "kind"));
    mc.emulator = get_string(j, "emulator");
    if (j.contains("evidence")) mc.evidence = j.at("evidence").get<std::vector<std::string>>();
    mc.hostname = get_string(j, "hostname");
    mc.uname = get_string(j, "uname");
    mc.kernel_release = get_string(j, "kernel_release");
    mc.architecture = get_string(j, "architecture");
    mc.distribution = get_string(j, "distribution");
    mc.cpu_vendor = get_string(j, "cpu_vendor");
    mc.cpu_name = get_string(j, "cpu_name");
    mc.cpu_core = get_string(j, "cpu_core");
    mc.cpu_cache = get_string(j, "cpu_cache");
    if (j.contains("cpu_flags")) mc.cpu_flags = j.at("cpu_flags").get<std::vector<std::string>>();
    if (j.contains("cpu_bugs")) mc.cpu_bugs = j.at("cpu_bugs").get<std::vector<std::string>>();
    mc.cpu_count = whole_or(j, "cpu_count", 0);
    mc.cpu_family = get_optional<int>(j, "cpu_family");
    mc.cpu_model = get_optional<int>(j, "cpu_model");
    mc.cpu_stepping = get_optional<int>(j, "cpu_stepping");
    mc.cpu_mhz = get_optional<double>(j, "cpu_mhz");
    mc.memory_kb = get_optional<long long>(j, "memory_kb");
    mc.installed_kb = get_optional<long long>(j, "installed_kb");
    mc.swap_kb = get_optional<long long>(j, "swap_kb");
    mc.bogomips = get_optional<double>(j, "bogomips");
    if (j.contains("pci")) {
        for (const auto& p : j.at("pci")) {
            PciDevice d;
            d.slot = get_string(p, "slot");
            d.vendor_id = whole_or(p, "vendor_id", 0u);
            d.device_id = whole_or(p, "device_id", 0u);
            d.class_name = get_string(p, "class");
            d.vendor_name = get_string(p, "vendor");
            d.device_name = get_string(p, "device");
            d.irq = get_optional<int>(p, "irq");
            if (p.contains("bars")) d.bars = wholes<unsigned long long>(p.at("bars"));
            mc.pci.push_back(std::move(d));
        }
    }
    return mc;
}

json to_json(const Conditions& c) {
    json busy = json::array();
    for (const auto& p : c.busy)
        busy.push_back({{"pid", p.pid}, {"name", p.name}, {"cpu_share", p.cpu_share}});
    json j{{"cpus", c.cpus},
           {"busy", busy},
           {"governor", c.governor},
           {"virtual_machine", c.virtual_machine}};
    put_optional(j, "load1", c.load1);
    put_optional(j, "steal", c.steal);
    put_optional(j, "other_busy", c.other_busy);
    put_optional(j, "boost", c.boost);
    return j;
}

Conditions conditions_from_json(const json& j) {
    Conditions c;
    if (!j.is_object()) return c;
    c.cpus = whole_or(j, "cpus", 0);
    if (j.contains("busy") && j.at("busy").is_array())
        for (const auto& p : j.at("busy"))
            c.busy.push_back(
                {whole_or(p, "pid", 0), get_string(p, "name"), p.value("cpu_share", 0.0)});
    c.governor = get_string(j, "governor");
    c.virtual_machine = j.value("virtual_machine", false);
    c.load1 = get_optional<double>(j, "load1");
    c.steal = get_optional<double>(j, "steal");
    c.other_busy = get_optional<double>(j, "other_busy");
    c.boost = get_optional<bool>(j, "boost");
    return c;
}

namespace {
json sources_json(const std::vector<RunSource>& sources) {
    json out = json::array();
    for (const auto& s : sources)
        out.push_back({{"file", s.file},
                       {"sha256", s.sha256},
                       {"first_line", s.first_line},
                       {"last_line", s.last_line}});
    return out;
}

std::vector<RunSource> sources_from_json(const json& j) {
    std::vector<RunSource> out;
    if (!j.is_array()) return out;
    auto line = [](const json& s, const char* key) {
        return s.contains(key) && s.at(key).is_number_integer() ? s.at(key).get<int64_t>() : 0;
    };
    for (const auto& s : j)
        if (s.is_object())
            out.push_back({get_string(s, "file"), get_string(s, "sha256"), line(s, "first_line"),
                           line(s, "last_line")});
    return out;
}

// A repeated figure's 95% interval of the median; null for one sample, and
// for a -multi run, whose samples are per-process shares, not repetitions.
json with_interval(const Measurement& m, int processes) {
    json j = to_json(m);
    auto i = processes > 1 ? std::nullopt : median_interval(m.samples);
    j["low"] = i ? json(i->low) : json(nullptr);
    j["high"] = i ? json(i->high) : json(nullptr);
    j["precision_reached"] = i ? json(i->half_width) : json(nullptr);
    return j;
}
}  // namespace

json to_json(const Run& r, bool with_raw_text) {
    json ms = json::array();
    for (const auto& m : r.measurements) ms.push_back(with_interval(m, r.processes));
    json j{{"id", r.id},
           {"label", r.label},
           {"when", r.when},
           {"measured_at", r.measured_at.empty() ? json(nullptr) : json(r.measured_at)},
           {"stored_at", r.stored_at.empty() ? json(nullptr) : json(r.stored_at)},
           {"source", r.source},
           {"source_file", r.source_file},
           {"source_sha256", r.source_sha256},
           {"program", r.program},
           {"version", r.version},
           {"built_on", r.built_on},
           {"options", r.options},
           {"compiler", r.compiler},
           {"cpuinfo", r.cpuinfo},
           {"timing", to_string(r.timing)},
           {"platform", r.platform},
           {"cpu_mask", r.cpu_mask},
           {"complete", r.complete},
           {"processes", r.processes},
           {"notes", r.notes},
           {"machine", to_json(r.machine)},
           {"measurements", ms}};
    if (!r.conditions->empty()) j["conditions"] = to_json(r.conditions);
    j["sources"] = sources_json(r.sources);
    if (with_raw_text) j["raw_text"] = r.raw_text.str();
    return j;
}

Run run_from_json(const json& j) {
    Run r;
    r.id = whole_or(j, "id", int64_t{0});
    r.label = get_string(j, "label");
    r.when = get_string(j, "when");
    // A bundle of an older speedlab has "when" only: a measured run's is its measuring time.
    r.measured_at = j.contains("measured_at")               ? get_string(j, "measured_at")
                    : get_string(j, "source") == "measured" ? r.when
                                                            : "";
    r.stored_at = get_string(j, "stored_at");
    r.source = get_string(j, "source");
    r.source_file = get_string(j, "source_file");
    r.source_sha256 = get_string(j, "source_sha256");
    r.raw_text = get_string(j, "raw_text");
    r.program = get_string(j, "program");
    r.version = get_string(j, "version");
    r.built_on = get_string(j, "built_on");
    r.options = get_string(j, "options");
    r.compiler = get_string(j, "compiler");
    r.cpuinfo = get_string(j, "cpuinfo");
    r.timing = parse_timing(get_string(j, "timing"));
    r.platform = get_string(j, "platform");
    r.cpu_mask = get_string(j, "cpu_mask");
    r.complete = j.value("complete", true);
    r.processes = whole_or(j, "processes", 1);
    if (j.contains("notes")) r.notes = j.at("notes").get<std::vector<std::string>>();
    if (j.contains("machine")) r.machine = machine_from_json(j.at("machine"));
    if (j.contains("conditions")) r.conditions = conditions_from_json(j.at("conditions"));
    if (j.contains("sources")) r.sources = sources_from_json(j.at("sources"));
    if (j.contains("measurements"))
        for (const auto& m : j.at("measurements"))
            r.measurements.push_back(measurement_from_json(m));
    return r;
}

json or_null(const std::optional<double>& v) {
    return v ? json(*v) : json(nullptr);
}
json or_null(const std::optional<int>& v) {
    return v ? json(*v) : json(nullptr);
}

std::string json_text(const nlohmann::json& j) {
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace speedlab
