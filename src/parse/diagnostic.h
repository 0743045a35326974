#pragma once
// What import says about a line, kept by every stage after unwrap and
// handed on with the parsed text (speed_parser.h).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/shared.h"

namespace speedlab::parse {

// What import says about a line: a figure skipped, a line not used, two
// printed forms that disagree. `line` is 1-based in the input.
enum class Severity : uint8_t { note, warning };
std::string_view to_string(Severity severity);
// 24 bytes: a large text has a diagnostic for most of its lines.
struct Diagnostic {
    uint32_t line = 0;  // an input has fewer than kMaxInputBytes lines
    Severity severity = Severity::note;
    // The input line's own text follows the message ("not used: <line>"). It
    // is not copied here.
    bool quotes_line = false;
    Shared<std::string> message;  // shared: most are the same few words
    bool operator==(const Diagnostic&) const = default;
};

// Each diagnostic's whole message, its quoted line taken from `text` (the
// text that was parsed): one walk over it for diagnostics in line order.
std::vector<std::string> diagnostic_messages(const std::vector<Diagnostic>& diagnostics,
                                             std::string_view text);

}  // namespace speedlab::parse
