// Typed tables' runs named as people name them (issue 34, tests/data/misses
// round eight): each naming rule asserted on a small text of its shape and on
// the real text it came from, with the run's label as import gives it, its
// machine, and one figure unchanged (algorithm, size, value).
#include <gtest/gtest.h>

#include "import/labels.h"
#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kSbc =
    "misses/sbc-bench-armv8-aes-256-cbc-column-16k-in-prose-soc-rows-core-group-rows-ratio.md";

// Boards named by Markdown links, grouped under rows of a core and empty
// cells, a clock column: two boards of one name told apart by core and clock.
constexpr const char* kLinkShape =
    "`openssl speed -evp aes-256-cbc`, its 16K chunk size column:\n"
    "\n"
    "| core | MHz | aes-256-cbc | score/mhz |\n"
    "| --- | --- | --- | --- |\n"
    "| Cortex-A53 | | | |\n"
    "| [RK3399](http://example.org/a) | 1500 | 700000 | 466 |\n"
    "| [Pi 3](http://example.org/b) | 1200 | 560000 | 466 |\n"
    "| Cortex-A72 | | | |\n"
    "| [RK3399](http://example.org/c) | 2000 | 1140000 | 570 |\n";

struct NameWant {
    const char* name;
    const char* input;  // a text, or a file under tests/data ("misses/...")
    size_t run;
    const char* label;    // as import labels it (import/labels.h)
    const char* machine;  // the machine's name
    const char* core;     // its core, "" when none
    double mhz;           // its clock, 0 when none
    const char* algorithm;
    int64_t size;
    double value;  // bytes/s
};

import::Read read_named(std::string_view input){bool file = input.ends_with(".txt") ||
                                                            input.ends_with(".md");
import::Read read = file ? read_text(std::string(input), read_fixture(std::string(input))).read
                         : read_text("typed.txt", std::string(input)).read;
import::readable_labels(read.runs);
return read;
}  // namespace

void expect_names(const NameWant& w) {
    SCOPED_TRACE(w.name);
    import::Read read = read_named(w.input);
    expect_figure(read, w.run, w.algorithm, Operation::throughput, w.size, w.value);
    if (w.run >= read.runs.size()) return;
    const speedlab::Run& run = read.runs[w.run];
    EXPECT_EQ(run.label, w.label);
    EXPECT_EQ(run.machine->label, w.machine);
    EXPECT_EQ(run.machine->cpu_core, w.core);
    EXPECT_EQ(run.machine->cpu_mhz.value_or(0), w.mhz);
}

}  // namespace

TEST(ImportTypedNames, LinkTextGroupRowsAndClock) {
    const NameWant wants[] = {
        // A link names its machine by its text; a group row is the core of the
        // rows under it; a clock column the machine's clock.
        {"link", kLinkShape, 0, "RK3399 Cortex-A53-1500MHz", "RK3399", "Cortex-A53", 1500,
         "aes-256-cbc", 16384, 700e6},
        {"link, one name", kLinkShape, 1, "Pi-3", "Pi 3", "Cortex-A53", 1200, "aes-256-cbc", 16384,
         560e6},
        {"link, second group", kLinkShape, 2, "RK3399 Cortex-A72-2000MHz", "RK3399", "Cortex-A72",
         2000, "aes-256-cbc", 16384, 1140e6},
        {"sbc first", kSbc, 0, "RK3308", "RK3308", "Cortex-A35", 1300, "aes-256-cbc", 16384,
         282290e3},
        {"sbc link and words after it", kSbc, 12, "S5P6818-64-bit", "S5P6818 (64-bit)",
         "Cortex-A53", 1400, "aes-256-cbc", 16384, 653770e3},
        {"sbc one SoC, two cores", kSbc, 18, "RK3399 Cortex-A53-1510MHz", "RK3399", "Cortex-A53",
         1510, "aes-256-cbc", 16384, 695265e3},
        {"sbc one SoC, two cores, A72", kSbc, 31, "RK3399 Cortex-A72-1800MHz", "RK3399",
         "Cortex-A72", 1800, "aes-256-cbc", 16384, 1023600e3},
        {"sbc last", kSbc, 41, "RK3588 Cortex-A76-985MHz", "RK3588", "Cortex-A76", 985,
         "aes-256-cbc", 16384, 560196e3},
    };
    for (const auto& w : wants) expect_names(w);
    // The group rows and the score/mhz ratio give no run and no figure.
    EXPECT_EQ(read_named(kLinkShape).runs.size(), 3u);
    EXPECT_EQ(read_named(kSbc).runs.size(), 42u);
    for (const speedlab::Run& run : read_named(kSbc).runs) EXPECT_EQ(run.measurements.size(), 1u);
}
