#pragma once
// A benchmark run: measured here or imported from text, with its provenance.
#include <cstdint>
#include <string>
#include <vector>

#include "core/conditions.h"
#include "core/machine.h"
#include "core/measurement.h"
#include "core/raw_text.h"
#include "core/run_source.h"
#include "core/shared.h"

namespace speedlab {

enum class Timing { unknown, user_cpu, wall };
std::string to_string(Timing timing);
Timing parse_timing(const std::string& text);

struct Run {
    int64_t id = 0;  // assigned by the store; 0 until stored
    std::string label;
    std::string when;  // ISO 8601 UTC time the run was measured or imported
    std::string
        measured_at;  // ISO 8601 UTC: measured here, or what an imported text states; "" unknown
    std::string stored_at;           // ISO 8601 UTC time this store took it (set by the store)
    std::string source;              // "measured" or "imported"
    std::string source_file;         // imported: the file's name
    std::string source_sha256;       // imported: sha256 of the file's text
    RawText raw_text;                // imported: the lines this run was read from
    std::vector<RunSource> sources;  // imported: every text it was read from, the first first
    std::string program;             // "speedlab 0.1.0" or "openssl speed"
    std::string version;             // "libcrypto 3.0.19" or "OpenSSL 0.9.6b [engine] 9 Jul 2001"
    std::string built_on;
    std::string options;
    std::string compiler;  // compiler line (with the C flags), as printed
    std::string cpuinfo;   // 3.x "CPUINFO:" line
    Timing timing = Timing::unknown;
    std::string platform = "native";  // or the wrapper / emulator command
    std::string cpu_mask;             // OPENSSL_ia32cap in effect, if any
    bool complete = true;
    int processes = 1;               // benchmark processes whose figures were summed (-multi)
    std::vector<std::string> notes;  // what the importer or runner wants said
    Shared<Machine> machine;         // the runs of one text share it
    Shared<Conditions> conditions;   // measured runs: what the machine was doing meanwhile
    std::vector<Measurement> measurements;

    const Measurement* find(const std::string& algorithm, Operation op, int64_t parameter) const;
};

}  // namespace speedlab
