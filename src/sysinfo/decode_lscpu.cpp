// lscpu's report ("Architecture: armv7l", "Model name: Cortex-A8", ...), as
// benchmark posts paste it above openssl's output: util-linux prints one
// "Key: value" field a line, the key padded with blanks before the value.
#include "core/text.h"
#include "sysinfo/decode.h"
#include "sysinfo/fields.h"

namespace speedlab::sysinfo {

namespace {
// One field into the machine; true when the field is one lscpu prints.
bool lscpu_field(std::string_view key, std::string_view value, Machine& mc) {
    if (key == "Architecture") {
        mc.architecture = std::string(value);
    } else if (key == "CPU(s)") {
        if (auto n = detail::number<int>(value)) mc.cpu_count = *n;
    } else if (key == "Vendor ID") {
        mc.cpu_vendor = std::string(value);
    } else if (key == "Model name") {
        // big.LITTLE: a "Model name" per cluster, each core named
        if (mc.cpu_name.empty())
            mc.cpu_name = std::string(value);
        else if (mc.cpu_name.find(value) == std::string::npos)
            mc.cpu_name += "+" + std::string(value);
    } else if (key == "CPU family") {
        mc.cpu_family = detail::number<int>(value);
    } else if (key == "Model") {
        mc.cpu_model = detail::number<int>(value);
    } else if (key == "Stepping") {
        mc.cpu_stepping = detail::number<int>(value);
    } else if (key == "CPU MHz" || (key == "CPU max MHz" && !mc.cpu_mhz)) {
        mc.cpu_mhz = detail::number<double>(value);
    } else if (key == "BogoMIPS") {
        mc.bogomips = detail::number<double>(value);
    } else if (key == "Flags") {
        if (mc.cpu_flags.empty()) mc.cpu_flags = detail::split_words(value);
    } else {
        return false;
    }
    return true;
}
}  // namespace

std::optional<std::pair<std::string_view, std::string_view>> lscpu_line(std::string_view line) {
    std::string_view t = trimmed_view(line);
    size_t colon = t.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon > 40) return std::nullopt;
    std::string_view key = trimmed_view(t.substr(0, colon)),
                     value = trimmed_view(t.substr(colon + 1));
    if (key.empty() || value.empty() || key.find_first_of("\t=") != std::string_view::npos)
        return std::nullopt;
    return std::pair{key, value};
}

bool decode_lscpu(std::string_view text, Machine& mc) {
    bool named = false;
    for (size_t pos = 0; pos <= text.size();) {
        size_t end = std::min(text.find('\n', pos), text.size());
        if (auto field = lscpu_line(text.substr(pos, end - pos));
            field && lscpu_field(field->first, field->second, mc))
            named = named || field->first == "Model name" || field->first == "Vendor ID";
        pos = end + 1;
    }
    // Each cluster has its clock: one figure would be one cluster's.
    if (mc.cpu_name.find('+') != std::string::npos) mc.cpu_mhz.reset();
    if (mc.cpu_family && mc.cpu_model)
        mc.cpu_core = cpu_core_name(mc.cpu_vendor, *mc.cpu_family, *mc.cpu_model);
    return named;
}

}  // namespace speedlab::sysinfo
