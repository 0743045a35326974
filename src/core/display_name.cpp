#include "core/display_name.h"

#include <fmt/format.h>

#include <cstdint>

#include "core/text.h"

namespace speedlab {

namespace {
// The code point at text[i] of valid UTF-8, and its length in bytes.
char32_t decode(std::string_view text, size_t i, size_t& length) {
    auto b = static_cast<uint8_t>(text[i]);
    length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    if (length == 1 || i + length > text.size()) {
        length = 1;
        return b;
    }
    char32_t c = b & (0xFF >> (length + 1));
    for (size_t k = 1; k < length; ++k) c = c << 6 | (static_cast<uint8_t>(text[i + k]) & 0x3F);
    return c;
}

bool is_space(char32_t c) {
    return c == ' ' || (c >= 0x09 && c <= 0x0D) || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F || c == 0x3000;
}

bool is_control(char32_t c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029;
}

// Characters that reorder (bidi) or hide (zero width) the text around them.
bool is_invisible(char32_t c) {
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2066 && c <= 0x2069) || (c >= 0x200B && c <= 0x200D) || c == 0x2060 ||
           c == 0xFEFF;
}

// `text` without the spaces around it (text is valid UTF-8).
std::string_view trim_spaces(std::string_view text) {
    size_t begin = 0, length = 0;
    while (begin < text.size() && is_space(decode(text, begin, length))) begin += length;
    size_t end = text.size();
    while (end > begin) {
        size_t start = end - 1;
        while (start > begin && (static_cast<uint8_t>(text[start]) & 0xC0) == 0x80) --start;
        if (!is_space(decode(text, start, length))) break;
        end = start;
    }
    return text.substr(begin, end - begin);
}

// Where an escape sequence starting at text[i] (ESC) ends: CSI (ESC [ ... final
// byte), OSC (ESC ] ... BEL or ESC \), else ESC and the byte after it.
size_t escape_end(std::string_view text, size_t i) {
    size_t k = i + 1;
    if (k >= text.size()) return k;
    if (text[k] == '[') {
        for (++k; k < text.size(); ++k)
            if (text[k] >= 0x40 && text[k] <= 0x7E) return k + 1;
        return k;
    }
    if (text[k] == ']') {
        for (++k; k < text.size(); ++k) {
            if (text[k] == '\a') return k + 1;
            if (text[k] == '\033' && k + 1 < text.size() && text[k + 1] == '\\') return k + 2;
        }
        return k;
    }
    return k + 1;
}
}  // namespace

std::string normal_name(std::string_view text) {
    std::string valid = valid_utf8(text);
    return std::string(trim_spaces(valid));
}

std::string name_problem(std::string_view name, NameKind kind) {
    if (name.empty()) return "expected a name of printable characters on one line, found nothing";
    size_t count = 0, length = 0;
    for (size_t i = 0; i < name.size(); i += length) {
        char32_t c = decode(name, i, length);
        ++count;
        if (is_control(c))
            return fmt::format(
                "expected a name of printable characters on one line, found a control "
                "character U+{:04X} at character {}",
                static_cast<uint32_t>(c), count);
        if (is_invisible(c))
            return fmt::format(
                "expected a name of printable characters on one line, found an invisible "
                "character U+{:04X} (it reorders or hides text) at character {}",
                static_cast<uint32_t>(c), count);
        if (kind == NameKind::label && c < 0x80 &&
            kLabelRefused.find(char(c)) != kLabelRefused.npos)
            return fmt::format(
                "expected a label without any of {} (a shell, a web page or a list of runs "
                "reads them), found '{}' at character {}",
                kLabelRefused, char(c), count);
    }
    if (count > kMaxNameChars)
        return fmt::format("expected a name of at most {} characters, found {}", kMaxNameChars,
                           count);
    return {};
}

std::string name_from_text(std::string_view text, NameKind kind) {
    std::string valid = valid_utf8(text), out;
    size_t count = 0, length = 0;
    bool space = false;
    for (size_t i = 0; i < valid.size(); i += length) {
        if (valid[i] == '\033') {
            length = escape_end(valid, i) - i;
            continue;
        }
        char32_t c = decode(valid, i, length);
        if (is_space(c) || c == 0x2028 || c == 0x2029) {
            space = !out.empty();
            continue;
        }
        if (is_control(c) || is_invisible(c)) continue;
        if (count + space >= kMaxNameChars) break;
        if (space) out += ' ', ++count, space = false;
        if (kind == NameKind::label && c < 0x80 &&
            kLabelRefused.find(char(c)) != kLabelRefused.npos)
            out += '-';
        else
            out.append(valid, i, length);
        ++count;
    }
    return normal_name(out);
}

std::string with_suffix(std::string_view name, std::string_view suffix) {
    size_t length = 0, count = 0, room = 0, keep = 0;
    for (size_t i = 0; i < suffix.size(); i += length) decode(suffix, i, length), ++room;
    room = room < kMaxNameChars ? kMaxNameChars - room : 0;
    for (; keep < name.size() && count < room; keep += length) decode(name, keep, length), ++count;
    return std::string(trim_spaces(name.substr(0, keep))) + std::string(suffix);
}

}  // namespace speedlab
