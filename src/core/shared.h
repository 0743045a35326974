#pragma once
// A value that its copies share until one of them changes it (copy on write):
// the runs of one text share the machine it describes, and a text may hold
// thousands of runs.
#include <memory>
#include <utility>

namespace speedlab {

template <typename T>
class Shared {
  public:
    Shared() : p_(blank()) {}
    Shared(T value) : p_(std::make_shared<T>(std::move(value))) {}  // NOLINT: a T is a Shared<T>

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
