#pragma once
// The table of readers: one entry per kind of file import takes (a speedlab
// bundle, openssl speed's text, the files other tools write). A new input
// format is one more entry: a name, a sniff of the file's first bytes, a read.
#include <deque>
#include <istream>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/run.h"

namespace speedlab::import {

struct Options;

// Enough of a file to tell its kind.
inline constexpr size_t kSniffBytes = 64 << 10;

// One file as a reader sees it.
struct Input {
    std::string name{};                   // as messages name it: "FILE:LINE: ..."
    std::string head{};                   // its first bytes (kSniffBytes at most)
    std::istream* rest = nullptr;         // the bytes after `head`: a streamed reader's
    std::shared_ptr<std::string> text{};  // the whole file: a whole-text reader's
    const Options* options = nullptr;
};

// What a reader made of a file: runs, or why none.
struct Read {
    std::deque<Run> runs;
    std::string refused;  // "FILE:LINE: why": nothing imported
    size_t unused_lines = 0;
    std::vector<std::string> diagnostics;  // "file:line: severity: message"
};
// Appends MORE's runs, unused lines and diagnostics to OUT: a text read by
// one reader in parts (its fenced and unfenced CSVs). MORE's refusal is dropped.
void append_read(Read& out, Read&& more);

struct Reader {
    std::string_view name;
    // Whether a file starting with HEAD is of this kind.
    bool (*sniff)(std::string_view head);
    Read (*read)(Input& input);
    // Runs carried whole from another store (a bundle: streamed, judged run
    // by run); else a text read whole, named and identified by its sha256.
    bool carries_runs = false;
};

// Every reader, most specific first; the last (openssl speed's text) takes anything.
std::span<const Reader> readers();
const Reader& reader_for(std::string_view head);

// Appends what IN gives until TEXT holds more than LIMIT bytes or the input ends.
void read_chunks(std::istream& in, size_t limit, std::string& text);

// The readers (one file each).
Read read_bundle(Input& input);
Read read_openssl_text(Input& input);
bool columns_sniff(std::string_view head);
Read read_columns(Input& input);  // CSV, TSV or JSON with named columns
bool mr_sections_sniff(std::string_view head);
Read read_mr_sections(Input& input);  // a harness's `ALGO:` sections of -mr -multi output
bool metrics_sniff(std::string_view head);
Read read_metrics(Input& input);  // a harness's `aes-128-cbc 16-byte ... KB/sec` rows
bool metric_keys_sniff(std::string_view head);
Read read_metric_keys(Input& input);  // JSON keyed by figure: `"aes_256_gcm_1k_kbs": 7604872.4`
bool result_lines_sniff(std::string_view head);
Read read_result_lines(Input& input);  // a script's `rsa2048-sign pass 8715.5 sign/s` lines
bool phoronix_sniff(std::string_view head);
Read read_phoronix(Input& input);  // Phoronix Test Suite's OpenSSL results, text or console
bool phoronix_xml_sniff(std::string_view head);
Read read_phoronix_xml(Input& input);  // Phoronix Test Suite's result file (composite.xml)
bool oneliner_table_sniff(std::string_view head);
Read read_oneliner_table(Input& input);  // the OpenWrt one-liner's table of 1024-byte columns

}  // namespace speedlab::import
