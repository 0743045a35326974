// A comparison table whose columns are programs ("crypton 1.1.5 | crypton
// 2.0.0 | OpenSSL | 2.0.0 / OpenSSL"): only the OpenSSL column is openssl's,
// a column dividing two others is a ratio. Its rows name an algorithm
// without a size, which the prose states once ("over 16 KiB messages"), or
// a key and an operation timed per operation ("in microseconds").
#include <algorithm>

#include "core/algorithm.h"
#include "core/text.h"
#include "parse/cells.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// "OpenSSL", "OpenSSL 3.0.13": the column of openssl's own figures.
bool names_openssl(std::string_view h) {
    std::string l = lower_ascii(trimmed_view(h));
    return l == "openssl" || (l.starts_with("openssl ") && ascii_digit(l[8]));
}

// The one OpenSSL column among two program columns at least (a ratio's
// "a / b" column is neither); 0 when the header is not so.
size_t openssl_column(const Grid& t) {
    // Most tables name no OpenSSL column: their other header cells go unread.
    const auto& header = t.row(0);
    if (std::none_of(header.begin() + (header.empty() ? 0 : 1), header.end(),
                     [](const auto& h) { return mentions(h, "openssl"); }))
        return 0;
    size_t found = 0, programs = 0;
    for (size_t k = 1; k < t.row(0).size(); ++k) {
        const std::string& h = t.text(0, k);
        if (h.empty() || h.find('/') != std::string::npos) continue;
        if (!hand_algorithm_word(h).empty() || t.names_size(0, k) || read_header_cell(h).ratio)
            return 0;  // a column of an algorithm, a size or a ratio: another layout
        ++programs;
        if (names_openssl(h)) found = found ? t.row(0).size() : k;
    }
    return found < t.row(0).size() && programs >= 2 ? found : 0;
}

// "16 KiB messages", "1024-byte buffers": the size the prose above states
// for throughput figures; 0 when none in the 80 lines above.
int64_t stated_message_size(const std::vector<CleanLine>& lines, size_t first) {
    for (size_t k = first; k-- > 0 && k + 80 > first;) {
        std::string t = lower_ascii(lines[k].text());
        if (t.find(" messages") == std::string::npos && t.find(" buffers") == std::string::npos)
            continue;
        auto w = words(t);
        for (size_t j = 2; j < w.size(); ++j) {
            if (!w[j].starts_with("messages") && !w[j].starts_with("buffers")) continue;
            std::string_view unit = w[j - 1];
            int64_t scale = unit == "kib" || unit == "kb" ? 1024 : unit.starts_with("byte") ? 1 : 0;
            auto n = read_hand_number(w[j - 2]);
            // No message has a trillion bytes (and KiB of fewer stay in int64_t's range).
            if (scale && n && n->step >= 1 && n->value <= static_cast<double>(kMaxSizeOrBits))
                return static_cast<int64_t>(n->value) * scale;
        }
    }
    return 0;
}

// "Time per operation in microseconds" right above: seconds per unit, 0: none.
double stated_time_per_operation(const std::vector<CleanLine>& lines, size_t first) {
    size_t seen = 0;
    for (size_t k = first; k-- > 0 && seen < 2;) {
        std::string t = lower_ascii(lines[k].text());
        if (trimmed_view(t).empty()) continue;
        ++seen;
        if (t.find("per op") == std::string::npos && t.find("time") == std::string::npos) continue;
        if (t.find("microsecond") != std::string::npos) return 1e-6;
        if (t.find("millisecond") != std::string::npos) return 1e-3;
        if (t.find("nanosecond") != std::string::npos) return 1e-9;
    }
    return 0;
}

}  // namespace

std::optional<std::vector<ColumnFigure>> openssl_column_figures(
    const Grid& t, const std::vector<CleanLine>& lines) {
    const size_t k = openssl_column(t);
    if (k == 0) return std::nullopt;
    const double per_op = stated_time_per_operation(lines, t.first);
    const double unit = per_op > 0 ? 0 : stated_unit(lines, t.first);
    const int64_t size = per_op > 0 ? 0 : stated_message_size(lines, t.first);
    std::vector<ColumnFigure> out;
    for (size_t r = 1; r < t.size(); ++r) {
        auto n = t.figure(r, k);
        if (!n || n->own_unit) continue;
        ColumnFigure f{{}, Operation::throughput, 0, *n, unit, r};
        if (per_op > 0) {
            if (!public_key_label(t.text(r, 0), f.algorithm, f.operation)) continue;
            f.number.value = 1 / (n->value * per_op);  // a time per operation as operations/s
            f.number.step = f.number.value * n->step / n->value;
        } else {
            HeaderCell h = read_header_cell(t.cell(r, 0));
            if (h.algorithm.empty() || h.ratio || named_with_key_bits(h.algorithm)) continue;
            f.algorithm = h.algorithm;
            f.size = h.size > 0 ? h.size : size;
            if (f.size <= 0) continue;
        }
        out.push_back(std::move(f));
    }
    return out;
}

}  // namespace speedlab::parse
