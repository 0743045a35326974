#pragma once
// Stage 1 of import, unwrap, its first step: a marker that every line of a
// block shares ("# ", "#", "// ", " * ", "; ", "-- ", a list's "- "), a line
// number counting up ("  20. ", a paste site's raw page) or a line end every
// line shares (" | |", a code page's rendered line table) is the wrapping of
// a source comment, a list or a page, not part of what it wraps.
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

// "  20. Doing ...": the number a line starts with and how many bytes to cut
// (indentation, number, dot, one blank); a number of -1: none.
struct LineNumber {
    long long number = -1;
    size_t cut = 0;
};
LineNumber line_number(std::string_view line);

// " | |" ending a line whose text holds no other bar: how many bytes to cut.
size_t page_line_end(std::string_view line);

// Lines of `text` in order, each without the marker its block shares: a
// block is at least kBlockLines lines in a row with the same marker (or
// numbers counting up, or the same line end), so a lone "# openssl speed" (a
// root prompt) or "- item" keeps its marker. The marker is looked for behind
// mail quoting and a log's time stamps (a quoted or logged list), and blank
// lines between marked lines keep the block (a double-spaced copy).
class SharedPrefix {
  public:
    static constexpr int kBlockLines = 3;
    explicit SharedPrefix(std::string_view text) : text_(text) {}
    // `line` is the line of text_ that ends at `end` (its newline or the end).
    std::string_view strip(std::string_view line, size_t end);

  private:
    // What follows `line` in its block: the next kBlockLines - 1 lines that
    // are not blank, as `same` judges each against the one before it.
    template <class Same>
    bool block_follows(size_t end, Same same) const;
    std::string_view strip_number(std::string_view t, size_t end);
    std::string_view strip_start(std::string_view line, size_t end);
    std::string_view strip_end(std::string_view line, size_t end);

    std::string_view text_;
    std::string_view block_;  // the marker of the block being read; empty: none
    long long number_ = -1;   // the last line number of a numbered block; -1: none
    bool line_ends_ = false;  // in a block whose lines end " | |"
};

// A line wrapped in backticks as inline code ("`md5 1.00k`"), not a fence.
bool in_backticks(std::string_view line);

}  // namespace speedlab::parse
