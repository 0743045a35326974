// A header over two rows as a spreadsheet pasted into text gives it: block
// sizes or operations on top, each spanning a group of columns the second
// row labels ("16 bytes(k/s)" or "sign/s" over "1.1.1f | 3.0.0 | Percentage
// Diff (%)"). The merged cells are lost in the paste, so the groups are
// found by the second row repeating one sequence of labels once per top cell.
#include <algorithm>
#include <cctype>

#include "core/text.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// A top cell that spans a group: a block size, or an operation ("sign/s").
bool spanning_cell(const Grid& t, size_t r, size_t k) {
    const HeaderCell& h = t.header(r, k);
    if (!h.algorithm.empty() || h.ratio) return false;
    return (h.size > 0 && t.names_size(r, k)) || h.operation != Operation::throughput;
}

// "1.1.1f", "openssl3.0", "OpenSSL 3.0.0" as "OpenSSL 1.1.1f"...; empty when
// the label is no version (a machine's name).
std::string version_of(const std::string& cell) {
    std::string t = hand_cell_text(cell);
    if (lower_ascii(t).starts_with("openssl")) t = trimmed(std::string_view(t).substr(7));
    if (t.empty() || !std::isdigit(static_cast<unsigned char>(t[0])) ||
        t.find('.') == std::string::npos || t.find(' ') != std::string::npos)
        return {};
    return "OpenSSL " + t;
}

// "1", "12": a small whole number a spreadsheet puts in its corner cell.
bool test_number(const std::string& cell) {
    std::string t = hand_cell_text(cell);
    return !t.empty() && t.size() <= 3 &&
           std::all_of(t.begin(), t.end(), [](unsigned char ch) { return std::isdigit(ch); });
}

// The first period of `labels` when they repeat `times` times; empty otherwise.
std::vector<std::string> period(std::vector<std::string> labels, size_t times) {
    if (times < 2 || labels.size() % times != 0 || labels.size() / times < 2) return {};
    size_t g = labels.size() / times;
    for (size_t i = g; i < labels.size(); ++i)
        if (labels[i] != labels[i % g]) return {};
    labels.resize(g);
    return labels;
}

// The second row's labels, in order, when they repeat with a period that
// gives one group per top cell; empty otherwise. A first label that breaks
// the period heads the rows' label column ("Algorithm | 1.1.1f | 3.0.0 | ...").
std::vector<std::string> group_labels(const Grid& t, size_t spans) {
    std::vector<std::string> labels;
    for (size_t k = 0; k < t.row(1).size(); ++k) {
        if (t.number(1, k) || spanning_cell(t, 1, k)) return {};
        if (!t.text(1, k).empty()) labels.push_back(t.text(1, k));
    }
    auto found = period(labels, spans);
    if (found.empty() && !labels.empty()) found = period({labels.begin() + 1, labels.end()}, spans);
    return found;
}

// The other way round: versions or machines on top, each over a group of
// sizes the second row repeats ("| | 1.1.1f | | 3.0.0 | |" over "| type |
// 16 bytes | 64 bytes | 16 bytes | 64 bytes |"). The top names are matched
// to the groups in order: the paste lost which cells they spanned.
std::vector<SpannedPart> groups_over_sizes(const Grid& t) {
    const Rows& rows = t.rows();
    std::vector<std::string> names, sizes;
    for (size_t k = 0; k < rows[0].size(); ++k) {
        const std::string& name = t.text(0, k);
        if (name.empty()) continue;
        if (t.number(0, k) || spanning_cell(t, 0, k) || !hand_algorithm_word(name).empty())
            return {};
        names.push_back(name);
    }
    size_t labels = 0;  // the second row's label cells before its sizes
    while (labels < rows[1].size() && !spanning_cell(t, 1, labels)) ++labels;
    for (size_t k = labels; k < rows[1].size(); ++k) {
        if (!spanning_cell(t, 1, k)) return {};
        sizes.push_back(t.text(1, k));
    }
    std::vector<std::string> group = period(sizes, names.size());
    if (group.empty()) return {};
    std::vector<SpannedPart> parts;
    for (size_t j = 0; j < names.size(); ++j) {
        if (read_header_cell(names[j]).ratio) continue;
        SpannedPart part;
        part.version = version_of(names[j]);
        part.rows.emplace_back(rows[1].begin(), rows[1].begin() + labels + group.size());
        part.from.push_back(1);
        part.rows[0].insert(part.rows[0].begin() + labels,
                            part.version.empty() ? "machine" : "OpenSSL version");
        for (size_t r = 2; r < rows.size(); ++r) {
            if (rows[r].size() != rows[1].size()) continue;
            std::vector<std::string> row(rows[r].begin(), rows[r].begin() + labels);
            row.push_back(part.version.empty() ? names[j] : part.version);
            auto from = rows[r].begin() + labels + j * group.size();
            row.insert(row.end(), from, from + group.size());
            part.rows.push_back(std::move(row));
            part.from.push_back(r);
        }
        if (part.rows.size() >= 2) parts.push_back(std::move(part));
    }
    return parts;
}

}  // namespace

std::vector<SpannedPart> unfold_spanned_header(const Grid& t) {
    const Rows& rows = t.rows();
    if (rows.size() < 3) return {};
    if (auto parts = groups_over_sizes(t); !parts.empty()) return parts;
    std::vector<std::string> spans;
    for (size_t k = 0; k < rows[0].size(); ++k) {
        const std::string& c = rows[0][k];
        // A number in the corner is the sheet's test number ("1 | 16 bytes
        // | ..."), no figure; anywhere else the row is data, not a header.
        if (t.number(0, k) && (k > 0 || !test_number(c))) return {};
        if (spanning_cell(t, 0, k)) spans.push_back(c);
    }
    if (spans.size() < 2) return {};  // no group repeats: the second row need not be read
    std::vector<std::string> members = group_labels(t, spans.size());
    const size_t values = members.size() * spans.size(), width = rows[2].size();
    if (members.empty() || width <= values) return {};
    const size_t labels = width - values;  // the row's label cells before the figures
    std::vector<SpannedPart> parts;
    for (size_t j = 0; j < members.size(); ++j) {
        if (read_header_cell(members[j]).ratio) continue;  // "Percentage Diff": no figures
        SpannedPart part;
        part.version = version_of(members[j]);
        part.rows.emplace_back();
        part.from.push_back(0);
        for (size_t k = 0; k < labels; ++k)
            part.rows[0].push_back(k < rows[0].size() && !test_number(rows[0][k]) ? rows[0][k]
                                                                                  : "");
        part.rows[0].push_back(part.version.empty() ? "machine" : "OpenSSL version");
        part.rows[0].insert(part.rows[0].end(), spans.begin(), spans.end());
        for (size_t r = 2; r < rows.size(); ++r) {
            if (rows[r].size() != width) continue;  // a note under the table, a total
            std::vector<std::string> row(rows[r].begin(), rows[r].begin() + labels);
            row.push_back(part.version.empty() ? members[j] : part.version);
            for (size_t s = 0; s < spans.size(); ++s)
                row.push_back(rows[r][labels + s * members.size() + j]);
            part.rows.push_back(std::move(row));
            part.from.push_back(r);
        }
        if (part.rows.size() >= 2) parts.push_back(std::move(part));
    }
    return parts;
}

}  // namespace speedlab::parse
