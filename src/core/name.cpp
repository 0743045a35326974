#include "core/name.h"

#include <mutex>
#include <unordered_set>

namespace speedlab {

namespace {
struct Pool {
    std::mutex mutex;
    std::unordered_set<std::string> texts;  // nodes: a text never moves
};
Pool& pool() {
    static Pool* p = new Pool;  // never destroyed: names outlive static objects
    return *p;
}
const std::string* intern(std::string_view text) {
    Pool& p = pool();
    std::lock_guard lock(p.mutex);
    return &*p.texts.emplace(text).first;
}
}  // namespace

Name::Name() {
    static const std::string* const empty = intern({});
    text_ = empty;
}

Name::Name(std::string_view text) : text_(intern(text)) {}

}  // namespace speedlab
