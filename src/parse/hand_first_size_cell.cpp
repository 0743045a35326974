// "| machine | sha256 16 bytes | 64 bytes | 256 bytes |": the algorithm named
// once, in the first of a run of block-size cells, as a spanned header row
// names it once above them (hand_table.cpp's spanning_header). The sizes after
// it are that algorithm's until a cell names another or no size.
#include "core/algorithm.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// A header cell naming a block size (and maybe an algorithm): not a ratio,
// an operation, or a key's bits ("rsa 2048").
bool size_cell(const Grid& t, size_t k, const HeaderCell& h) {
    return h.size > 0 && !h.ratio && h.operation == Operation::throughput && t.names_size(0, k) &&
           (h.algorithm.empty() || !named_with_key_bits(h.algorithm));
}

}  // namespace

std::optional<Grid> algorithm_over_sizes(const Grid& t) {
    Rows rows = t.rows();
    std::string algorithm;  // the one the last size cell named, while sizes go on
    size_t carried = 0;
    for (size_t k = 0; k < t.row(0).size(); ++k) {
        const HeaderCell h = t.header(0, k);
        if (!size_cell(t, k, h)) {
            algorithm.clear();
        } else if (!h.algorithm.empty()) {
            algorithm = h.algorithm;
        } else if (!algorithm.empty()) {
            rows[0][k] = algorithm + " " + t.cell(0, k);
            ++carried;
        }
    }
    if (carried == 0) return std::nullopt;
    return Grid(t.first, t.end, std::move(rows), t.row_lines());
}

}  // namespace speedlab::parse
