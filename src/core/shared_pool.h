#pragma once
// Equal values made many times over (a text that describes one machine in
// each of its sections) kept as one shared copy each.
#include <cstddef>
#include <unordered_map>
#include <vector>

#include "core/shared.h"

namespace speedlab {

template <typename T, typename Hash>
class SharedPool {
  public:
    // The pool's copy of a value equal to `value`, made on first need.
    Shared<T> get(const T& value) {
        auto& same_hash = by_hash_[Hash{}(value)];
        for (const auto& kept : same_hash)
            if (*kept == value) return kept;
        same_hash.push_back(Shared<T>(value));
        return same_hash.back();
    }

  private:
    std::unordered_map<size_t, std::vector<Shared<T>>> by_hash_;
};

}  // namespace speedlab
