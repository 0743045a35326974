#pragma once
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parse/diagnostic.h"
#include "parse/line_facts.h"

namespace speedlab::parse {

// Stage 1 of import, unwrap: the text as it was before mail and web pages
// changed it: quoting removed, code fences dropped, wrapped table rows,
// headers and "Doing" lines joined. Each line remembers the input line it
// started on. Lines are views into the input where unwrap left them as they
// were (most are), else into `rewritten`: the input must outlive them. A
// line is 16 bytes: a large text has hundreds of thousands.
class CleanLine {
  public:
    CleanLine() = default;
    CleanLine(size_t line, std::string_view text, uint8_t hints = kAllHints)
        : line(static_cast<uint32_t>(line)) {
        set_text(text, hints);
    }
    std::string_view text() const { return {data_, size_ & kSizeMask}; }
    // What the line may hold (LineHint, line_facts.h): all where unwrap did not look.
    uint8_t hints() const { return static_cast<uint8_t>(size_ >> kSizeBits); }
    void set_text(std::string_view text, uint8_t hints = kAllHints) {
        data_ = text.data();
        // Inputs are under kMaxInputBytes (2^26), and so is every line made
        // of them: the size's six high bits are free for the hints.
        size_ = static_cast<uint32_t>(text.size()) | uint32_t{hints} << kSizeBits;
    }

    uint32_t line = 0;

  private:
    static constexpr int kSizeBits = 26;
    static constexpr uint32_t kSizeMask = (uint32_t{1} << kSizeBits) - 1;
    uint32_t size_ = 0;
    const char* data_ = nullptr;
};
struct CleanText {
    std::vector<CleanLine> lines;
    std::deque<std::string> rewritten;  // stable addresses for the views
    // Lines joined from several input lines: (index, the last input line), by index.
    std::vector<std::pair<uint32_t, uint32_t>> joined_ends;
    std::vector<Diagnostic> diagnostics;  // what unwrap dropped

    // The input line where clean line K ends.
    uint32_t last_line(size_t k) const;
};
CleanText clean_lines(std::string_view text);

}  // namespace speedlab::parse
