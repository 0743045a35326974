#include "report/text_table.h"

#include <algorithm>

namespace speedlab::report {

namespace {
size_t text_columns(const std::string& s) {
    return static_cast<size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// The columns of each block: the keys, then as many others as fit (one at least).
std::vector<std::vector<size_t>> blocks(const std::vector<size_t>& w, size_t keys, size_t gap,
                                        size_t width) {
    keys = std::min(keys, w.size());
    size_t key_width = 0;
    for (size_t i = 0; i < keys; ++i) key_width += w[i] + (i ? gap : 0);
    std::vector<std::vector<size_t>> out;
    std::vector<size_t> block;
    size_t used = key_width;
    for (size_t i = keys; i < w.size(); ++i) {
        size_t need = (keys || !block.empty() ? gap : 0) + w[i];
        if (!block.empty() && used + need > width) {
            out.push_back(block);
            block.clear();
            used = key_width;
        }
        block.push_back(i);
        used += need;
    }
    if (!block.empty() || out.empty()) out.push_back(block);
    for (auto& b : out)
        for (size_t k = keys; k-- > 0;) b.insert(b.begin(), k);
    return out;
}
}  // namespace

std::string shorten_columns(const std::string& s, size_t n) {
    if (text_columns(s) <= n || n == 0) return s;
    std::string out;
    size_t cols = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        bool starts = (s[i] & 0xC0) != 0x80;
        if (starts && ++cols > n - 1) break;
        out += s[i];
    }
    return out + "~";
}

std::string render_table(const TextTable& t, size_t width) {
    size_t n = t.header.size();
    std::vector<size_t> w(n, 0);
    for (size_t i = 0; i < n; ++i) w[i] = text_columns(t.header[i]);
    for (const auto& r : t.rows)
        for (size_t i = 0; i < r.size() && i < n; ++i) w[i] = std::max(w[i], text_columns(r[i]));
    // The keys take at most half the width, so a block always has room for
    // more: the widest key gives up columns first, none below 8.
    size_t keys = std::min(t.keys, n);
    auto key_sum = [&] {
        size_t sum = 0;
        for (size_t i = 0; i < keys; ++i) sum += w[i] + t.gap;
        return sum;
    };
    while (keys && key_sum() > width / 2) {
        size_t widest =
            static_cast<size_t>(std::max_element(w.begin(), w.begin() + keys) - w.begin());
        if (w[widest] <= 8) break;
        --w[widest];
    }
    size_t key_width = 0;
    for (size_t i = 0; i < keys; ++i) key_width += w[i] + t.gap;
    size_t room = width > key_width + 4 ? width - key_width : 4;
    for (size_t i = keys; i < n; ++i) w[i] = std::min(w[i], room);
    std::string out;
    auto line = [&](const std::vector<std::string>& cells, const std::vector<size_t>& cols) {
        std::string l;
        for (size_t k = 0; k < cols.size(); ++k) {
            size_t i = cols[k];
            std::string c = shorten_columns(i < cells.size() ? cells[i] : "", w[i]);
            std::string pad(w[i] - std::min(w[i], text_columns(c)), ' ');
            bool right = i < t.right.size() && t.right[i];
            l += (k ? std::string(t.gap, ' ') : "") + (right ? pad + c : c + pad);
        }
        while (!l.empty() && l.back() == ' ') l.pop_back();
        return l + "\n";
    };
    auto parts = blocks(w, keys, t.gap, width);
    for (size_t b = 0; b < parts.size(); ++b) {
        if (b) out += "\n";
        out += line(t.header, parts[b]);
        for (const auto& r : t.rows) out += line(r, parts[b]);
    }
    return out;
}

}  // namespace speedlab::report
