// Stage 1: rows of openssl's tables mended where mail or a page broke them,
// once, here; the assembler reads whole rows (issue 32: joining in one stage).
#include "parse/wrapped_rows.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "core/algorithm.h"
#include "parse/cells.h"

namespace speedlab::parse {

namespace {

// openssl prints fewer than 64 rows; a line of more is no page's lost line
// breaks (a fuzzer's line of thousands is cut there).
constexpr size_t kMaxRowsOnALine = 64;

std::string_view trim_end(std::string_view s) {
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

bool alpha(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) != 0;
}

// "sign verify sign/s verify/s", "keygen encaps decaps keygens/s ...", "op op/s".
bool key_header(std::string_view t) {
    bool first = (starts_with_word(t, "sign") && t.size() > 4) ||
                 (starts_with_word(t, "keygen") && t.size() > 6) ||
                 (starts_with_word(t, "op") && t.size() > 2);
    if (!first) return false;
    auto ws = words(t);
    return contains(t, "sign/s") || contains(t, "op/s") || contains(t, "keygens/s") ||
           (ws.size() == 2 && ws[0] == "sign" && ws[1] == "verify");
}

// A -mr header record ("+H:16:64:256", "Got: +H:16:64 from 0") sets the
// columns of the rows below it as a "type" header does.
size_t mr_header(std::string_view t) {
    return t.substr(0, 64).find("+H:");
}

// Columns of a "type 16 bytes 64 bytes ..." header, or of a -mr +H record: its sizes.
size_t type_columns(std::string_view header) {
    if (size_t h = mr_header(header); h != std::string_view::npos) {
        auto record = words(header.substr(h))[0];
        return static_cast<size_t>(std::count(record.begin(), record.end(), ':'));
    }
    auto ws = words(header);
    size_t n = 0;
    for (size_t k = 1; k + 1 < ws.size() && integer(ws[k]) && ws[k + 1] == "bytes"; k += 2) ++n;
    return n;
}

// WS[from, end) are all throughput figures: openssl's own row.
bool figures_only(const std::vector<std::string_view>& ws, size_t from, size_t end) {
    return std::all_of(ws.begin() + static_cast<long>(from), ws.begin() + static_cast<long>(end),
                       [](auto w) { return throughput_cell(w).has_value(); });
}

// A throughput row short of COLUMNS cells, and T only figures that fit (the
// very last may be cut mid-number).
bool throughput_rest(std::string_view prev, std::string_view t, size_t columns) {
    if (prev.empty() || !alpha(prev[0])) return false;
    auto row = words(prev), next = words(t);
    size_t name = row_name_end(row), cells = row.size() - name;
    if (name == 0 || cells == 0 || next.empty() || cells + next.size() > columns ||
        !figures_only(row, name, row.size()))
        return false;
    return std::all_of(next.begin(), next.end() - 1,
                       [](auto w) { return throughput_cell(w).has_value(); }) &&
           (throughput_cell(next.back()) || cell_like(next.back()));
}

// "rsa 2048 bits 0.000300s 0.000020s" then "3333.3 50000.0": a public-key
// row short of the header's COLUMNS; a KEM or signature row (seven words,
// three rates last) broken before its rates.
bool key_rest(std::string_view prev, std::string_view t, std::string_view header) {
    auto row = words(prev), next = words(t);
    if (next.empty() || next.size() > 4 || row.empty() ||
        !std::all_of(next.begin(), next.end(), [](auto w) { return rate(w).has_value(); }))
        return false;
    if (contains(header, "encaps/s") || contains(header, "keygens/s"))
        return row.size() + next.size() == 7 && row.size() < 7 && !contains(prev, "bit") &&
               std::all_of(row.begin() + std::min<long>(4, static_cast<long>(row.size())),
                           row.end(), [](auto w) { return rate(w).has_value(); });
    if (!contains(prev, " bits ")) return false;
    size_t k = row.size();  // the figures are the row's last words, after its name
    while (k > 0 && key_figure(row[k - 1])) --k;
    size_t figures = row.size() - k;
    return figures > 0 && k >= 3 && figures + next.size() <= words(header).size();
}

// The word after WS[from] that starts the next row run onto a row's line: a
// known algorithm's name (a page lost the line break before it); else the end.
size_t row_after(const std::vector<std::string_view>& ws, size_t from) {
    for (size_t k = from + 1; k < ws.size(); ++k)
        if (!cell_like(ws[k]) && alpha(ws[k][0]) &&
            looks_like_algorithm(canonical_symmetric_id(ws[k])))
            return k;
    return ws.size();
}

// Where the row run onto the first row's line starts, else the end: the first
// word that could name one must name an algorithm, after figures only. Any
// later name has that word, no figure, before it (a throughput cell is
// cell_like): the one name looked up per line keeps a prose line cheap.
size_t run_on_row(const std::vector<std::string_view>& ws, size_t first) {
    if (first == 0 || first >= ws.size()) return ws.size();
    size_t k = first + 1;
    while (k < ws.size() && (cell_like(ws[k]) || !alpha(ws[k][0]))) ++k;
    if (k == ws.size() || !figures_only(ws, first, k) ||
        !looks_like_algorithm(canonical_symmetric_id(ws[k])))
        return ws.size();
    return k;
}

// WS[name, end) is a throughput row as classify reads one: a name, then
// cells mostly figures.
bool throughput_row(const std::vector<std::string_view>& ws, size_t name, size_t figures,
                    size_t end) {
    if (figures == name || figures >= end) return false;
    size_t good = static_cast<size_t>(
        std::count_if(ws.begin() + static_cast<long>(figures), ws.begin() + static_cast<long>(end),
                      [](auto w) { return throughput_cell(w).has_value(); }));
    return good > 0 && 2 * good >= end - figures;
}

}  // namespace

void TableRows::kept(const std::vector<CleanLine>& lines, size_t at) {
    std::string_view t = trim(lines[at].text());
    if (t.empty()) return;
    if (starts_with(t, "Doing ") || starts_with(t, "OpenSSL ")) {  // the next run's
        type_header_ = key_header_ = kNone;
    } else if ((t[0] == 't' && starts_with_word(t, "type")) ||
               mr_header(t) != std::string_view::npos) {
        type_header_ = at, key_header_ = kNone;
    } else if ((t[0] == 's' || t[0] == 'k' || t[0] == 'o') && key_header(t)) {
        key_header_ = at, type_header_ = kNone;
    }
}

bool TableRows::rest_of_row(const std::vector<CleanLine>& lines, std::string_view prev,
                            std::string_view t) const {
    if (type_header_ != kNone)
        return throughput_rest(prev, t, type_columns(trim(lines[type_header_].text())));
    if (key_header_ != kNone) return key_rest(prev, t, trim(lines[key_header_].text()));
    return false;
}

void TableRows::rows_of(std::string_view line, size_t number, std::vector<std::string_view>& out,
                        std::vector<Diagnostic>& diagnostics) {
    auto& ws = words_;  // every line's: its room is kept
    ws.clear();
    if (type_header_ != kNone && !line.empty() && alpha(line[0])) words_into(line, ws);
    // Only openssl's own rows run together: a name, then figures only.
    size_t start = 0, rows = 1, k = run_on_row(ws, row_name_end(ws));
    for (; k < ws.size(); ++rows) {
        size_t at = static_cast<size_t>(ws[k].data() - line.data());
        size_t figures = row_name_end(ws, k);
        size_t next = row_after(ws, figures);
        // What is no row after a row's figures is dropped, as it always was.
        bool row = throughput_row(ws, k, figures, next);
        if (row && rows == kMaxRowsOnALine) {
            const char* end = ws[figures - 1].data() + ws[figures - 1].size();
            diagnostics.push_back(
                {static_cast<uint32_t>(number), Severity::warning, false,
                 fmt::format("more than {} rows on one line: '{}' and after not used",
                             kMaxRowsOnALine, std::string_view(ws[k].data(), end))});
        }
        out.push_back(trim_end(line.substr(start, at - start)));
        if (!row || rows == kMaxRowsOnALine) return;
        start = at, k = next;
    }
    out.push_back(line.substr(start));
}

}  // namespace speedlab::parse
