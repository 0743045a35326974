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

// A struct's fields by key, so writing and reading name each key once.
template <class S, class F>
using Field = std::pair<const char*, F S::*>;
// An optional (std::optional, Maybe) without a value is null.
template <class T>
json field_json(const T& v) {
    if constexpr (requires { *v; })
        return v ? json(*v) : json(nullptr);
    else
        return json(v);
}
void read_field(const json& j, const char* key, std::string& out) {
    out = get_string(j, key);
}
template <class T>
void read_field(const json& j, const char* key, std::optional<T>& out) {
    out = get_optional<T>(j, key);
}
template <class S, class F, size_t N>
void put_fields(json& j, const S& s, const Field<S, F> (&fields)[N]) {
    for (const auto& [key, field] : fields) j[key] = field_json(s.*field);
}
template <class S, class F, size_t N>
void get_fields(const json& j, S& s, const Field<S, F> (&fields)[N]) {
    for (const auto& [key, field] : fields) read_field(j, key, s.*field);
}

constexpr Field<Machine, std::string> kMachineTexts[] = {
    {"label", &Machine::label},
    {"emulator", &Machine::emulator},
    {"hostname", &Machine::hostname},
    {"uname", &Machine::uname},
    {"kernel_release", &Machine::kernel_release},
    {"architecture", &Machine::architecture},
    {"distribution", &Machine::distribution},
    {"cpu_vendor", &Machine::cpu_vendor},
    {"cpu_name", &Machine::cpu_name},
    {"cpu_core", &Machine::cpu_core},
    {"cpu_cache", &Machine::cpu_cache}};
constexpr Field<Machine, std::optional<int>> kMachineInts[] = {
    {"cpu_family", &Machine::cpu_family},
    {"cpu_model", &Machine::cpu_model},
    {"cpu_stepping", &Machine::cpu_stepping}};
constexpr Field<Machine, std::optional<long long>> kMachineSizes[] = {
    {"memory_kb", &Machine::memory_kb},
    {"installed_kb", &Machine::installed_kb},
    {"swap_kb", &Machine::swap_kb}};
constexpr Field<Machine, std::optional<double>> kMachineReals[] = {
    {"cpu_mhz", &Machine::cpu_mhz}, {"bogomips", &Machine::bogomips}};
constexpr Field<Run, std::string> kRunTexts[] = {{"label", &Run::label},
                                                 {"when", &Run::when},
                                                 {"source", &Run::source},
                                                 {"source_file", &Run::source_file},
                                                 {"source_sha256", &Run::source_sha256},
                                                 {"program", &Run::program},
                                                 {"version", &Run::version},
                                                 {"built_on", &Run::built_on},
                                                 {"options", &Run::options},
                                                 {"compiler", &Run::compiler},
                                                 {"cpuinfo", &Run::cpuinfo},
                                                 {"platform", &Run::platform},
                                                 {"cpu_mask", &Run::cpu_mask}};
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
    j["count"] = field_json(m.count);
    j["seconds"] = field_json(m.seconds);
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
        p["irq"] = field_json(d.irq);
        pci.push_back(std::move(p));
    }
    json j{{"kind", to_string(mc.kind)}, {"evidence", mc.evidence},   {"cpu_flags", mc.cpu_flags},
           {"cpu_bugs", mc.cpu_bugs},    {"cpu_count", mc.cpu_count}, {"pci", pci}};
    put_fields(j, mc, kMachineTexts);
    put_fields(j, mc, kMachineInts);
    put_fields(j, mc, kMachineSizes);
    put_fields(j, mc, kMachineReals);
    return j;
}

Machine machine_from_json(const json& j) {
    Machine mc;
    get_fields(j, mc, kMachineTexts);
    get_fields(j, mc, kMachineInts);
    get_fields(j, mc, kMachineSizes);
    get_fields(j, mc, kMachineReals);
    mc.kind = parse_machine_kind(get_string(j, "kind"));
    if (j.contains("evidence")) mc.evidence = j.at("evidence").get<std::vector<std::string>>();
    if (j.contains("cpu_flags")) mc.cpu_flags = j.at("cpu_flags").get<std::vector<std::string>>();
    if (j.contains("cpu_bugs")) mc.cpu_bugs = j.at("cpu_bugs").get<std::vector<std::string>>();
    mc.cpu_count = whole_or(j, "cpu_count", 0);
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
    j["load1"] = field_json(c.load1);
    j["steal"] = field_json(c.steal);
    j["other_busy"] = field_json(c.other_busy);
    j["boost"] = field_json(c.boost);
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
           {"measured_at", r.measured_at.empty() ? json(nullptr) : json(r.measured_at)},
           {"stored_at", r.stored_at.empty() ? json(nullptr) : json(r.stored_at)},
           {"timing", to_string(r.timing)},
           {"complete", r.complete},
           {"processes", r.processes},
           {"notes", r.notes},
           {"machine", to_json(r.machine)},
           {"measurements", ms}};
    put_fields(j, r, kRunTexts);
    if (!r.conditions->empty()) j["conditions"] = to_json(r.conditions);
    j["sources"] = sources_json(r.sources);
    if (with_raw_text) j["raw_text"] = r.raw_text.str();
    return j;
}

Run run_from_json(const json& j) {
    Run r;
    r.id = whole_or(j, "id", int64_t{0});
    get_fields(j, r, kRunTexts);
    // A bundle of an older speedlab has "when" only: a measured run's is its measuring time.
    r.measured_at = j.contains("measured_at")               ? get_string(j, "measured_at")
                    : get_string(j, "source") == "measured" ? r.when
                                                            : "";
    r.stored_at = get_string(j, "stored_at");
    r.raw_text = get_string(j, "raw_text");
    r.timing = parse_timing(get_string(j, "timing"));
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
std::string compact_json_text(const nlohmann::json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace speedlab
