#pragma once
// Stage 2 of import, classify: what one cleaned line is, from its own text
// alone (no parser state), as golang/perf's benchfmt reader tags lines
// before one function per kind handles them. Rows are told apart by shape;
// whether a row belongs to the run being read is the assembler's question.
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/measurement.h"
#include "core/run.h"
#include "parse/line_facts.h"

namespace speedlab::parse {

// What a line is; each kind has a record below (Line) with what it carries.
enum class LineKind : uint8_t {
    blank,
    prompt,             // "user@host:~$ openssl speed ..."
    progress,           // "Doing md5 for 3s on 16 size blocks: ..."
    mr_record,          // a -mr record behind any prefix
    version,            // "OpenSSL 1.1.1w  11 Sep 2023", "version: 3.0.2"
    elapsed_notice,     // "You have chosen to measure elapsed time ..."
    built_on,           // the date or platform
    options,            // the options
    compiler,           // the command line
    timing_note,        // "timing function used: ..."
    cpuinfo,            // "CPUINFO: OPENSSL_ia32cap=..."
    run_timing,         // speedlab's "timing: wall clock, 2 processes at once"
    partial_run,        // speedlab's "partial run: interrupted or cut off; ..."
    forked_child,       // "Forked child 3"
    numbers_note,       // "The 'numbers' are in 1000s of bytes per second processed."
    throughput_header,  // "type 16 bytes 64 bytes ..."
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
    // Words after the figures ("<TAB>software SSE2"), naming the run of rows
    // of several runs interleaved; empty: none.
    std::string_view label;
};

// One record per kind of line, each with only what that kind carries; the
// assembler visits them, one function per kind (golang/perf benchfmt's reader).
struct Blank {};
struct Other {};
struct Prompt {
    std::string host;
};
// Progress (above): "Doing md5 for 3s on 16 size blocks: ..."
struct MrLine {
    std::string_view record;  // from its '+'
    bool from_child = false;  // "Got: ... from N" (a -multi child's)
};
struct Version {
    std::string version;
};
struct ElapsedNotice {};
struct BuiltOn {
    std::string date;
};
struct Options {
    std::string options;
};
struct Compiler {
    std::string command;
};
struct TimingNote {};
struct CpuInfo {
    std::string mask;  // the env mask, if any
};
struct RunTiming {
    Timing clock = Timing::unknown;  // unknown: not stated
    int processes = 1;
};
struct PartialRun {};
struct ForkedChild {
    int child = 0;
};
struct NumbersNote {};
struct ThroughputHeader {
    std::vector<int64_t> sizes;  // empty: malformed
};
struct PublicKeyHeader {
    TableKind table = TableKind::public_key;
};
// PublicKeyRow (above): "rsa 2048 bits 0.000300s ...".
struct KemRow {
    std::string name;                     // the algorithm as printed
    std::vector<std::string_view> rates;  // the three per-second cells
};
struct ThroughputRow {
    std::string name;                     // the algorithm as printed
    std::vector<std::string_view> cells;  // every place after the name
    size_t figures = 0;                   // cells that are figures
};

// In LineKind's order: a token's kind is its record's index.
using Line =
    std::variant<Blank, Prompt, Progress, MrLine, Version, ElapsedNotice, BuiltOn, Options,
                 Compiler, TimingNote, CpuInfo, RunTiming, PartialRun, ForkedChild, NumbersNote,
                 ThroughputHeader, PublicKeyHeader, PublicKeyRow, KemRow, ThroughputRow, Other>;

static_assert(std::variant_size_v<Line> == static_cast<size_t>(LineKind::other) + 1);
static_assert(
    std::is_same_v<std::variant_alternative_t<static_cast<size_t>(LineKind::throughput_row), Line>,
                   ThroughputRow>);

struct Token {
    std::string_view text;       // the line without surrounding white space
    bool names_command = false;  // mentions "openssl speed"
    Line line = Other{};
    LineKind kind() const { return static_cast<LineKind>(line.index()); }
    // Neither blank nor a build line a run prints ("built on:", options,
    // compiler, CPUINFO: `| tail -5` keeps them without the version): a stray after a prompt.
    bool stray() const {
        LineKind k = kind();
        return k != LineKind::blank && k != LineKind::built_on && k != LineKind::options &&
               k != LineKind::compiler && k != LineKind::cpuinfo;
    }
    template <class T>
    const T& as() const {
        return std::get<T>(line);
    }
};

// "...", ". . .", "…", "— snip —", "[snip]": a person's mark that lines were
// left out. It is no text of its own, as a blank line: rows after it stay
// under the table's header, and it names no run.
bool elision_line(std::string_view t);

Token classify(std::string_view line);
// The same, with what unwrap found the line may hold (its CleanLine's hints):
// classify searches for no word the line cannot hold.
Token classify(std::string_view line, uint8_t hints);

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
