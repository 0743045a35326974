#include "import/store_once.h"

#include <algorithm>
#include <optional>

#include "store/content_key.h"

namespace speedlab::import {

namespace {
// The sources of FROM that INTO lacks join INTO's.
void add_sources(Run& into, const Run& from) {
    for (const auto& s : from.sources)
        if (std::find(into.sources.begin(), into.sources.end(), s) == into.sources.end())
            into.sources.push_back(s);
}
}  // namespace

Taken StoreOnce::take_out(std::vector<Run>& runs, const store::Database* db, bool again) {
    Taken out;
    std::vector<Run> kept;
    std::unordered_map<std::string, size_t> in_text;  // key -> index into kept
    for (auto& run : runs) {
        std::string key = store::content_key(run);
        if (auto seen = in_text.find(key); seen != in_text.end()) {
            add_sources(kept[seen->second], run);
            ++out.repeated;
            continue;
        }
        std::optional<int64_t> stored;
        if (!again) {
            if (auto here = stored_.find(key); here != stored_.end())
                stored = here->second;
            else if (db)
                stored = db->with_key(key);
        }
        if (stored) {
            for (const auto& s : run.sources) out.sources.push_back({*stored, s});
            out.already.push_back(*stored);
            continue;
        }
        in_text.emplace(key, kept.size());
        out.keys.push_back(std::move(key));
        kept.push_back(std::move(run));
    }
    runs = std::move(kept);
    return out;
}

void StoreOnce::stored(const std::vector<Run>& runs, const std::vector<std::string>& keys) {
    for (size_t k = 0; k < runs.size() && k < keys.size(); ++k)
        stored_.emplace(keys[k], runs[k].id);
}

}  // namespace speedlab::import
