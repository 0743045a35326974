#include "bench/selection.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string_view>

#include "bench/public_key.h"
#include "bench/symmetric.h"
#include "core/algorithm.h"
#include "core/algorithm_registry.h"
#include "core/error.h"

namespace speedlab::bench {

namespace {

void add_unique(std::vector<std::string>& out, const std::string& id) {
    if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
}

}  // namespace

std::vector<std::string> classic_suite() {
    return ids_with(kClassic);
}

std::vector<std::string> known_algorithm_names() {
    std::vector<std::string> names{"classic", "all"};
    for (const auto& a : algorithm_table())
        if (a.has(kAll))
            for (auto w : word_list(a.arguments)) add_unique(names, std::string(w));
    return names;
}

namespace {
// Adds the ids NAME selects to IDS; false when it selects none.
bool add_named(std::vector<std::string>& ids, const std::string& name) {
    if (name == "classic" || name == "all") {
        for (const auto& id : name == "all" ? ids_with(kAll) : classic_suite()) add_unique(ids, id);
        return true;
    }
    // openssl speed's own arguments: one id ("bf") or a group ("des", "rsa").
    bool argument = false;
    for (const auto& a : algorithm_table())
        if (a.has(kAll) && in_word_list(a.arguments, name)) {
            add_unique(ids, std::string(a.id));
            argument = true;
        }
    if (argument) return true;
    // Any other cipher or digest libcrypto knows, by its EVP name.
    std::string id = canonical_symmetric_id(name);
    if (!public_key_id_known(id) && !symmetric_name_known(id)) return false;
    add_unique(ids, id);
    return true;
}
}  // namespace

std::vector<std::string> select_algorithms(const std::vector<std::string>& names) {
    if (names.empty()) return classic_suite();
    std::vector<std::string> ids;
    for (const auto& name : names)
        if (!add_named(ids, name))
            throw Error(ErrorKind::usage,
                        "unknown algorithm '" + name + "'\nvalid names: " +
                            fmt::format("{}", fmt::join(known_algorithm_names(), " ")) +
                            "\n(and any cipher or digest name libcrypto knows)");
    return ids;
}

bool algorithm_name_known(const std::string& name) {
    std::vector<std::string> ids;
    return add_named(ids, name);
}

}  // namespace speedlab::bench
