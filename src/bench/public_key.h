#pragma once
// Public-key kernels (RSA, DSA, ECDSA, ECDH, EdDSA) and their known-answer checks.
#include <optional>
#include <string>

#include "bench/kernel.h"

namespace speedlab::bench {

struct PublicKeySetup {
    std::optional<PublicKeyKernel> kernel;  // empty when the known answer came out wrong
    KnownAnswer check;
};

// id: "rsa512".."rsa15360", "dsa512".."dsa2048", "ecdsa-p256", "ecdh-x25519",
// "ed25519", ... Operations are those openssl speed times for the family.
// An id this libcrypto cannot set up throws Error(failed) saying why; an
// unknown id Error(usage).
PublicKeySetup make_public_key_kernel(const std::string& id);

// Whether the id names a public-key benchmark speedlab can build.
bool public_key_id_known(const std::string& id);

}  // namespace speedlab::bench
