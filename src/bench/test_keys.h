#pragma once
// PEM text of the fixed RSA and DSA keys the public-key benchmarks use,
// embedded as openssl speed embeds its own; EC and EdDSA keys are generated
// at start (public_key.cpp).
#include <string_view>

namespace speedlab::bench {

// The key of an RSA or DSA id of the registry (rsa512..rsa15360,
// dsa512..dsa2048), by its family and bits; nullptr for other ids.
const char* test_key_pem(std::string_view id);

}  // namespace speedlab::bench
