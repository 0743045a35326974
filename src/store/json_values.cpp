#include "store/json_values.h"

#include <fmt/format.h>

#include <vector>

namespace speedlab::store {

namespace {
constexpr size_t kChunk = 1 << 20;
bool blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string shown(std::optional<char> c) {
    if (!c) return "the end of the file";
    if (static_cast<unsigned char>(*c) < 0x20 || static_cast<unsigned char>(*c) >= 0x7f)
        return fmt::format("byte 0x{:02x}", static_cast<unsigned char>(*c));
    return fmt::format("'{}'", *c);
}
}  // namespace

JsonValues::JsonValues(std::istream& in, std::string prefix) : in_(in), buf_(std::move(prefix)) {}

bool JsonValues::fill() {
    buf_.erase(0, pos_);
    pos_ = 0;
    if (!in_) return false;
    size_t old = buf_.size();
    buf_.resize(old + kChunk);
    in_.read(buf_.data() + old, static_cast<std::streamsize>(kChunk));
    buf_.resize(old + static_cast<size_t>(in_.gcount()));
    return buf_.size() > old;
}

std::optional<char> JsonValues::next() {
    if (pos_ == buf_.size() && !fill()) return std::nullopt;
    char c = buf_[pos_++];
    if (c == '\n') ++line_;
    return c;
}

void JsonValues::skip_blanks() {
    for (;;) {
        if (pos_ == buf_.size() && !fill()) return;
        if (!blank(buf_[pos_])) return;
        next();
    }
}

std::optional<char> JsonValues::peek() {
    skip_blanks();
    if (pos_ == buf_.size()) return std::nullopt;
    return buf_[pos_];
}

void JsonValues::fail(const std::string& expected, bool cut_short) const {
    throw JsonSyntaxError{line_, expected, cut_short};
}

void JsonValues::expect(char c, const char* what) {
    auto got = peek();
    if (!got)
        fail(fmt::format("the bundle is cut short: expected {}, found the end of the file", what),
             true);
    if (got != c) fail(fmt::format("expected {}, found {}", what, shown(got)));
    next();
}

bool JsonValues::take(char c) {
    if (peek() != c) return false;
    next();
    return true;
}

void JsonValues::expect_end() {
    if (auto got = peek())
        fail(fmt::format("expected the end of the JSON document, found {}", shown(got)));
}

std::string JsonValues::value(size_t& line) {
    auto first = peek();
    line = line_;
    if (!first)
        fail("the bundle is cut short: expected a JSON value, found the end of the file", true);
    std::string out;
    std::vector<char> open;  // the brackets not yet closed, innermost last
    bool in_string = false;
    for (;;) {
        if (out.size() > kMaxJsonValueBytes)
            fail(fmt::format("expected a JSON value of at most {} MiB, found a larger one",
                             kMaxJsonValueBytes >> 20));
        if (!in_string && open.empty() && !out.empty() && out[0] != '{' && out[0] != '[' &&
            out[0] != '"') {  // a number or literal ends at a delimiter
            auto c = pos_ < buf_.size() || fill() ? std::optional<char>(buf_[pos_]) : std::nullopt;
            if (!c || blank(*c) || *c == ',' || *c == '}' || *c == ']' || *c == ':') return out;
        }
        auto c = next();
        if (!c)
            fail(
                "the bundle is cut short: expected the rest of the JSON document, found the "
                "end of the file",
                true);
        out.push_back(*c);
        if (in_string) {
            if (*c == '\\') {
                auto escaped = next();
                if (!escaped) continue;  // reported as cut short on the next round
                out.push_back(*escaped);
            } else if (*c == '"') {
                in_string = false;
                if (open.empty()) return out;
            }
        } else if (*c == '"') {
            in_string = true;
        } else if (*c == '{' || *c == '[') {
            if (open.size() == kMaxJsonDepth)
                fail(fmt::format("expected JSON nested at most {} deep, found deeper nesting",
                                 kMaxJsonDepth));
            open.push_back(*c == '{' ? '}' : ']');
        } else if (*c == '}' || *c == ']') {
            if (open.empty() || open.back() != *c)
                fail(fmt::format("expected {}, found '{}'",
                                 open.empty() ? "a JSON value" : fmt::format("'{}'", open.back()),
                                 *c));
            open.pop_back();
            if (open.empty()) return out;
        }
    }
}

}  // namespace speedlab::store
