#pragma once
// A value that its copies share until one of them changes it (copy on write):
// the runs of one text share the machine it describes, and a text may hold
// thousands of runs.
#include <memory>
#include <type_traits>
#include <utility>

namespace speedlab {

template <typename T>
class Shared;
// What makes a T (a T, a "text" for a string), other than a Shared<T>.
template <typename U, typename T>
concept ValueFor =
    !std::is_same_v<std::remove_cvref_t<U>, Shared<T>> && std::is_convertible_v<U, T>;

template <typename T>
class Shared {
  public:
    Shared() : p_(blank()) {}
    template <ValueFor<T> U>
    Shared(U&& value) : p_(std::make_shared<T>(std::forward<U>(value))) {}  // NOLINT: a T is one

    // Equal values, whether shared or not.
    friend bool operator==(const Shared& a, const Shared& b) {
        return a.p_ == b.p_ || *a.p_ == *b.p_;
    }

    const T& operator*() const { return *p_; }
    const T* operator->() const { return p_.get(); }
    operator const T&() const { return *p_; }  // NOLINT: read as the value itself

    // The value to change: this copy's own from now on.
    T& edit() {
        if (p_.use_count() != 1) p_ = std::make_shared<T>(*p_);
        return *p_;
    }

  private:
    // One blank value for every default-made Shared: most runs of a text have
    // no machine facts of their own.
    static const std::shared_ptr<T>& blank() {
        static const std::shared_ptr<T> value = std::make_shared<T>();
        return value;
    }
    std::shared_ptr<T> p_;
};

}  // namespace speedlab
