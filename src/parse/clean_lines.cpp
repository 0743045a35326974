#include <cctype>

#include "parse/cells.h"
#include "parse/speed_parser.h"

namespace speedlab::parse {

namespace {

std::string_view trim_right(std::string_view s) {
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}
std::string_view trim_left(std::string_view s) {
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    return s;
}

// Removes mail quoting ("> ", ">> ", "> > ") from the start of a line.
std::string_view unquote(std::string_view s) {
    std::string_view t = trim_left(s);
    bool quoted = false;
    while (!t.empty() && t.front() == '>') {
        t.remove_prefix(1);
        if (!t.empty() && t.front() == ' ') t.remove_prefix(1);
        quoted = true;
        std::string_view rest = trim_left(t);
        if (rest.empty() || rest.front() != '>') break;
        t = rest;
    }
    return quoted ? t : s;
}

// A "Doing ..." progress line whose result has been printed (or was wrapped off).
bool doing_complete(std::string_view s) {
    s = trim_right(s);
    auto in = s.rfind(" in ");
    if (in == std::string_view::npos || s.back() != 's') return false;
    for (char c : s.substr(in + 4, s.size() - in - 5))
        if (!std::isdigit(static_cast<unsigned char>(c)) && c != '.') return false;
    return true;
}

// Splits text flattened onto one line at every occurrence of `marker` but the first.
void split_at(std::string_view line, std::string_view marker, std::vector<std::string>& out) {
    size_t start = 0;
    for (size_t pos = line.find(marker, 1); pos != std::string_view::npos;
         pos = line.find(marker, pos + 1)) {
        if (pos > 0 && line[pos - 1] != ' ') continue;
        out.emplace_back(trim_right(line.substr(start, pos - start)));
        start = pos;
    }
    out.emplace_back(trim_right(line.substr(start)));
}

// Terminal escape sequences, raw (ESC [ 1 ; 2 A) or as a terminal echoed them
// in copied text (^[[A), are not part of the output.
std::string strip_escapes(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        size_t len = s[i] == '\x1b' ? 1 : starts_with(s.substr(i), "^[") ? 2 : 0;
        if (len && i + len < s.size() && s[i + len] == '[') {
            size_t k = i + len + 1;
            while (k < s.size() && (std::isdigit(static_cast<unsigned char>(s[k])) || s[k] == ';'))
                ++k;
            if (k < s.size() && std::isalpha(static_cast<unsigned char>(s[k]))) {
                i = k;
                continue;
            }
        }
        out += s[i];
    }
    return out;
}

}  // namespace

std::vector<CleanLine> clean_lines(std::string_view text) {
    std::vector<CleanLine> out;
    size_t number = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view raw = text.substr(pos, end - pos);
        pos = end + 1;
        ++number;
        if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
        std::string unescaped;
        if (raw.find('\x1b') != std::string_view::npos ||
            raw.find("^[") != std::string_view::npos) {
            unescaped = strip_escapes(raw);
            raw = unescaped;
        }
        std::string_view line = trim_right(unquote(raw));
        if (starts_with(trim_left(line), "```")) continue;

        std::vector<std::string> pieces;
        size_t doing = line.find("Doing ");
        if (doing != std::string_view::npos &&
            line.find("Doing ", doing + 1) != std::string_view::npos) {
            if (doing > 0) pieces.emplace_back(trim_right(line.substr(0, doing)));
            split_at(line.substr(doing), "Doing ", pieces);
        } else if (starts_with(line, "+") && line.find(" +", 1) != std::string_view::npos) {
            split_at(line, "+", pieces);
        } else {
            pieces.emplace_back(line);
        }
        for (auto& p : pieces) {
            CleanLine* prev = out.empty() ? nullptr : &out.back();
            std::string_view t = trim_left(p);
            // A progress line wrapped before its result, or before its time.
            if (prev && starts_with(prev->text, "Doing ") && !doing_complete(prev->text) &&
                (prev->text.find(": ") != std::string::npos || prev->text.back() == ':') &&
                !t.empty() && !starts_with(t, "Doing ") && t.size() < 48 &&
                (std::isdigit(static_cast<unsigned char>(t.front())) ||
                 doing_complete("x in " + std::string(t)))) {
                prev->text += " " + std::string(t);
                continue;
            }
            // "type 16 bytes ... 8192" followed by "bytes".
            if (prev && starts_with(prev->text, "type ") &&
                (t == "bytes" || starts_with(t, "bytes "))) {
                prev->text += " " + std::string(t);
                continue;
            }
            out.push_back({number, std::string(p)});
        }
    }
    return out;
}

}  // namespace speedlab::parse
