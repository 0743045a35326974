#pragma once
// The one rule for what a person calls a machine or a run, wherever the name
// comes from (an option, a rename, an edit, a bundle, an imported text): it is
// shown on terminals, in tables and in links, so it must be one visible line.
#include <cstddef>
#include <string>
#include <string_view>

namespace speedlab {

// A name has at most this many characters (code points): a table column, a
// link and a published file name stay usable.
inline constexpr size_t kMaxNameChars = 100;

// Machine names may hold any visible text; run labels also name runs in lists
// (`/compare?runs=A,B`) and are typed in shells, so they leave out the
// characters that mean something there (kLabelRefused).
enum class NameKind { machine, label };
inline constexpr std::string_view kLabelRefused = ",;<>$`|&\"'\\";

// The form a name is stored in: valid UTF-8 (other bytes become U+FFFD), without
// the white space around it (ASCII and Unicode spaces).
std::string normal_name(std::string_view text);

// What is wrong with `name` (given in its normal form) as a name of that kind,
// in words ("found a control character U+001B at character 3"); empty when
// nothing is. A name is not blank, has at most kMaxNameChars characters, and
// holds no control character (C0, DEL, C1 with U+0085, U+2028/9), no bidi
// control (U+061C, U+200E/F, U+202A..E, U+2066..9) and no zero-width one
// (U+200B..D, U+2060, U+FEFF).
std::string name_problem(std::string_view name, NameKind kind);

// A name made from text a file gave (a heading, a prompt, a host name): escape
// sequences and invisible characters dropped, white space runs made one space,
// cut at kMaxNameChars, label characters refused replaced by '-'. Empty when
// nothing visible is left.
std::string name_from_text(std::string_view text, NameKind kind);

// `name` and `suffix` (" #2", "-3") in at most kMaxNameChars characters: the
// name is cut where it must be, so a unique label made of a name is a name.
std::string with_suffix(std::string_view name, std::string_view suffix);

}  // namespace speedlab
