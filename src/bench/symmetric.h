#pragma once
// Symmetric kernels (digests, HMAC, ciphers) and their known-answer checks.
#include <optional>
#include <string>

#include "bench/kernel.h"

namespace speedlab::bench {

struct SymmetricSetup {
    std::optional<SymmetricKernel> kernel;  // empty when the known answer came out wrong
    KnownAnswer check;                      // run before the kernel is handed out
};

// Builds the kernel for a canonical id ("md5", "hmac-md5", "des-cbc",
// "aes-128-gcm", ...) from libcrypto, or from speedlab's own code where the
// library lacks it, and checks it against a known answer. An id neither
// has, or one libcrypto cannot initialise, throws Error(failed) saying why.
SymmetricSetup make_symmetric_kernel(const std::string& id);

// Whether libcrypto (or speedlab) knows the name as a cipher or digest.
bool symmetric_name_known(const std::string& id);

}  // namespace speedlab::bench
