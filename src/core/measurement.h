#pragma once
// One figure of a benchmark run, in base units.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/maybe.h"
#include "core/name.h"

namespace speedlab {

// What a figure counts. Throughput is bytes per second; `score` is a figure
// in its own unit (BogoMips); every other operation is operations per second.
enum class Operation {
    throughput,
    sign,
    verify,
    derive,
    keygen,
    encaps,
    decaps,
    encrypt,
    decrypt,
    score
};

std::string_view to_string(Operation op);
std::optional<Operation> parse_operation(std::string_view text);

// The printed forms of a public-key figure, as printed: per second (20.6)
// and seconds per operation (0.0485). A value type, not a map: a run holds
// thousands of figures and most have neither.
struct PrintedForms {
    Maybe<double> per_second, seconds_per_op;
    bool empty() const { return !per_second && !seconds_per_op; }
    bool operator==(const PrintedForms&) const = default;
};

struct Measurement {
    Name algorithm;  // canonical id, e.g. "md5", "rsa2048", "ecdsa-p256"
    Operation operation = Operation::throughput;
    // The 1-based line of the run's raw_text the figure was read from (its
    // table row, else its progress line or -mr record), so a page marks it
    // without reading the text again; 0: measured, or not known.
    uint32_t line = 0;
    int64_t parameter = 0;  // block size in bytes for throughput, 0 otherwise
    double value = 0;       // bytes/s for throughput, operations/s otherwise
    // Smallest step the source printed the figure with, in base units: 10 for
    // "469.71k" (1000s of bytes/s, 2 decimals), 0.1 for "20.6" ops/s. 0 when
    // the figure carries full precision (measured, or count/seconds known).
    double printed_step = 0;
    Maybe<int64_t> count;         // operations counted, where known
    Maybe<double> seconds;        // time the count took, where known
    std::vector<double> samples;  // one value per repetition, base units
    Name source_name;             // the row name as the source printed it
    PrintedForms printed;         // of a public-key row; `value` keeps the more precise
};

// The figures a real machine can give, per second: one operation in about three
// hours (an 8088 signing with RSA-4096) to a petabyte (1024 processes of the
// fastest cipher). Outside them a figure is a typo or a broken record, and a
// ratio of two of them would not be a finite number.
inline constexpr double kLeastFigure = 1e-4, kGreatestFigure = 1e15;
inline bool plausible_figure(double v) {
    return v >= kLeastFigure && v <= kGreatestFigure;
}
// Why a figure is left out: "not stored: md5@16 is 1e+17/s, not a figure a machine gives ...".
std::string implausible_note(const Measurement& m);
// Takes the figures (and samples) no machine gives out of FIGURES; one note
// each. Every run passes here before it is identified or stored, so a run's
// key is computed from what is stored (parse's resolve stage, bundles, the store).
std::vector<std::string> drop_implausible(std::vector<Measurement>& figures);

// Input lines FIRST..LAST became a run's raw text: each figure's input line
// becomes that text's (1-based), 0 where it lies outside them.
void lines_in_raw_text(std::vector<Measurement>& figures, size_t first, size_t last);

// "md5@8192", "rsa2048.sign", "ecdh-x25519.derive": the key used by --metrics.
std::string metric_key(const Measurement& m);

struct MetricKey {
    std::string algorithm;
    Operation operation = Operation::throughput;
    int64_t parameter = 0;
};
// The same text for a key alone: parse_metric_key's inverse.
std::string metric_key(const MetricKey& k);
std::optional<MetricKey> parse_metric_key(std::string_view text);

}  // namespace speedlab
