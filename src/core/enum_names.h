#pragma once
// An enum's names as one table of {value, name} pairs read both ways, so a
// name cannot be added to one direction and forgotten in the other.
#include <iterator>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

namespace speedlab {

// The name TABLE gives VALUE, if it gives one.
template <class Table, class E>
constexpr std::optional<std::string_view> name_in(const Table& table, E value) {
    for (const auto& [v, name] : table)
        if (v == value) return name;
    return std::nullopt;
}

// The value TABLE names NAME, if any.
template <class Table, class E = std::decay_t<decltype(std::begin(std::declval<Table&>())->first)>>
constexpr std::optional<E> value_in(const Table& table, std::string_view name) {
    for (const auto& [v, n] : table)
        if (n == name) return v;
    return std::nullopt;
}

}  // namespace speedlab
