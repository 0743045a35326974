#pragma once
// Where a line of a text starts, found by walking from the line asked for
// last: a parse asks in about line order, so it walks the text about once and
// keeps no table of every line's start (8 bytes a line).
#include <cstring>
#include <string_view>

namespace speedlab::parse {

class LineStarts {
  public:
    explicit LineStarts(std::string_view text) : text_(text) {}

    // Offset of line `n` (1-based; the text's lines end with '\n', and the
    // one after the last '\n' counts), npos when there is no such line.
    size_t operator()(size_t n) {
        if (n == 0) return std::string_view::npos;
        // Far behind (hand tables are read after the whole text): from the
        // start, by memchr, rather than back by a byte loop.
        if (n < line_ && n < line_ - n) line_ = 1, pos_ = 0;
        while (line_ > n) back();
        while (line_ < n) {
            size_t nl = text_.find('\n', pos_);
            if (nl == std::string_view::npos) return std::string_view::npos;
            pos_ = nl + 1;
            ++line_;
        }
        return pos_;
    }

  private:
    // The line before: its '\n' is just before pos_. memrchr, not rfind's
    // byte loop: a run's lines may be hundreds of bytes back.
    void back() {
        const void* nl = pos_ >= 2 ? memrchr(text_.data(), '\n', pos_ - 1) : nullptr;
        pos_ = nl ? static_cast<size_t>(static_cast<const char*>(nl) - text_.data()) + 1 : 0;
        --line_;
    }

    std::string_view text_;
    size_t line_ = 1, pos_ = 0;  // line_ starts at pos_
};

}  // namespace speedlab::parse
