#include "store/content_key.h"

#include <fmt/format.h>
#include <openssl/evp.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/json.h"
#include "store/database.h"

namespace speedlab::store {

namespace {
// "md5 throughput 8192 1349769*10": the figure in units of its printed step,
// so 13497.69k and 13497690 bytes/s agree; a figure without a step in full.
// So does one of more steps than a long holds (a step of 1e-300), which
// llround would give as one unspecified count, keying different figures alike.
std::string figure_key(const Measurement& m) {
    double steps = m.printed_step > 0 ? m.value / m.printed_step : 0;
    std::string value = m.printed_step > 0 && std::abs(steps) < 0x1p62
                            ? fmt::format("{}*{:g}", std::llround(steps), m.printed_step)
                            : fmt::format("{:.17g}", m.value);
    return fmt::format("{} {} {} {}", m.algorithm.view(), to_string(m.operation), m.parameter,
                       value);
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(bytes.data(), bytes.size(), md, &len, EVP_sha256(), nullptr);
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex;
    for (unsigned i = 0; i < len; ++i) {
        hex += kHex[md[i] >> 4];
        hex += kHex[md[i] & 15];
    }
    return hex;
}

std::string content_sha256(const Run& run) {
    nlohmann::json j = to_json(run, false);
    j.erase("id");
    j.erase("sources");      // a run found in one more text keeps its content
    j.erase("measured_at");  // read from the raw text or equal to "when"; a store's own
    j.erase("stored_at");    // date is no content (hashes of schema 7 stay valid)
    for (auto& m : j["measurements"]) {
        for (const char* key : kIntervalKeys) m.erase(key);
        m.erase("line");  // where in the text, not what: hashes of schema 10 stay valid
    }
    std::string bytes = compact_json_text(j) + '\0';
    bytes += run.raw_text.view();
    return sha256_hex(bytes);
}

std::string content_key(const Run& run) {
    if (run.source != "imported") return "measured:" + content_sha256(run);
    std::vector<std::string> figures;
    for (const auto& m : run.measurements) figures.push_back(figure_key(m));
    std::sort(figures.begin(), figures.end());
    nlohmann::json full = to_json(run, false), j{{"figures", figures}};
    for (const char* key : {"program", "version", "built_on", "options", "compiler", "cpuinfo",
                            "timing", "platform", "cpu_mask", "processes", "complete", "machine"})
        j[key] = full.at(key);
    return "imported:" + sha256_hex(compact_json_text(j));
}

}  // namespace speedlab::store
