#pragma once
// x86 CPU features libcrypto can be told to ignore (OPENSSL_ia32cap), by the
// names people use for them: one table that `run --cpu-mask`, `experiment
// features` and the comparison's caveats read.
#include <string>
#include <string_view>
#include <vector>

namespace speedlab {

struct CpuFeature {
    std::string_view name;          // "aesni"
    std::string_view cpuinfo_flag;  // "aes": how /proc/cpuinfo shows it
    int vector;                     // 0: CPUID(1) EDX:ECX, 1: CPUID(7) EBX:ECX
    int bit;                        // bit within the 64-bit vector
    std::string_view display = {};  // "AES-NI": set for the features a caveat names,
    std::string_view speeds = {};   // with what they speed ("aes-* ciphers, GCM")
};

const std::vector<CpuFeature>& cpu_features();

// The feature named NAME (openssl's name or /proc/cpuinfo's spelling), or null.
const CpuFeature* find_cpu_feature(std::string_view name);

// "aesni pclmulqdq ssse3 ...": the names, for help and error messages.
std::string cpu_feature_names();

// "~0x200000000000000:~0" for {"aesni"}: clears those bits and keeps the rest
// (the OpenSSL 1.1.1-3.4 two-vector form). Throws Error(usage) naming an
// unknown feature and the known ones.
std::string ia32cap_mask(const std::vector<std::string>& names);

// The features of `cpu_features()` whose cpuinfo flag is in `flags`.
std::vector<std::string> features_present(const std::vector<std::string>& flags);

}  // namespace speedlab
