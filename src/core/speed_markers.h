#pragma once
// The one table of the words that start openssl speed's own lines: the
// importer finds lines by them (classify, and unwrap where a page flattened
// the output onto one line) and the report writes its tables with them, so a
// table speedlab writes is read back as it was written.
#include <string_view>

namespace speedlab {

enum class SpeedMarker {
    version,         // "version: 3.0.19" (3.x); older versions print "OpenSSL 1.1.1w ..."
    built_on,        // "built on: ..." (SSLeay 0.9.0: "built on ..." without the colon)
    options,         // "options:bn(64,64) ..."
    compiler,        // "compiler: gcc ..."
    c_flags,         // "C flags: ..." (SSLeay, 0.9.x): the compiler line's older name
    cpuinfo,         // "CPUINFO: OPENSSL_ia32cap=..."
    numbers_note,    // "The 'numbers' are in 1000s of bytes per second processed."
    type_header,     // "type 16 bytes 64 bytes ..."
    timing_options,  // "available timing options: TIMES TIMEB HZ=100"
    timing_used,     // "timing function used: times"
    // speedlab's own table (show): what openssl's lines do not say of a run.
    run_timing,   // "timing: wall clock, 2 processes at once (figures are their sums)"
    partial_run,  // "partial run: interrupted or cut off; ..." (also before -mr records)
};

struct SpeedMarkerText {
    SpeedMarker marker;
    std::string_view text;  // as the line starts, without what follows
};

inline constexpr SpeedMarkerText kSpeedMarkers[] = {
    {SpeedMarker::version, "version:"},
    {SpeedMarker::built_on, "built on"},
    {SpeedMarker::options, "options:"},
    {SpeedMarker::compiler, "compiler:"},
    {SpeedMarker::c_flags, "C flags:"},
    {SpeedMarker::cpuinfo, "CPUINFO:"},
    {SpeedMarker::numbers_note, "The 'numbers' are"},
    {SpeedMarker::type_header, "type"},
    {SpeedMarker::timing_options, "available timing options:"},
    {SpeedMarker::timing_used, "timing function used:"},
    {SpeedMarker::run_timing, "timing:"},
    {SpeedMarker::partial_run, "partial run:"},
};

// What speedlab's timing line says of a -multi run, after its count: "timing:
// wall clock, 2 processes at once (figures are their sums)".
inline constexpr std::string_view kProcessesAtOnce = " processes at once";

constexpr std::string_view marker_text(SpeedMarker m) {
    for (const auto& e : kSpeedMarkers)
        if (e.marker == m) return e.text;
    return {};
}

}  // namespace speedlab
