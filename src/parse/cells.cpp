#include "parse/cells.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <string>

#include "core/text.h"
#include "parse/byte_scan.h"

namespace speedlab::parse {

std::string_view trim(std::string_view s) {
    s.remove_prefix(skip_spaces(s, 0));  // a table's padding: eight bytes at a time
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    if (!s.empty()) out.reserve(8);  // most lines: one allocation, not four as it grows
    words_into(s, out);
    return out;
}

void words_into(std::string_view s, std::vector<std::string_view>& out) {
    out.clear();
    size_t i = 0;
    while (i < s.size()) {
        i = skip_spaces(s, i);
        size_t j = word_end(s, i);
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
}

std::vector<std::string_view> fields(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    size_t start = 0;
    for (size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || s[i] == sep) {
            out.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    return out;
}

std::optional<Number> number(std::string_view t) {
    if (t.empty()) return std::nullopt;
    double v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc{} || p != t.data() + t.size()) return std::nullopt;
    auto dot = t.find('.');
    double step = dot == std::string_view::npos ? 1 : decimal_step(t.size() - dot - 1);
    return Number{v, step};
}

double decimal_step(size_t decimals) {
    static const auto steps = [] {
        std::array<double, 23> out{};
        double power = 1;  // 10^k is exact in a double up to 10^22
        for (auto& step : out) {
            step = 1 / power;
            power *= 10;
        }
        return out;
    }();
    return decimals < steps.size() ? steps[decimals]
                                   : std::pow(10.0, -static_cast<double>(decimals));
}

std::optional<int64_t> integer(std::string_view t) {
    int64_t v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc{} || p != t.data() + t.size()) return std::nullopt;
    return v;
}

std::string ungrouped(std::string_view t) {
    if (t.size() < 4 || !ascii_digit(t.back()) || !ascii_digit(t[t.size() - 2])) return {};
    char mark = t[t.size() - 3];
    if (mark != '.' && mark != ',') return {};
    std::string_view whole = t.substr(0, t.size() - 3);
    auto sep_at = whole.find_first_of(",.'");
    if (sep_at == std::string_view::npos && mark == '.') return {};  // openssl's own
    char sep = sep_at == std::string_view::npos ? 0 : whole[sep_at];
    if (sep == mark) return {};
    std::string out;
    size_t group = 0;  // digits since the last separator
    for (size_t i = 0; i < whole.size(); ++i) {
        if (ascii_digit(whole[i])) {
            out += whole[i], ++group;
        } else if (whole[i] != sep || (i == sep_at ? group < 1 || group > 3 : group != 3)) {
            return {};
        } else {
            group = 0;
        }
    }
    if (out.empty() || (sep && group != 3)) return {};
    return out + "." + std::string(t.substr(t.size() - 2));
}

std::optional<Cell> throughput_cell(std::string_view t) {
    if (t == "inf" || t == "infk" || t == "nan" || t == "-nan" || t == "nank")
        return Cell{0, 0, false};
    bool k = !t.empty() && t.back() == 'k';
    if (k) t.remove_suffix(1);
    if (t.empty() || !ascii_digit(t.front())) return std::nullopt;
    std::string plain = ungrouped(t);
    if (!plain.empty()) t = plain;
    // openssl speed prints every cell with exactly two decimals ("%11.2f"); a
    // ratio table (three decimals) is not a run.
    else if (t.size() < 4 || t[t.size() - 3] != '.')
        return std::nullopt;
    auto n = number(t);
    if (!n) return std::nullopt;
    double scale = k ? 1000 : 1;
    return Cell{n->value * scale, n->step * scale, true};
}

bool cell_like(std::string_view w) {
    return (!w.empty() && ascii_digit(w.front())) || w == "inf" || w == "infk" || w == "nan" ||
           w == "nank" || w == "-nan";
}

std::optional<Number> rate(std::string_view t) {
    if (t == "inf" || t == "nan" || t == "-nan" || t == "-inf") return Number{NAN, 0};
    if (t.size() < 3 || t[t.size() - 2] != '.') return std::nullopt;
    return number(t);
}

bool seconds_cell(std::string_view w) {
    return w.size() > 1 && w.back() == 's' && number(w.substr(0, w.size() - 1)).has_value();
}

bool signed_figure(std::string_view w) {
    return w.size() > 1 && (w[0] == '-' || w[0] == '+') && number(w.substr(1)).has_value();
}

bool empty_cell(std::string_view w) {
    if (w.size() == 3 && (w[0] | 0x20) == 'n' && w[1] == '/' && (w[2] | 0x20) == 'a') return true;
    return !w.empty() && std::none_of(w.begin(), w.end(), ascii_alnum);
}

size_t row_name_end(const std::vector<std::string_view>& ws, size_t from) {
    size_t k = from;
    // A word that ends in ':' is a mark's ("Pi 4: md5"), never a figure.
    auto name_word = [&](std::string_view w) {
        return w.back() == ':' || (!cell_like(w) && !(k > from && empty_cell(w)));
    };
    while (k < ws.size() && name_word(ws[k])) {
        // "md5 (Pi 4)": a bracket in the name runs to its close, digits and all
        if (ws[k].front() == '(' && ws[k].back() != ')')
            while (k + 1 < ws.size() && ws[k].back() != ')') ++k;
        ++k;
    }
    return k;
}

std::vector<int64_t> default_block_sizes(size_t columns, std::string_view version) {
    if (columns == 6) return {16, 64, 256, 1024, 8192, 16384};
    static constexpr std::string_view eight_first[] = {
        "SSLeay",        "OpenSSL 0.9.1", "OpenSSL 0.9.2", "OpenSSL 0.9.3",
        "OpenSSL 0.9.4", "OpenSSL 0.9.5", "OpenSSL 0.9.6"};
    bool eight = false;
    for (auto v : eight_first) eight = eight || starts_with(version, v);
    return {eight ? 8 : 16, 64, 256, 1024, 8192};
}

std::vector<int64_t> multiblock_sizes() {
    return {8 * 1024, 16 * 1024, 32 * 1024, 64 * 1024, 128 * 1024};
}

}  // namespace speedlab::parse
