#pragma once
// A short text that many values repeat (an algorithm id, a row name as
// printed): one copy per distinct text for the life of the process, so that a
// value holding it is a pointer, not a string (a run holds thousands of figures).
#include <fmt/format.h>

#include <compare>
#include <functional>
#include <string>
#include <string_view>

namespace speedlab {

class Name {
  public:
    Name();
    Name(std::string_view text);                                     // NOLINT: a text is a name
    Name(const std::string& text) : Name(std::string_view(text)) {}  // NOLINT: as above
    Name(const char* text) : Name(std::string_view(text)) {}         // NOLINT: as above

    const std::string& str() const { return *text_; }
    operator const std::string&() const { return *text_; }  // NOLINT: read as the text
    operator std::string_view() const { return *text_; }    // NOLINT: as above
    std::string_view view() const { return *text_; }
    const char* c_str() const { return text_->c_str(); }
    bool empty() const { return text_->empty(); }
    size_t size() const { return text_->size(); }

    // One copy per text: equal names are the same copy.
    friend bool operator==(Name a, Name b) { return a.text_ == b.text_; }
    friend std::strong_ordering operator<=>(Name a, Name b) { return *a.text_ <=> *b.text_; }
    friend bool operator==(Name a, std::string_view b) { return a.view() == b; }
    friend bool operator==(Name a, const std::string& b) { return a.view() == b; }
    friend bool operator==(Name a, const char* b) { return a.view() == b; }
    friend std::string operator+(std::string a, Name b) { return a.append(b.view()); }
    friend std::string operator+(Name a, std::string_view b) {
        return std::string(a.view()).append(b);
    }
    friend std::string operator+(Name a, const char* b) { return std::string(a.view()).append(b); }
    friend std::string operator+(const char* a, Name b) { return std::string(a).append(b.view()); }

  private:
    const std::string* text_;
};

}  // namespace speedlab

template <>
struct fmt::formatter<speedlab::Name> : fmt::formatter<std::string_view> {
    auto format(speedlab::Name n, format_context& ctx) const {
        return fmt::formatter<std::string_view>::format(n.view(), ctx);
    }
};

template <>
struct std::hash<speedlab::Name> {
    size_t operator()(speedlab::Name n) const noexcept {
        return std::hash<std::string_view>{}(n.view());
    }
};
