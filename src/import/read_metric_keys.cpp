// JSON whose keys name the figures: a harness's results, one object per run
// (`{"version": "OpenSSL 3.0.15 ...", "metrics": {"aes_256_gcm_1k_kbs":
// 7604872.4, "rsa_2048_sign_per_sec": 8100, "handshakes_new_per_sec": 16719}}`).
// A key is a figure when it names an algorithm, a size or an operation and a
// unit (figure_name.h); others (s_time's handshakes) are no openssl speed figure.
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <set>

#include "core/text.h"
#include "import/figure_name.h"
#include "import/file_cells.h"
#include "import/reader.h"

namespace speedlab::import {

namespace {

// Whether a key names a figure with its unit ("aes_256_gcm_1k_kbs").
bool figure_key(std::string_view key) {
    auto f = figure_name(key);
    return f && f->factor > 0;
}

// The objects that are runs: the document, or each object of its array.
std::vector<const nlohmann::json*> run_objects(const nlohmann::json& doc) {
    std::vector<const nlohmann::json*> out;
    if (doc.is_object()) out.push_back(&doc);
    if (doc.is_array())
        for (const auto& v : doc)
            if (v.is_object()) out.push_back(&v);
    return out;
}

// The figures of one run object: its keys, or those of the objects it holds.
void collect(const nlohmann::json& object, Run& run, std::set<std::string>& unused) {
    for (const auto& [key, value] : object.items()) {
        if (value.is_object()) {
            collect(value, run, unused);
            continue;
        }
        if (!value.is_number()) continue;
        auto f = figure_name(key);
        double v = value.get<double>();
        if (!f || f->factor <= 0 || !(v > 0)) {
            if (key.find("per_s") != std::string::npos || key.ends_with("kbs"))
                unused.insert(key);  // a rate, but of no openssl speed figure
            continue;
        }
        Measurement m;
        m.algorithm = f->algorithm;
        m.operation = f->operation;
        m.parameter = f->size;
        m.value = v * f->factor;
        m.source_name = key;
        if (!run.find(f->algorithm, f->operation, f->size))
            run.measurements.push_back(std::move(m));
    }
}

// "OpenSSL 3.0.15 3 Sep 2024 (Library: ...)": the run's version as printed.
std::string version_of(const nlohmann::json& object) {
    for (const char* key : {"version", "openssl_version", "openssl"})
        if (object.contains(key) && object[key].is_string()) {
            std::string v = trimmed(object[key].get<std::string>());
            if (auto cut = v.find(" (Library:"); cut != std::string::npos) v.resize(cut);
            return v;
        }
    return {};
}

}  // namespace

bool metric_keys_sniff(std::string_view head) {
    size_t at = head.find_first_not_of(" \t\r\n");
    if (at == std::string_view::npos || (head[at] != '[' && head[at] != '{')) return false;
    size_t keys = 0;
    for (size_t q = head.find('"'); q != std::string_view::npos;) {
        size_t end = head.find('"', q + 1);
        if (end == std::string_view::npos) break;
        size_t after = head.find_first_not_of(" \t\r\n", end + 1);
        if (after != std::string_view::npos && head[after] == ':' &&
            figure_key(head.substr(q + 1, end - q - 1)) && ++keys == 2)
            return true;
        q = head.find('"', end + 1);
    }
    return false;
}

Read read_metric_keys(Input& input) {
    Read out;
    nlohmann::json doc = nlohmann::json::parse(*input.text, nullptr, false);
    if (doc.is_discarded()) {
        out.refused = input.name + ":1: expected JSON whose keys name figures";
        return out;
    }
    std::set<std::string> unused;
    size_t lines = numbered_lines(*input.text).size();
    for (const auto* object : run_objects(doc)) {
        Run made = data_file_run(input.name, "harness results", *input.text, 1, lines,
                                 "a harness's JSON, figures named by their keys");
        made.version = version_of(*object);
        collect(*object, made, unused);
        if (!made.measurements.empty()) out.runs.push_back(std::move(made));
    }
    for (const auto& key : unused) {
        out.diagnostics.push_back(fmt::format(
            "{}:1: warning: not used: '{}' names no openssl speed figure", input.name, key));
        ++out.unused_lines;
    }
    if (out.runs.empty())
        out.refused = input.name + ":1: JSON whose keys name figures, but none holds a rate";
    return out;
}

}  // namespace speedlab::import
