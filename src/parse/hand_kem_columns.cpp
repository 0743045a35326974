// openssl 3.5's KEM table typed: "keygen/s | encaps/s | decaps/s" over rows
// naming a KEM ("X25519", "ML-KEM-768", "X25519MLKEM768"), each row's figures
// at the id openssl speed's own KEM rows take (classify.cpp table_algorithm).
#include "core/algorithm_families.h"
#include "core/rate_words.h"
#include "core/text.h"
#include "parse/classify.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

namespace {

// The id of a row naming a KEM, as openssl speed's KEM table names it; empty
// for any other row (a signature's, a TLS group's prose).
std::string kem_row_id(const std::string& label) {
    if (label.empty() || label.find(' ') != std::string::npos) return {};
    std::string id = table_algorithm(TableKind::kem, label);
    return kem_table_id(id) ? id : std::string();
}

}  // namespace

std::vector<ColumnFigure> kem_column_figures(const Grid& t) {
    std::vector<std::pair<size_t, Operation>> columns;
    bool encaps = false;
    for (size_t k = 1; k < t.row(0).size(); ++k) {
        const std::string& h = t.text(0, k);
        if (h.size() < 8 || h.back() != 's') continue;  // the byte test
        // "keygen/s", "keygens/s", "encaps/s", "decaps/s": a KEM table's columns.
        auto op = rate_operation(h);
        if (op == Operation::keygen || op == Operation::encaps || op == Operation::decaps) {
            columns.emplace_back(k, *op);
            encaps = encaps || *op != Operation::keygen;
        }
    }
    std::vector<ColumnFigure> out;
    if (!encaps) return out;  // keygen/s alone heads a signature table too
    for (size_t r = 1; r < t.size(); ++r) {
        std::string id = kem_row_id(t.text(r, 0));
        if (id.empty()) continue;
        for (auto [k, op] : columns)
            if (auto n = t.figure(r, k); n && n->value > 0 && !n->own_unit)
                out.push_back({id, op, 0, *n, 0, r});
    }
    return out;
}

}  // namespace speedlab::parse
