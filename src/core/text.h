#pragma once
// Text from anywhere made safe to store and to print.
#include <string>
#include <string_view>

namespace speedlab {

// The text with every byte sequence that is not UTF-8 replaced by U+FFFD.
std::string valid_utf8(std::string_view text);

// For a terminal: control characters (C0 but tab and newline, DEL, C1) become
// '?', so imported text cannot move the cursor or change colours.
std::string terminal_safe(std::string_view text);

// Whether `text` holds `word` (given in lower case) in any ASCII case,
// without copying the text: "OpenSSL Speed" mentions "openssl speed".
bool mentions(std::string_view text, std::string_view word);

// ASCII lower case, and the text without surrounding white space.
std::string lower_ascii(std::string_view text);
std::string trimmed(std::string_view text);

}  // namespace speedlab
