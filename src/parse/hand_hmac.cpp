// HMAC stated around a typed table rather than in its cells: `openssl speed
// -hmac sha3-256` above it, or a header naming it (`| **Hmac Test** |`). Its
// figures are hmac(DIGEST)'s, never the plain digest's.
#include <string>

#include "core/algorithm_registry.h"
#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

std::string hmac_of(const std::string& digest) {
    const AlgorithmInfo* a = algorithm_info(digest);
    if (a == nullptr || a->kind != AlgorithmKind::digest) return {};
    return std::string(kHmacFamily) + "-" + digest;
}

std::string hmac_by_header(const Grid& t, const std::string& alg) {
    if (t.size() == 0 || !hmac_digest(alg).empty()) return alg;
    for (size_t k = 0; k < t.row(0).size(); ++k)
        if (mentions(t.text(0, k), "hmac")) {
            std::string hmac = hmac_of(alg);
            return hmac.empty() ? alg : hmac;
        }
    return alg;
}

}  // namespace speedlab::parse
