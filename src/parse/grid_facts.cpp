// A grid's facts in one pass over its header and its rows' widths.
#include "parse/grid_facts.h"

#include "core/text.h"

namespace speedlab::parse {

namespace {
bool has(const std::string& s, std::string_view part) {
    return s.find(part) != std::string::npos;
}
}  // namespace

GridFacts grid_facts(const Grid& t) {
    GridFacts f;
    f.rows = t.size();
    f.width = f.rows ? t.row(0).size() : 0;
    for (size_t k = 0; k < f.width; ++k) {
        const std::string& cell = t.cell(0, k);
        const std::string& text = t.text(0, k);
        f.header_lower.push_back(lower_ascii(text));
        const std::string& h = f.header_lower.back();
        f.rate_header = f.rate_header || (k > 0 && has(text, "/s"));
        f.verify_header = f.verify_header || has(cell, "erify");
        f.openssl_header = f.openssl_header || (k > 0 && mentions(cell, "openssl"));
        f.size_header = f.size_header || has(h, "size") || has(h, "bytes") || has(h, "block");
    }
    for (size_t r = 1; r < f.rows && !f.lone_cell_row; ++r) f.lone_cell_row = t.row(r).size() == 1;
    for (size_t r = 0; r < 2 && r < f.rows && !f.bogomips; ++r)
        for (const auto& cell : t.row(r)) f.bogomips = f.bogomips || mentions(cell, "bogomips");
    return f;
}

}  // namespace speedlab::parse
