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
std::string figure_key(const Measurement& m) {
    std::string value =
        m.printed_step > 0 && std::isfinite(m.value / m.printed_step)
            ? fmt::format("{}*{:g}", std::llround(m.value / m.printed_step), m.printed_step)
            : fmt::format("{:.17g}", m.value);
    return fmt::format("{} {} {} {}", m.algorithm.view(), to_string(m.operation), m.parameter,
                       value);
}

std::string hex_sha256(const std::string& bytes) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(bytes.data(), bytes.size(), md, &len, EVP_sha256(), nullptr);
    std::string hex;
    for (unsigned i = 0; i < len; ++i) hex += fmt::format("{:02x}", md[i]);
    return hex;
}
}  // namespace

std::string content_key(const Run& run) {
    if (run.source != "imported") return "measured:" + content_sha256(run);
    std::vector<std::string> figures;
    for (const auto& m : run.measurements) figures.push_back(figure_key(m));
    std::sort(figures.begin(), figures.end());
    nlohmann::json j{{"program", run.program},
                     {"version", run.version},
                     {"built_on", run.built_on},
                     {"options", run.options},
                     {"compiler", run.compiler},
                     {"cpuinfo", run.cpuinfo},
                     {"timing", to_string(run.timing)},
                     {"platform", run.platform},
                     {"cpu_mask", run.cpu_mask},
                     {"processes", run.processes},
                     {"complete", run.complete},
                     {"machine", to_json(run.machine)},
                     {"figures", figures}};
    return "imported:" +
           hex_sha256(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

}  // namespace speedlab::store
