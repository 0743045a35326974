#pragma once
// Stage 1 of import, unwrap: openssl's table rows that mail or a page broke
// over two lines or ran together on one, mended with the column count of the
// header above them. The later stages see each row whole, on one line.
#include <cstddef>
#include <string_view>
#include <vector>

#include "parse/clean_line.h"

namespace speedlab::parse {

class TableRows {
  public:
    // Each clean line as unwrap keeps it (its index in LINES): a table's
    // header starts the rows it counts columns for.
    void kept(const std::vector<CleanLine>& lines, size_t at);
    // `t` holds the last figures of the row `prev` (the line before it).
    bool rest_of_row(const std::vector<CleanLine>& lines, std::string_view prev,
                     std::string_view t) const;
    // "md5 1.00k ... sha1 11.00k ...": each row of LINE to OUT; past
    // kMaxRowsOnALine the rest is dropped and said in DIAGNOSTICS.
    void rows_of(std::string_view line, size_t number, std::vector<std::string_view>& out,
                 std::vector<Diagnostic>& diagnostics);

  private:
    static constexpr size_t kNone = static_cast<size_t>(-1);
    size_t type_header_ = kNone;           // the "type 16 bytes ..." header of the rows below
    size_t key_header_ = kNone;            // the "sign verify sign/s verify/s" header, or a KEM one
    std::vector<std::string_view> words_;  // the line rows_of reads, split
};

}  // namespace speedlab::parse
