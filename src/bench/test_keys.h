#pragma once
// PEM text of the fixed RSA and DSA keys the public-key benchmarks use,
// embedded as openssl speed embeds its own; EC and EdDSA keys are generated
// at start (public_key.cpp).
#include <string_view>

namespace speedlab::bench {

// "rsa512".."rsa15360", "dsa512", "dsa1024", "dsa2048"; nullptr for other names.
const char* test_key_pem(std::string_view name);

}  // namespace speedlab::bench
