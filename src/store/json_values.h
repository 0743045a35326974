#pragma once
// A JSON document read as a stream of its top-level parts: the text of one
// value at a time, never the whole document, so a bundle of any size is read
// in memory that follows its largest run. Nesting deeper than kMaxJsonDepth is
// refused before anything is parsed (a recursive copy of it would overflow the stack).
#include <istream>
#include <optional>
#include <string>

#include "core/error.h"

namespace speedlab::store {

inline constexpr int kMaxJsonDepth = 64;
// The largest single value (one run with its raw text) read into memory.
inline constexpr size_t kMaxJsonValueBytes = size_t{256} << 20;

struct JsonSyntaxError : Error {
    JsonSyntaxError(size_t line, std::string message, bool cut_short)
        : Error(ErrorKind::input, "line " + std::to_string(line) + ": " + message),
          line(line),
          message(std::move(message)),
          cut_short(cut_short) {}
    size_t line;          // 1-based line of the document
    std::string message;  // "expected ..., found ..."
    bool cut_short;       // the document ended early
};

class JsonValues {
  public:
    // `prefix` is text already read from `in` (it comes first).
    JsonValues(std::istream& in, std::string prefix);

    // The next non-blank character, not taken; nullopt at the end.
    std::optional<char> peek();
    // Takes the character `c` (after blanks), or throws JsonSyntaxError.
    void expect(char c, const char* what);
    // Takes `c` if it comes next (after blanks).
    bool take(char c);
    // The text of the next JSON value (object, array, string, number or literal),
    // checked for nesting and balance but not parsed; its first line in `line`.
    std::string value(size_t& line);
    // Throws unless only blanks are left.
    void expect_end();
    size_t line() const { return line_; }

  private:
    bool fill();                 // reads more; false at the end of the input
    std::optional<char> next();  // takes one character
    void skip_blanks();
    [[noreturn]] void fail(const std::string& expected, bool cut_short = false) const;

    std::istream& in_;
    std::string buf_;
    size_t pos_ = 0, line_ = 1;
};

}  // namespace speedlab::store
