#include "bench/selection.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

#include "bench/public_key.h"
#include "bench/symmetric.h"
#include "core/algorithm.h"

namespace speedlab::bench {

namespace {

struct Group {
    std::string_view name;
    std::vector<std::string> ids;
};

const std::vector<Group>& groups() {
    static const std::vector<Group> g{
        {"md2", {"md2"}},
        {"mdc2", {"mdc2"}},
        {"md4", {"md4"}},
        {"md5", {"md5"}},
        {"hmac", {"hmac-md5"}},
        {"sha1", {"sha1"}},
        {"sha256", {"sha256"}},
        {"sha512", {"sha512"}},
        {"sha", {"sha1", "sha256", "sha512"}},
        {"rmd160", {"rmd160"}},
        {"ripemd160", {"rmd160"}},
        {"ripemd", {"rmd160"}},
        {"whirlpool", {"whirlpool"}},
        {"rc4", {"rc4"}},
        {"des", {"des-cbc", "des-ede3"}},
        {"des-cbc", {"des-cbc"}},
        {"des-ede3", {"des-ede3"}},
        {"idea", {"idea-cbc"}},
        {"idea-cbc", {"idea-cbc"}},
        {"seed", {"seed-cbc"}},
        {"seed-cbc", {"seed-cbc"}},
        {"rc2", {"rc2-cbc"}},
        {"rc2-cbc", {"rc2-cbc"}},
        {"rc5", {"rc5-cbc"}},
        {"rc5-cbc", {"rc5-cbc"}},
        {"bf", {"bf-cbc"}},
        {"blowfish", {"bf-cbc"}},
        {"bf-cbc", {"bf-cbc"}},
        {"cast", {"cast5-cbc"}},
        {"cast-cbc", {"cast5-cbc"}},
        {"cast5", {"cast5-cbc"}},
        {"aes", {"aes-128-cbc", "aes-192-cbc", "aes-256-cbc"}},
        {"aes-128-cbc", {"aes-128-cbc"}},
        {"aes-192-cbc", {"aes-192-cbc"}},
        {"aes-256-cbc", {"aes-256-cbc"}},
        {"camellia", {"camellia-128-cbc", "camellia-192-cbc", "camellia-256-cbc"}},
        {"camellia-128-cbc", {"camellia-128-cbc"}},
        {"camellia-192-cbc", {"camellia-192-cbc"}},
        {"camellia-256-cbc", {"camellia-256-cbc"}},
        {"rsa", {"rsa512", "rsa1024", "rsa2048", "rsa3072", "rsa4096", "rsa7680", "rsa15360"}},
        {"rsa512", {"rsa512"}},
        {"rsa1024", {"rsa1024"}},
        {"rsa2048", {"rsa2048"}},
        {"rsa3072", {"rsa3072"}},
        {"rsa4096", {"rsa4096"}},
        {"rsa7680", {"rsa7680"}},
        {"rsa15360", {"rsa15360"}},
        {"dsa", {"dsa512", "dsa1024", "dsa2048"}},
        {"dsa512", {"dsa512"}},
        {"dsa1024", {"dsa1024"}},
        {"dsa2048", {"dsa2048"}},
        {"ecdsa", {"ecdsa-p224", "ecdsa-p256", "ecdsa-p384", "ecdsa-p521"}},
        {"ecdsap192", {"ecdsa-p192"}},
        {"ecdsap224", {"ecdsa-p224"}},
        {"ecdsap256", {"ecdsa-p256"}},
        {"ecdsap384", {"ecdsa-p384"}},
        {"ecdsap521", {"ecdsa-p521"}},
        {"ecdsabrp256r1", {"ecdsa-brainpoolp256r1"}},
        {"ecdsabrp384r1", {"ecdsa-brainpoolp384r1"}},
        {"ecdsabrp512r1", {"ecdsa-brainpoolp512r1"}},
        {"ecdh", {"ecdh-p224", "ecdh-p256", "ecdh-p384", "ecdh-p521", "ecdh-x25519", "ecdh-x448"}},
        {"ecdhp224", {"ecdh-p224"}},
        {"ecdhp256", {"ecdh-p256"}},
        {"ecdhp384", {"ecdh-p384"}},
        {"ecdhp521", {"ecdh-p521"}},
        {"ecdhx25519", {"ecdh-x25519"}},
        {"ecdhx448", {"ecdh-x448"}},
        {"eddsa", {"ed25519", "ed448"}},
        {"ed25519", {"ed25519"}},
        {"ed448", {"ed448"}},
    };
    return g;
}

void add_unique(std::vector<std::string>& out, const std::string& id) {
    if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
}

}  // namespace

std::vector<std::string> classic_suite() {
    return {"md5",    "sha1",    "rc4",     "des-cbc", "des-ede3", "bf-cbc",  "aes-128-cbc",
            "rsa512", "rsa1024", "rsa2048", "rsa4096", "dsa512",   "dsa1024", "dsa2048"};
}

std::vector<std::string> known_algorithm_names() {
    std::vector<std::string> names{"classic", "all"};
    for (const auto& g : groups()) names.emplace_back(g.name);
    return names;
}

Selection select_algorithms(const std::vector<std::string>& names) {
    Selection sel;
    if (names.empty()) {
        sel.ids = classic_suite();
        return sel;
    }
    for (const auto& name : names) {
        if (name == "classic") {
            for (const auto& id : classic_suite()) add_unique(sel.ids, id);
            continue;
        }
        if (name == "all") {
            for (const auto& g : groups())
                if (g.ids.size() == 1) add_unique(sel.ids, g.ids.front());
            continue;
        }
        auto it = std::find_if(groups().begin(), groups().end(),
                               [&](const Group& g) { return g.name == name; });
        if (it != groups().end()) {
            for (const auto& id : it->ids) add_unique(sel.ids, id);
            continue;
        }
        // Any other cipher or digest libcrypto knows, by its EVP name.
        std::string id = canonical_symmetric_id(name);
        if (public_key_id_known(id) || symmetric_name_known(id)) {
            add_unique(sel.ids, id);
            continue;
        }
        sel.error = "unknown algorithm '" + name + "'";
        return sel;
    }
    return sel;
}

}  // namespace speedlab::bench
