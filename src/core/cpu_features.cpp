#include "core/cpu_features.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "core/error.h"

namespace speedlab {

const std::vector<CpuFeature>& cpu_features() {
    // Bit numbers from OpenSSL's OPENSSL_ia32cap documentation (LV0, LV1).
    static const std::vector<CpuFeature> features{
        {"aesni", "aes", 0, 57, "AES-NI", "aes-* ciphers, GCM"},
        {"pclmulqdq", "pclmulqdq", 0, 33},
        {"ssse3", "ssse3", 0, 41},
        {"movbe", "movbe", 0, 54},
        {"avx", "avx", 0, 60},
        {"avx2", "avx2", 1, 5, "AVX2", "chacha20, poly1305, sha512, RSA"},
        {"bmi1", "bmi1", 1, 3},
        {"bmi2", "bmi2", 1, 8},
        {"adx", "adx", 1, 19},
        {"sha", "sha_ni", 1, 29, "SHA extensions", "sha1, sha256"},
        {"avx512f", "avx512f", 1, 16},
        {"avx512bw", "avx512bw", 1, 30},
        {"avx512vl", "avx512vl", 1, 31},
        {"vaes", "vaes", 1, 41},
        {"vpclmulqdq", "vpclmulqdq", 1, 42},
    };
    return features;
}

const CpuFeature* find_cpu_feature(std::string_view name) {
    for (const auto& f : cpu_features())
        if (f.name == name || f.cpuinfo_flag == name) return &f;
    return nullptr;
}

std::string cpu_feature_names() {
    std::string out;
    for (const auto& f : cpu_features())
        fmt::format_to(std::back_inserter(out), "{}{}", out.empty() ? "" : " ", f.name);
    return out;
}

std::string ia32cap_mask(const std::vector<std::string>& names) {
    uint64_t clear[2] = {0, 0};
    for (const auto& n : names) {
        const CpuFeature* f = find_cpu_feature(n);
        if (!f)
            throw Error(ErrorKind::usage,
                        "unknown CPU feature '" + n + "'; known: " + cpu_feature_names());
        clear[f->vector] |= uint64_t{1} << f->bit;
    }
    auto part = [](uint64_t v) { return v ? fmt::format("~0x{:x}", v) : std::string("~0"); };
    return part(clear[0]) + ":" + part(clear[1]);
}

std::vector<std::string> features_present(const std::vector<std::string>& flags) {
    std::vector<std::string> out;
    for (const auto& f : cpu_features())
        if (std::find(flags.begin(), flags.end(), f.cpuinfo_flag) != flags.end())
            out.emplace_back(f.name);
    return out;
}

}  // namespace speedlab
