#pragma once
// An optional number kept in the space of the number itself: a run holds
// thousands of figures, and std::optional doubles the size of each of these
// fields. "None" is a value no figure can have: INT64_MIN, or a signalling NaN
// with a payload that no arithmetic produces (a computed NaN stays a value).
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>

namespace speedlab {

template <typename T>
class Maybe {
    static_assert(std::is_same_v<T, double> || std::is_same_v<T, int64_t>);

  public:
    constexpr Maybe() = default;
    constexpr Maybe(std::nullopt_t) {}           // NOLINT: as std::optional
    constexpr Maybe(T value) : value_(value) {}  // NOLINT: as std::optional
    constexpr Maybe(const std::optional<T>& o)   // NOLINT: as std::optional
        : value_(o ? *o : none()) {}
    constexpr operator std::optional<T>() const {  // NOLINT: as std::optional
        return has_value() ? std::optional<T>(value_) : std::nullopt;
    }

    constexpr bool has_value() const { return !is_none(value_); }
    constexpr explicit operator bool() const { return has_value(); }
    constexpr const T& operator*() const { return value_; }
    constexpr T& operator*() { return value_; }
    constexpr T value() const {
        if (!has_value()) throw std::bad_optional_access();
        return value_;
    }
    constexpr T value_or(T other) const { return has_value() ? value_ : other; }
    constexpr void reset() { value_ = none(); }

    friend constexpr bool operator==(const Maybe& a, const Maybe& b) {
        if (!a.has_value() || !b.has_value()) return a.has_value() == b.has_value();
        return a.value_ == b.value_;
    }

  private:
    static constexpr uint64_t kNoneBits = 0x7ff4'5eed'0000'0001;  // a signalling NaN
    static constexpr T none() {
        if constexpr (std::is_same_v<T, double>)
            return std::bit_cast<double>(kNoneBits);
        else
            return std::numeric_limits<int64_t>::min();
    }
    static constexpr bool is_none(T v) {
        if constexpr (std::is_same_v<T, double>)
            return std::bit_cast<uint64_t>(v) == kNoneBits;
        else
            return v == std::numeric_limits<int64_t>::min();
    }
    T value_ = none();
};

}  // namespace speedlab
