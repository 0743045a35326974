#include <algorithm>

#include "import/reader.h"
#include "store/bundle.h"

namespace speedlab::import {

namespace {
bool bundle_sniff(std::string_view head) {
    return store::looks_like_json(std::string(head));
}
bool any_text(std::string_view) {
    return true;
}

// Most specific first: Phoronix Test Suite's result XML; a JSON export of
// another tool before a bundle, which takes any other JSON (and says what it
// lacks); openssl's text takes the rest.
constexpr Reader kReaders[] = {
    {"phoronix result xml", phoronix_xml_sniff, read_phoronix_xml, false},
    {"openwrt one-liner table", oneliner_table_sniff, read_oneliner_table, false},
    {"columns", columns_sniff, read_columns, false},
    {"metric keys", metric_keys_sniff, read_metric_keys, false},
    {"bundle", bundle_sniff, read_bundle, true},
    {"metrics", metrics_sniff, read_metrics, false},
    {"result lines", result_lines_sniff, read_result_lines, false},
    {"phoronix test suite", phoronix_sniff, read_phoronix, false},
    {"openssl -mr sections", mr_sections_sniff, read_mr_sections, false},
    {"openssl speed text", any_text, read_openssl_text, false},
};
}  // namespace

std::span<const Reader> readers() {
    return kReaders;
}

const Reader& reader_for(std::string_view head) {
    for (const auto& r : kReaders)
        if (r.sniff(head)) return r;
    return kReaders[std::size(kReaders) - 1];
}

void append_read(Read& out, Read&& more) {
    for (auto& run : more.runs) out.runs.push_back(std::move(run));
    for (auto& d : more.diagnostics) out.diagnostics.push_back(std::move(d));
    out.unused_lines += more.unused_lines;
}

void read_chunks(std::istream& in, size_t limit, std::string& text) {
    constexpr size_t kChunk = 1 << 20;
    while (text.size() <= limit && in) {
        size_t old = text.size();
        text.resize(old + std::min(kChunk, limit + 1 - old));
        in.read(text.data() + old, static_cast<std::streamsize>(text.size() - old));
        text.resize(old + static_cast<size_t>(in.gcount()));
    }
    text.shrink_to_fit();
}

}  // namespace speedlab::import
