// sbc-bench's results table copied into a text about sbc-bench: a row per
// device under `Clockspeed | Kernel | Distro | 7-zip multi | 7-zip single |
// AES | memcpy | memset | kH/s`. sbc-bench's Results.md (github.com/
// ThomasKaiser/sbc-bench, commit 53f7951, "Explanations") says its AES column
// is `openssl speed -elapsed -evp aes-256-cbc`, and sbc-bench.sh reports that
// row's seventh field (`awk '/^aes-256-cbc/ {print $7}'`): the 16384-byte
// column in openssl's k. The other columns (7-zip MIPS, tinymembench MB/s,
// cpuminer kH/s) are no openssl figures.
#include <algorithm>

#include "core/text.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// The header's cell as sbc-bench names it, lower case, without emphasis
// (Sorted-Results.md marks the column it sorts by: `*AES*`).
std::string column_name(const Grid& t, size_t k) {
    std::string out;
    for (char c : lower_ascii(t.text(0, k)))
        if (c != '*' && c != '_') out += c;
    return std::string(trimmed_view(out));
}

}  // namespace

std::optional<Grid> sbc_bench_table(const Grid& t, std::string_view text) {
    if (t.size() < 2) return std::nullopt;
    std::optional<size_t> aes;
    bool memcpy = false, memset = false, zip = false;
    for (size_t k = 0; k < t.row(0).size(); ++k) {
        std::string name = column_name(t, k);
        if (name == "aes") aes = aes ? t.row(0).size() : k;  // two AES columns: not sbc-bench's
        memcpy |= name == "memcpy";
        memset |= name == "memset";
        zip |= name.starts_with("7-zip");
    }
    if (!aes || *aes >= t.row(0).size() || !memcpy || !memset || !zip) return std::nullopt;
    if (!mentions(text, "sbc-bench")) return std::nullopt;
    Rows rows = t.rows();
    rows[0][*aes] = "aes-256-cbc 16384 bytes";
    return Grid(t.first, t.end, std::move(rows), t.row_lines());
}

}  // namespace speedlab::parse
