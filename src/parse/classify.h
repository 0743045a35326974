#pragma once
// Stage 2 of import, classify: what one cleaned line is, from its own text
// alone (no parser state), as golang/perf's benchfmt reader tags lines
// before one function per kind handles them. Rows are told apart by shape;
// whether a row belongs to the run being read is the assembler's question.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/measurement.h"

namespace speedlab::parse {

enum class LineKind {
    blank,
    prompt,             // "user@host:~$ openssl speed ..." (value: the host)
    progress,           // "Doing md5 for 3s on 16 size blocks: ..."
    mr_record,          // a -mr record behind any prefix
    version,            // "OpenSSL 1.1.1w  11 Sep 2023", "version: 3.0.2" (value)
    elapsed_notice,     // "You have chosen to measure elapsed time ..."
    built_on,           // value: the date or platform
    options,            // value: the options
    compiler,           // value: the command line
    timing_note,        // "timing function used: ..."
    cpuinfo,            // "CPUINFO: OPENSSL_ia32cap=..." (value: the env mask, if any)
    run_timing,         // speedlab's "timing: wall clock, 2 processes at once" (value: the
                        // clock, "wall" or "user"; number: the processes)
    partial_run,        // speedlab's "partial run: interrupted or cut off; ..."
    forked_child,       // "Forked child 3" (number)
    numbers_note,       // "The 'numbers' are in 1000s of bytes per second processed."
    throughput_header,  // "type 16 bytes 64 bytes ..." (sizes; empty: malformed)
    public_key_header,  // "sign verify sign/s verify/s", "keygens/s encaps/s ..."
    public_key_row,     // "rsa 2048 bits 0.000300s ...", " 256 bits ecdsa (nistp256) ..."
    kem_row,            // "ML-KEM-512 0.000015s 0.000012s 0.000016s 66666.7 ..."
    throughput_row,     // "md5 469.71k 2433.45k ..."
    other,
};
std::string_view to_string(LineKind kind);

enum class TableKind { public_key, kem, signature };

// A progress line's figure. `started`: the prompt without a readable result
// (the run was cut off); `empty`: zero operations or zero time.
struct Progress {
    enum class Kind { started, empty, figure, curve } kind = Kind::started;
    std::string id;  // canonical id (figure)
    Operation op = Operation::throughput;
    int64_t bytes = 0;  // block size (throughput), 0 for public-key operations
    int64_t count = 0;
    double seconds = 0;
    std::string source;  // the name as printed
    std::string family;  // curve: "ecdsa", "ecdh", "eddsa", "sm2", "ffdh"
    int64_t bits = 0;    // curve: key bits as printed
};

// A public-key table row: its algorithm and the raw cells of each column kind.
struct PublicKeyRow {
    std::string id;      // "rsa2048", "ecdsa-p256", "ed25519", "ffdh2048"
    std::string family;  // curve families only: their progress lines name no curve
    int64_t bits = 0;
    std::vector<Operation> ops;
    std::string source;                            // "rsa 2048 bits", "256 bits ecdsa (nistp256)"
    std::vector<std::string_view> seconds, rates;  // "0.000300s"; "3333.3"
};

struct Token {
    LineKind kind = LineKind::other;
    std::string_view text;       // the line without surrounding white space
    bool names_command = false;  // mentions "openssl speed"
    std::string value;
    int number = 0;  // forked_child: the child; throughput_row: cells that are figures
    std::vector<int64_t> sizes;
    TableKind table = TableKind::public_key;
    std::string_view record;  // mr_record: from its '+'
    bool from_child = false;  // mr_record: "Got: ... from N" (a -multi child's)
    Progress progress;
    PublicKeyRow public_key;
    std::string name;                     // throughput_row and kem_row: the algorithm as printed
    std::vector<std::string_view> cells;  // throughput_row: every place; kem_row: 3 rates
    // public_key_row: words after the figures ("<TAB>software SSE2"), naming
    // the run of rows of several runs interleaved; empty: none.
    std::string_view label;
};

Token classify(std::string_view line);

// The id of a KEM or signature table row: "rsa2048" in a signature table is
// "sig-rsa2048", in a KEM table "kem-rsa2048"; other names lower-cased.
std::string table_algorithm(TableKind table, std::string_view printed);

// Looks at the line under a header (the assembler's one line of lookahead):
// a throughput row with openssl's "k" cells; a row of three-decimal ratios
// (sslcmp); a public-key, KEM or signature row with seconds-per-operation cells.
bool row_in_kilobytes(std::string_view line);
bool row_of_ratios(std::string_view line);
bool row_with_seconds(const Token& tok);

}  // namespace speedlab::parse
