#pragma once
// x86 CPU features libcrypto can be told to ignore (OPENSSL_ia32cap), by the
// names people use for them.
#include <optional>
#include <string>
#include <vector>

namespace speedlab::bench {

struct CpuFeature {
    std::string name;          // "aesni"
    std::string cpuinfo_flag;  // "aes": how /proc/cpuinfo shows it
    int vector;                // 0: CPUID(1) EDX:ECX, 1: CPUID(7) EBX:ECX
    int bit;                   // bit within the 64-bit vector
};

const std::vector<CpuFeature>& cpu_features();

// "aesni pclmulqdq ssse3 ...": the names, for help and error messages.
std::string cpu_feature_names();

// "~0x200000000000000:~0" for {"aesni"}: clears those bits and keeps the rest
// (the OpenSSL 1.1.1-3.4 two-vector form). Empty optional and `unknown` set
// when a name is not a known feature.
std::optional<std::string> ia32cap_mask(const std::vector<std::string>& names,
                                        std::string& unknown);

// The features of `cpu_features()` whose cpuinfo flag is in `flags`.
std::vector<std::string> features_present(const std::vector<std::string>& flags);

}  // namespace speedlab::bench
