#include "import/store_once.h"

#include <algorithm>
#include <optional>
#include <unordered_set>

#include "store/content_key.h"

namespace speedlab::import {

namespace {
std::string source_key(const RunSource& s) {
    return s.file + '\0' + s.sha256 + '\0' + std::to_string(s.first_line) + ':' +
           std::to_string(s.last_line);
}

// The sources of FROM that INTO lacks join INTO's. HAVE keeps INTO's, so a
// run a text repeats thousands of times (a bar each) is not searched each time.
void add_sources(Run& into, const Run& from, std::unordered_set<std::string>& have) {
    if (have.empty())
        for (const auto& s : into.sources) have.insert(source_key(s));
    for (const auto& s : from.sources)
        if (have.insert(source_key(s)).second) into.sources.push_back(s);
}
}  // namespace

Taken StoreOnce::take_out(std::vector<Run>& runs, const store::Database* db, bool again) {
    Taken out;
    std::vector<Run> kept;
    std::unordered_map<std::string, size_t> in_text;  // key -> index into kept
    std::unordered_map<size_t, std::unordered_set<std::string>> sources_of;  // of a kept run
    for (auto& run : runs) {
        std::string key = store::content_key(run);
        if (auto seen = in_text.find(key); seen != in_text.end()) {
            add_sources(kept[seen->second], run, sources_of[seen->second]);
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
