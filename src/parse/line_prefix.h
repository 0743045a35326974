#pragma once
// Stage 1 of import, unwrap, its first step: a marker that every line of a
// block shares ("# ", "#", "// ", " * ", "; ", "-- ", a list's "- ") is the
// wrapping of a source comment or a list, not part of what it wraps.
#include <cstddef>
#include <string_view>

namespace speedlab::parse {

// The marker at the start of `line` (after its indentation) and how many
// bytes to cut to undo it (indentation, marker, one space or tab after it).
// An empty marker: the line starts with none.
struct LineMarker {
    std::string_view marker;
    size_t cut = 0;
};
LineMarker line_marker(std::string_view line);

// Lines of `text` in order, each without the marker its block shares: a
// block is at least kBlockLines lines in a row with the same marker, so a
// lone "# openssl speed" (a root prompt) or "- item" keeps its marker.
class SharedPrefix {
  public:
    static constexpr int kBlockLines = 3;
    explicit SharedPrefix(std::string_view text) : text_(text) {}
    // `line` is the line of text_ that ends at `end` (its newline or the end).
    std::string_view strip(std::string_view line, size_t end);

  private:
    std::string_view text_;
    std::string_view block_;  // the marker of the block being read; empty: none
};

// A line wrapped in backticks as inline code ("`md5 1.00k`"), not a fence.
bool in_backticks(std::string_view line);

}  // namespace speedlab::parse
