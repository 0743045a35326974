// How fast `speedlab import` reads text and how much memory it needs: the goals
// (issue 34) are 60 MB/s or more on a mixed corpus and a peak of at most 3x the
// input size. The corpus is every file under tests/data but tests/data/fuzz:
// the fuzzer's crash inputs (2000 rows joined on one line) are not real texts.
// Build with -DSPEEDLAB_BENCHMARKS=ON; run build/bench_import_speed.
// December 2026, RelWithDebInfo, a shared 2-core machine at load 10-11:
// 35-39 MiB/s and a peak of 2.88x (from 35 MiB/s and 3.04x on the same
// corpus; pci.ids read for the ids named, typed cells read once). The CPU
// times of a loaded machine move by a tenth between runs: callgrind's
// instruction count of one parse of 2 MB of the corpus (IMPORT_SPEED_MB=2)
// is the figure to compare steps by: 558M -> 493M, of which typed tables
// 217M -> 158M, unwrap 105M, classify 106M, machine text 40M.
// Later, same machine at load 9: 502M -> 443M per 2 MB parse (white space
// passed eight bytes at a time, classify's marker compares by first byte),
// CPU time 566-583 -> 547-552 ms per 20 MB (35 -> 36.6 MiB/s), peak 2.95x.
// Cycles follow instructions only in part: memchr is 15% of the cycles
// (perf), called several times per line by unwrap, classify and the tables.
// Later, load 7-10, with the corpus of 30b9d76: 455M -> 430M per 2 MB parse
// (the sign/verify table asks its question before it splits cells and
// without a lower-case copy, lower_ascii eight bytes at a time, no machine
// needle starting with a space, web_text copying runs of plain bytes),
// 22.5-24.6 -> 25.4-27.4 MiB/s CPU time, peak 2.82x -> 2.83-2.86x. Every
// step left is a few million: 60 MB/s needs fewer passes per line, not
// cheaper ones (typed tables ~141M, ~73M of it reading the grids found;
// unwrap ~103M, classify ~83M, machine text ~32M, context ~18M, dates ~17M).
// Later, load 7-11: a first pass (table_lines.h) marks the lines that may
// start a typed table, so find_grids' start tests skip the rest: 431.6M ->
// 420.3M per 2 MB parse (find_grids without the rules 76M -> 65M); with
// corpus 230-232, 447.6M (d64abf9) -> 436.3M -> 432.7M (sign/verify sought
// only after "/v", a flattened row refused before its label is read), CPU
// time 25.3-27.1 -> 26.1-27.7 MiB/s, peak 2.84x -> 2.88x. The typed tables
// of this corpus are real: 55 of its 99 grids give runs, and the rules on
// them (~88M, of it read_context's whole-text pass ~20M) are most of what is left.
// Separately (d64abf9 vs the same with it), load 9-13, corpus of a4b9d7e:
// 447M -> 421M per 2 MB parse, unwrap
// and classify sharing one read of each line (line_facts.h: unwrap finds
// which kinds of byte an input line holds, skips its searches on that, and
// keeps six hints per clean line that classify and the machine reader ask
// instead of reading the bytes again): classify 81M -> 68M, machine text
// 31M -> 23M, unwrap 100M -> 94M with the pass, memchr 52M -> 40M; CPU time
// 759-840 -> 704-748 ms per 20 MB (23.8-26.5 -> 26.7-28.6 MiB/s), peak 2.83x.
// Both on main (0d33946, corpus of this session's end), load 3-5: 668 ms
// CPU median per 20 MB, 30.5 MiB/s (32 MB/s, 0.53 of the goal), peak 2.83x.
// A rule that searched every line once per row it read (43abb88, an evp
// row's cipher from a harness's keys) had made it 9.0 MiB/s: a text of the
// corpus repeated is thousands of such rows, so a rule looks once a text.
// Later (d3a398a, e92c43c, 95dcac5, 4b1493c), corpus of fbf7abc, callgrind
// per 2 MB parse 479.6M -> 454.2M: a line near a table of sign/s columns has
// its words read only when it names a source file or an API
// (without_other_program_columns 20.2M -> 7.7M); read_context finds its four
// phrases in one SSE2 pass (21.9M -> 16.0M); a cell without markup is its own
// text, no copy (Grid::text); date_runs asks stated_date only of lines whose
// first word may start a date (17.5M -> 12.0M). Load 4-9, back to back: CPU
// median 914-1005 -> 790-844 ms per 20 MB (20.3-22.3 -> 24.2-25.8 MiB/s),
// peak 2.85x, the same 10219 runs and 88119 figures. 46% of the grids read
// give no run and cost as much as those that do; one (a negative's table
// whose rows name no algorithm) pays read_context's pass over the whole
// text, the bench's one text of 2 MB: a rule table deciding per grid which
// rules can apply is the step left, then unwrap (~89M) and classify (~67M).
// Later (corpus of bb9a87f, 478.5M per 2 MB parse on it): that rule table
// (grid_facts.h: a grid's header words and shape read once, each rule
// called only where its first test can pass, name_run and long_rows taking
// the header's lower-case words from the facts) gives 475.9M, typed tables'
// reading 97.6M -> 95.1M, the same 9836 runs and 77870 figures. The rules
// had their byte tests already; what a grid without a run costs is the
// readings every rule shares (header cells, numbers, read_context's pass),
// which skipping rules does not save. Load 9, back to back: 22.0-23.5 ->
// 20.6-25.6 MiB/s CPU time (noise), peak 2.74x.
// Many files (BM_ImportManyFiles) is bench/import_many_files.cpp: linking the
// import pipeline into this program raised its peak by a quarter of the input
// (2.80x -> 3.06x on the corpus of 69b6a83), memory this parse never uses.
#include <benchmark/benchmark.h>
#include <malloc.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "parse/speed_parser.h"

namespace {
std::shared_ptr<std::string> corpus(size_t target_bytes) {
    std::string one;
    const auto fuzz = std::filesystem::path(SPEEDLAB_TEST_DATA) / "fuzz";
    for (const auto& entry : std::filesystem::recursive_directory_iterator(SPEEDLAB_TEST_DATA)) {
        if (!entry.is_regular_file() || entry.path().parent_path() == fuzz) continue;
        std::ifstream in(entry.path());
        std::stringstream ss;
        ss << in.rdbuf();
        one += ss.str() + "\n";
    }
    // Exactly as large as its text, so "peak / input" counts no spare capacity.
    auto text = std::make_shared<std::string>();
    text->reserve((target_bytes / one.size() + 1) * one.size());
    while (text->size() < target_bytes) *text += one;
    return text;
}

// 20 MB, or IMPORT_SPEED_MB megabytes: profilers (callgrind, massif) read a
// 2 MB slice in the time the whole corpus takes them to start.
size_t corpus_bytes() {
    const char* mb = std::getenv("IMPORT_SPEED_MB");
    size_t n = mb ? std::strtoul(mb, nullptr, 10) : 0;
    return (n > 0 ? n : 20) << 20;
}

void BM_ImportMixedText(benchmark::State& state) {
    // Kept by the parse as `speedlab import` keeps a file's text (runs' raw
    // texts are spans of it), so the input is counted once.
    static const std::shared_ptr<std::string> kept = corpus(corpus_bytes());
    const std::string& text = *kept;
    size_t runs = 0, figures = 0;
    double result_bytes = 0;
    for (auto _ : state) {
        size_t before = mallinfo2().uordblks;
        auto parsed = speedlab::parse::parse_speed_text(kept, "bench");
        // What the result itself holds (runs, figures, raw text, diagnostics).
        result_bytes = static_cast<double>(mallinfo2().uordblks - before);
        runs = parsed.runs.size();
        figures = 0;
        for (const auto& run : parsed.runs) figures += run.measurements.size();
        benchmark::DoNotOptimize(parsed);
    }
    state.counters["result / input"] = result_bytes / static_cast<double>(text.size());
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
    state.counters["runs"] = static_cast<double>(runs);
    state.counters["figures"] = static_cast<double>(figures);
    state.counters["x 60MB/s goal"] =
        benchmark::Counter(static_cast<double>(state.iterations() * text.size()) / 1e6 / 60,
                           benchmark::Counter::kIsRate);
    // Peak resident memory of the process (the text itself included), per input byte.
    struct rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    state.counters["peak / input"] =
        static_cast<double>(ru.ru_maxrss) * 1024 / static_cast<double>(text.size());
}
// Shared machines are noisy (a neighbour can take a third of the speed for a
// while): five repetitions, reported as their mean, median, stddev and cv.
BENCHMARK(BM_ImportMixedText)
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
}  // namespace

BENCHMARK_MAIN();
