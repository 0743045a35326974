#include "core/name.h"

#include <mutex>
#include <unordered_set>

#include "core/text.h"

namespace speedlab {

namespace {
struct Pool {
    std::mutex mutex;
    std::unordered_set<std::string, TextHash, std::equal_to<>> texts;  // nodes: never move
};
Pool& pool() {
    static Pool* p = new Pool;  // never destroyed: names outlive static objects
    return *p;
}

const std::string* intern(std::string_view text) {
    // Figures repeat a few names: the last ones this thread made, looked up first.
    thread_local const std::string* recent[8] = {};
    thread_local unsigned next = 0;
    for (const std::string* r : recent)
        if (r && *r == text) return r;
    Pool& p = pool();
    std::lock_guard lock(p.mutex);
    auto it = p.texts.find(text);
    if (it == p.texts.end()) it = p.texts.emplace(text).first;
    recent[next++ % 8] = &*it;
    return &*it;
}
}  // namespace

Name::Name() {
    static const std::string* const empty = intern({});
    text_ = empty;
}

Name::Name(std::string_view text) : text_(intern(text)) {}

}  // namespace speedlab
