// The grids of a text's typed tables: where each table starts and ends
// (pipe, MoinMoin `||`, reST grid, CSV, or cells two spaces apart as a web
// page flattened them), each row split into cells once, each cell read once.
#include "parse/hand_grid.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "core/text.h"
#include "parse/cells.h"
#include "parse/classify.h"
#include "parse/hand_rules.h"
#include "parse/table_lines.h"

namespace speedlab::parse {

Grid::Grid(size_t first, size_t end, Rows rows, std::vector<size_t> row_lines)
    : first(first), end(end), rows_(std::move(rows)), row_lines_(std::move(row_lines)) {
    readings_.resize(rows_.size());
}

Grid::Readings* Grid::at(size_t r, size_t k) const {
    if (r >= rows_.size() || k >= rows_[r].size()) return nullptr;
    if (readings_[r].empty()) readings_[r].resize(rows_[r].size());
    return &readings_[r][k];
}

const std::string& Grid::cell(size_t r, size_t k) const {
    static const std::string blank;
    return r < rows_.size() && k < rows_[r].size() ? rows_[r][k] : blank;
}

const std::string& Grid::text(size_t r, size_t k) const {
    static const std::string blank;
    Readings* c = at(r, k);
    if (!c) return blank;
    if (c->text) return *c->text;
    if (!c->plain_read) c->plain = cell_is_its_text(rows_[r][k]), c->plain_read = true;
    if (c->plain) return rows_[r][k];  // no copy of most cells
    c->text = hand_cell_text(rows_[r][k]);
    return *c->text;
}

HeaderCell Grid::header(size_t r, size_t k) const {
    return r < rows_.size() && k < rows_[r].size() ? read_header_cell(rows_[r][k]) : HeaderCell{};
}

const std::optional<HandNumber>& Grid::number(size_t r, size_t k) const {
    static const std::optional<HandNumber> blank;
    Readings* c = at(r, k);
    if (!c) return blank;
    if (!c->number_read) c->number = read_hand_number(rows_[r][k]), c->number_read = true;
    return c->number;
}

bool Grid::names_size(size_t r, size_t k) const {
    Readings* c = at(r, k);
    if (c && !c->names_size) c->names_size = names_block_size(rows_[r][k]);
    return c && *c->names_size;
}

std::optional<HandNumber> Grid::figure(size_t r, size_t k) const {
    const auto& n = number(r, k);
    return n && !n->percent ? n : std::nullopt;
}

namespace {

bool pipe_row(std::string_view t) {
    t = trim(t);
    return !t.empty() && (t.front() == '|' || t.find("||") != std::string_view::npos);
}

// A GitHub table without outer pipes: "name|md5 16 bytes|..." over a
// delimiter row "--- | --- |". Its rows are the lines with a pipe under it.
bool bare_pipe_header(const std::vector<CleanLine>& lines, size_t i) {
    if (i + 1 >= lines.size() || lines[i].text().find('|') == std::string_view::npos) return false;
    std::string_view d = trim(lines[i + 1].text());
    return d.find('|') != std::string_view::npos && d.find("--") != std::string_view::npos &&
           d.find_first_not_of("|-: \t") == std::string_view::npos;
}

// "+------+-------+" or "+======+": a rule of a reStructuredText grid table.
bool grid_rule(std::string_view t) {
    t = trim(t);
    return t.size() >= 3 && t.front() == '+' && t.back() == '+' &&
           std::all_of(t.begin(), t.end(), [](char c) { return c == '+' || c == '-' || c == '='; });
}

// Cells `sep` apart, trimmed; an empty cell before the first separator and
// after the last is the table's border. Each cell is copied once, trimmed.
std::vector<std::string> pipe_cells(std::string_view t) {
    t = trimmed_view(t);
    // A MoinMoin row opens with "||"; elsewhere "||" is an empty cell ("| 1.5 ||").
    std::string_view sep = t.starts_with("||") ? "||" : "|";
    std::vector<std::string_view> views;
    for (size_t start = 0;;) {
        size_t p = t.find(sep, start);
        views.push_back(trimmed_view(t.substr(start, p == std::string_view::npos ? p : p - start)));
        if (p == std::string_view::npos) break;
        start = p + sep.size();
    }
    size_t from = views.front().empty(), to = views.size();
    if (to > from && views[to - 1].empty()) --to;
    return {views.begin() + static_cast<long>(from), views.begin() + static_cast<long>(to)};
}

}  // namespace

std::vector<std::string> space_cells(std::string_view t) {
    std::vector<std::string> out;
    size_t start = 0;
    auto cell_to = [&](size_t stop) {
        std::string_view c = trimmed_view(t.substr(start, stop - start));
        if (!c.empty()) out.emplace_back(c);
    };
    for (size_t i = 0; i < t.size(); ++i) {
        if (t[i] != '\t' && !(t[i] == ' ' && i + 1 < t.size() && t[i + 1] == ' ')) continue;
        cell_to(i);
        while (i + 1 < t.size() && (t[i + 1] == ' ' || t[i + 1] == '\t')) ++i;
        start = i + 1;
    }
    cell_to(t.size());
    return out;
}

namespace {

// Cells of a CSV line: commas apart, a cell in double quotes may hold
// commas ("" is a quote). A reST csv-table's ":header:" line is its header.
std::vector<std::string> csv_cells(std::string_view t) {
    t = trim(t);
    if (t.starts_with(":header:")) t = trim(t.substr(8));
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false;
    for (size_t i = 0; i < t.size(); ++i) {
        char c = t[i];
        if (c == '"' && quoted && i + 1 < t.size() && t[i + 1] == '"') {
            cur += '"';
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            out.push_back(trimmed(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(trimmed(cur));
    return out;
}

// A line of quoted CSV cells ("aes-128-cbc","1024","23874.22", or with a
// space after each comma as reST writers often type them), or a csv-table's
// header: two cells or more (the last maybe wrapped off).
bool quoted_csv_line(std::string_view t) {
    t = trim(t);
    if (t.starts_with(":header:")) t = trim(t.substr(8));
    if (t.size() < 5 || t.front() != '"') return false;
    for (size_t at = t.find("\","); at != std::string_view::npos; at = t.find("\",", at + 2)) {
        size_t next = t.find_first_not_of(" \t", at + 2);
        if (next != std::string_view::npos && t[next] == '"') return true;
    }
    return false;
}

// A CSV row from line `k` on: a mail client's wrap inside a quoted cell (an
// odd count of quotes) joins the lines after it. Moves `k` past the row.
std::string csv_row(const std::vector<CleanLine>& lines, const std::vector<bool>& used, size_t& k) {
    std::string row(trim(lines[k].text()));
    auto open = [](const std::string& r) { return std::count(r.begin(), r.end(), '"') % 2 == 1; };
    for (++k; open(row) && k < lines.size() && !used[k] && !trim(lines[k].text()).empty(); ++k)
        row += " " + std::string(trim(lines[k].text()));
    return row;
}

// A CSV table: quoted rows (a reST csv-table: its ":header:" line, then its
// rows after a blank line). Returns the index past its last row.
size_t csv_table(const std::vector<CleanLine>& lines, const std::vector<bool>& used, size_t i,
                 std::vector<std::vector<std::string>>& rows, std::vector<size_t>& row_lines) {
    size_t k = i;
    row_lines.push_back(lines[k].line);
    rows.push_back(csv_cells(csv_row(lines, used, k)));
    size_t columns = rows[0].size();
    while (k < lines.size() && !used[k]) {
        std::string_view t = trim(lines[k].text());
        if (t.empty() || (t.front() == ':' && rows.size() == 1)) {  // options, the blank line
            ++k;
            continue;
        }
        if (!quoted_csv_line(t)) break;
        size_t next = k;
        auto cells = csv_cells(csv_row(lines, used, next));
        if (cells.size() != columns) break;
        row_lines.push_back(lines[k].line);
        rows.push_back(std::move(cells));
        k = next;
    }
    return k;
}

bool separator_row(const std::vector<std::string>& cells) {
    bool dash = false;
    for (const auto& c : cells)
        for (char ch : c) {
            if (ch == '-' || ch == '=')
                dash = true;
            else if (ch != ':' && ch != ' ')
                return false;
        }
    return dash;
}

// Columns that name an algorithm with a block size or an operation
// ("md5 8192 bytes", "rsa 2048 sign/s"): a typed table's figure columns.
size_t algorithm_columns(const std::vector<std::string>& header) {
    return static_cast<size_t>(std::count_if(header.begin(), header.end(), [](const auto& c) {
        auto h = read_header_cell(c);
        return !h.algorithm.empty() && !h.ratio &&
               (h.size > 0 || h.operation != Operation::throughput);
    }));
}

// Block-size columns: "16 bytes", "8,192 bytes", "16384".
size_t size_columns(const std::vector<std::string>& header) {
    return static_cast<size_t>(std::count_if(header.begin(), header.end(), [](const auto& c) {
        auto h = read_header_cell(c);
        return h.size > 0 && h.algorithm.empty() && names_block_size(c);
    }));
}

// A table a PDF or web page flattened onto one line, header then figures:
// "16 bytes 64 bytes ... 8192 bytes 646’811.75k 714’955.19k ... [more prose]".
// K block sizes followed by K figures give a header row and one unnamed row.
std::vector<std::vector<std::string>> one_line_table(std::string_view t) {
    // The first word a size and the second "bytes": most lines fail that
    // before their words are split.
    auto digits = [](std::string_view s) {
        return s.find_first_not_of("0123456789,.’'") == std::string_view::npos;
    };
    auto bytes = [](std::string_view s) { return lower_ascii(s.substr(0, 4)) == "byte"; };
    std::string_view head = trim(t);
    if (!digits(head.substr(0, head.find_first_of(" \t\n\v\f\r")))) return {};
    auto w = words(t);
    if (w.size() < 2 || !bytes(w[1]) || !digits(w[0])) return {};
    std::vector<std::string> header{""}, row{""};
    size_t i = 0;
    for (; i + 1 < w.size() && bytes(w[i + 1]) && read_hand_number(w[i]) && digits(w[i]); i += 2)
        header.push_back(std::string(w[i]) + " bytes");
    for (size_t k = 1; k < header.size() && i < w.size(); ++k, ++i) {
        if (w[i].back() != 'k' || !read_hand_number(w[i])) return {};
        row.emplace_back(w[i]);
    }
    if (header.size() < 3 || row.size() != header.size()) return {};
    return {header, row};
}

// The cells of each row of the pipe table on lines [from, to). Where some
// lines end in a pipe and others do not, a mail client wrapped the rows: the
// lines up to one that ends in a pipe are one row. A table without outer
// pipes (`bare`, or no line ends in one) keeps a row a line.
std::vector<std::pair<size_t, std::vector<std::string>>> pipe_rows(
    const std::vector<CleanLine>& lines, size_t from, size_t to, bool bare) {
    auto ends_in_pipe = [](std::string_view t) {
        t = trim(t);
        return !t.empty() && t.back() == '|';
    };
    size_t ending = 0, rows = 0;
    for (size_t k = from; k < to; ++k)
        if (!grid_rule(lines[k].text())) ++rows, ending += ends_in_pipe(lines[k].text());
    bool wrapped = !bare && ending > 0 && ending < rows;
    std::vector<std::pair<size_t, std::vector<std::string>>> out;  // a row's first input line
    std::string pending;
    size_t start = 0, width = 0;  // the header's cells
    for (size_t k = from; k < to; ++k) {
        if (grid_rule(lines[k].text())) continue;
        // A row as wide as the header that lost its closing pipe is whole.
        if (!wrapped ||
            (!out.empty() && pending.empty() && pipe_cells(lines[k].text()).size() >= width)) {
            out.emplace_back(lines[k].line, pipe_cells(lines[k].text()));
            if (out.size() == 1) width = out.front().second.size();
            continue;
        }
        if (pending.empty()) start = lines[k].line;
        pending += (pending.empty() ? "" : " ") + std::string(trim(lines[k].text()));
        if (ends_in_pipe(lines[k].text()))
            out.emplace_back(start, pipe_cells(std::exchange(pending, {})));
        if (out.size() == 1) width = out.front().second.size();
    }
    if (!pending.empty()) out.emplace_back(start, pipe_cells(pending));
    // "| 677104.38k ||": an extra pipe's empty cells past the header's are none.
    for (auto& [line, cells] : out)
        while (width > 0 && cells.size() > width && trim(cells.back()).empty()) cells.pop_back();
    return out;
}

// A row a mail client wrapped before its last figures: the next lines hold
// only those. Appends them to `cells`; how many lines they took.
size_t wrapped_cells(const std::vector<CleanLine>& lines, const std::vector<bool>& used, size_t i,
                     size_t columns, std::vector<std::string>& cells) {
    size_t taken = 0;
    while (cells.size() < columns && i + taken + 1 < lines.size() && !used[i + taken + 1]) {
        auto rest = space_cells(lines[i + taken + 1].text());
        if (rest.empty() || cells.size() + rest.size() > columns ||
            !std::all_of(rest.begin(), rest.end(),
                         [](const auto& c) { return read_hand_number(c).has_value(); }))
            break;
        cells.insert(cells.end(), rest.begin(), rest.end());
        ++taken;
    }
    return taken;
}

// "\t16 bytes\t8192 bytes": two sizes after an empty corner (a browser's
// copy), the rows' labels under it.
bool corner_left_empty(std::string_view line, const std::vector<std::string>& header) {
    return header.size() == 2 && !line.empty() && line.front() == '\t' && size_columns(header) == 2;
}

// A table a web page flattened: a header of two block sizes or algorithms at
// least, its cells two spaces apart, then rows of as many cells (one more or
// less). Returns the index past its last row; `i` when line `i` is no header.
size_t space_table(const std::vector<CleanLine>& lines, const std::vector<bool>& used, size_t i,
                   Rows& rows, std::vector<size_t>& row_lines) {
    auto header = space_cells(lines[i].text());
    const size_t wrapped = wrapped_size_header(lines, used, i, header);
    sizes_named_by_corner(header);
    if ((header.size() < 3 && !corner_left_empty(lines[i].text(), header)) ||
        (size_columns(header) < 2 && algorithm_columns(header) < 2))
        return i;
    const size_t width = header.size();
    rows.push_back(std::move(header));
    row_lines.push_back(lines[i].line);
    for (i += 1 + wrapped; i < lines.size() && !used[i]; ++i) {
        if (simple_table_border(lines[i].text())) continue;
        auto cells = space_cells(lines[i].text());
        size_t line = lines[i].line;
        // A blank line before the next block's algorithm line (hand_algorithm_lines.cpp).
        if (cells.empty() && i + 1 < lines.size() && !used[i + 1] &&
            algorithm_alone(space_cells(lines[i + 1].text())))
            continue;
        if (algorithm_alone(cells)) {
            row_lines.push_back(line);
            rows.push_back(std::move(cells));
            continue;
        }
        i += wrapped_cells(lines, used, i, width, cells);
        if (cells.size() + 1 < width || cells.size() > width + 1) break;
        row_lines.push_back(line);
        rows.push_back(std::move(cells));
    }
    return i;
}

}  // namespace

void find_grids(const std::vector<CleanLine>& lines, const std::vector<bool>& used,
                std::string_view text, const std::function<void(const Grid&)>& each) {
    const TableLines marks(lines, used, text);  // the start tests below run where these allow
    for (size_t i = 0; i < lines.size(); ++i) {
        if (used[i]) continue;
        // A diff's added lines: their tables without the "+" (hand_diff_hunk.cpp).
        if (std::vector<CleanLine> hunk;
            marks.has(i, kMarkPlus) && added_hunk(lines, used, i, hunk) > i) {
            find_grids(hunk, std::vector<bool>(hunk.size()), text, [&](const Grid& g) {
                each(Grid(g.first + i, g.end + i, g.rows(), g.row_lines()));
            });
            i += hunk.size() - 1;
            continue;
        }
        // A row of "36/1363" pairs under a line: hand_slash_table.cpp may read it.
        if (!marks.may_start(lines, i)) continue;
        const size_t first = i;
        Rows rows;
        std::vector<size_t> row_lines;  // the input line each row starts on
        const bool pipe = marks.has(i, kMarkPipe) && pipe_row(lines[i].text());
        const bool bare = marks.has(i, kMarkPipe) && !pipe && bare_pipe_header(lines, i);
        if (bare || pipe || grid_rule(lines[i].text())) {
            auto in_table = [&](std::string_view t) {
                return bare ? t.find('|') != std::string_view::npos : pipe_row(t) || grid_rule(t);
            };
            size_t end = i;
            while (end < lines.size() && !used[end] && in_table(lines[end].text())) ++end;
            auto spanned = bare || pipe ? std::nullopt : grid_span_rows(lines, i, end);
            for (auto& [line, cells] :
                 spanned ? std::move(*spanned) : pipe_rows(lines, i, end, bare))
                if (!separator_row(cells))
                    row_lines.push_back(line), rows.push_back(std::move(cells));
            i = end;
        } else if (size_t past = marks.has(i, kMarkPipe) && may_start_cell_lines(lines[i].text())
                                     ? cell_per_line_table(lines, used, i, rows, row_lines)
                                     : i;
                   past > i) {
            i = past;
        } else if (size_t past =
                       marks.slash_below(i) ? slash_pair_table(lines, used, i, rows, row_lines) : i;
                   past > i) {
            i = past;
        } else if (size_t end = marks.has(i, kMarkWordRow)
                                    ? flattened_label_rows(lines, used, i, rows, row_lines)
                                    : i;
                   end > i) {
            i = end;
        } else if (!marks.has(i, kMarkStart)) {
            continue;
        } else if (quoted_csv_line(lines[i].text())) {
            i = csv_table(lines, used, i, rows, row_lines);
        } else if (!marks.has(i, kMarkSizes)) {
            continue;  // a flattened table's header names its block sizes or rates
        } else if (auto one = one_line_table(lines[i].text()); !one.empty()) {
            rows = std::move(one);
            row_lines.assign(rows.size(), lines[i].line);  // every row on the one line
            ++i;
        } else {
            i = space_table(lines, used, i, rows, row_lines);
        }
        // A header one cell short of every row lacks its empty corner (a
        // browser's copy: "\tmd5\tsha1" over "Xeon\t1.00\t2.00").
        if (rows.size() >= 2 && std::all_of(rows.begin() + 1, rows.end(), [&](const auto& r) {
                return r.size() == rows[0].size() + 1;
            }))
            rows[0].insert(rows[0].begin(), std::string());
        // "— snip —" in a cell marks figures left out: no label, no run's name.
        for (auto& row : rows)
            for (auto& cell : row)
                if (elision_line(cell)) cell.clear();
        // A row labelled as a ratio ("Speedup", "diff %", "CPU Usage %")
        // compares the other rows or measures something else: no figures.
        for (size_t r = rows.size(); r-- > 1 && rows.size() > 2;) {
            if (rows[r].size() < 2 || !read_header_cell(rows[r][0]).ratio) continue;
            rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(r));
            if (r < row_lines.size())
                row_lines.erase(row_lines.begin() + static_cast<std::ptrdiff_t>(r));
        }
        if (rows.size() >= 2)
            each(Grid(first, std::max(i, first + 1), std::move(rows), std::move(row_lines)));
        if (i > first) --i;
    }
}

}  // namespace speedlab::parse
