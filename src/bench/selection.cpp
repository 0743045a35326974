#include "bench/selection.h"

#include <algorithm>
#include <string_view>

#include "bench/public_key.h"
#include "bench/symmetric.h"
#include "core/algorithm.h"
#include "core/algorithm_registry.h"

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
            for (const auto& id : ids_with(kAll)) add_unique(sel.ids, id);
            continue;
        }
        // openssl speed's own arguments: one id ("bf") or a group ("des", "rsa").
        bool argument = false;
        for (const auto& a : algorithm_table())
            if (a.has(kAll) && in_word_list(a.arguments, name)) {
                add_unique(sel.ids, std::string(a.id));
                argument = true;
            }
        if (argument) continue;
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
