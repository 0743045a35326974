#pragma once
// What a typed table's grid is, read once per grid (its header's words, its
// shape): the rules of hand_table.cpp ask these before they run, so a grid
// none of them can read passes only the tests it could pass, and a rule
// reads a header's lower-case words from here instead of making them again.
#include <string>
#include <vector>

#include "parse/hand_grid.h"

namespace speedlab::parse {

struct GridFacts {
    size_t width = 0;                       // cells of the header row
    size_t rows = 0;                        // rows, the header's included
    std::vector<std::string> header_lower;  // each header cell's text, lower case
    bool rate_header = false;               // a header cell after the first with "/s" ("sign/s")
    bool verify_header = false;             // a header cell typed with "erify" ("sign/verify")
    bool openssl_header = false;            // a header cell after the first naming openssl
    bool lone_cell_row = false;             // a row under the header of one cell ("AES-128-GCM")
    bool bogomips = false;                  // a cell of the first two rows naming BogoMips
    bool size_header = false;               // a header cell naming a size, bytes or a block
};
GridFacts grid_facts(const Grid& t);

}  // namespace speedlab::parse
