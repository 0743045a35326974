#pragma once
// Finds every `openssl speed` run in foreign text (any version from SSLeay
// 0.9 to OpenSSL 3.x and LibreSSL, human or -mr output, pasted into mail or a
// web page) and the system facts printed around it. Stages: 1 unwrap
// (clean_lines.cpp), 2 classify, 3 assemble (speed_parser.cpp, mr_records),
// 4 resolve (run_builder). A text may hold thousands of runs (the bench's mixed
// corpus: 21 MB, 12,814 runs, 146k figures), so nothing is held twice: a run's
// raw text is a span of the input, machines are shared (SharedPool,
// LabelledMachines), a cleaned line is 16 bytes, a diagnostic 24, runs a deque;
// bench/import_speed measures the speed and the peak memory per input byte.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/run.h"
#include "core/shared.h"
#include "parse/clean_line.h"
#include "parse/diagnostic.h"

namespace speedlab::parse {

struct UnusedLine {
    size_t line = 0;  // 1-based line number in the input
    std::string text;
};

struct ParsedText {
    // A deque: a text may hold thousands of runs, and a vector would hold up
    // to twice their size while it grows (memory stays under 4x the input).
    std::deque<Run> runs;                 // source "imported", raw_text kept
    size_t unused_lines = 0;              // lines inside runs that nothing recognised
    size_t ratio_table_line = 0;          // first line of a ratio table (sslcmp, percent), 0: none
    std::vector<Diagnostic> diagnostics;  // in line order
    // No run found: the line that came closest (openssl's shape outside any
    // run, else a line naming OpenSSL), for "file:line:"; 0: none.
    size_t closest_line = 0;
    std::string closest_what;
};

// Input that cannot be read at all (binary, too large); what() is "file:line: ...".
struct InputError : Error {
    explicit InputError(const std::string& what) : Error(ErrorKind::input, what) {}
};

// Largest text parse_speed_text accepts, so memory stays bounded.
inline constexpr size_t kMaxInputBytes = 64u << 20;

struct ParseOptions {
    // Neighbouring invocations of one build on one machine that share no
    // figure become one run (seed 004); false keeps every invocation apart.
    bool merge_invocations = true;
};

ParsedText parse_speed_text(std::string_view text, const std::string& file_name,
                            const ParseOptions& options = {});
// The same, keeping TEXT instead of a copy: each run's raw text is a span of it.
ParsedText parse_speed_text(std::shared_ptr<std::string> text, const std::string& file_name,
                            const ParseOptions& options = {});

// Every machine the system facts of a text (uname, cpuinfo, meminfo, PCI lists,
// /proc/pci, dmesg) describe, in order (seed 004: the Athlon, then the P III);
// lines that said nothing go to `unrecognised`.
std::vector<Machine> parse_system_machines(std::string_view text, const std::string& file_name,
                                           std::vector<UnusedLine>& unrecognised);

}  // namespace speedlab::parse
