#pragma once
// The text a run was read from. The runs of one import share the imported text
// and each holds only where its lines are (a text may hold thousands of runs);
// a run made any other way owns its text.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace speedlab {

class RawText {
  public:
    RawText() = default;
    RawText(std::string own)  // NOLINT: a string is a raw text
        : text_(std::make_shared<const std::string>(std::move(own))), end_(text_->size()) {}
    RawText(const char* own) : RawText(std::string(own)) {}  // NOLINT: as above
    // Bytes [begin, end) of WHOLE, which the raw texts of its runs share.
    RawText(std::shared_ptr<const std::string> whole, size_t begin, size_t end)
        : text_(std::move(whole)), begin_(begin), end_(end) {}

    std::string_view view() const {
        return text_ ? std::string_view(*text_).substr(begin_, end_ - begin_) : std::string_view{};
    }
    operator std::string_view() const { return view(); }  // NOLINT: read as text
    std::string str() const { return std::string(view()); }
    bool empty() const { return end_ == begin_; }
    size_t size() const { return end_ - begin_; }

    // MORE after this text: the span grows when MORE follows it in the same
    // text (invocations read one after the other), else the two are copied.
    void append(const RawText& more) {
        if (more.empty()) return;
        if (text_ && text_ == more.text_ && more.begin_ == end_) {
            end_ = more.end_;
            return;
        }
        *this = RawText(str() + more.str());
    }

    friend bool operator==(const RawText& a, const RawText& b) { return a.view() == b.view(); }

  private:
    std::shared_ptr<const std::string> text_;
    size_t begin_ = 0, end_ = 0;
};

}  // namespace speedlab
