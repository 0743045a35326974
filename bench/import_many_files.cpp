// How fast `speedlab import a b c ...` reads many files, wall clock: the
// texts' readers run side by side (import::read_files), one thread per core.
// Build with -DSPEEDLAB_BENCHMARKS=ON; run build/bench_import_many_files.
// Many files (BM_ImportManyFiles: every file of tests/data but fuzz, 187
// files, 1.3 MB, read, parsed, made final and named as `import` does): the
// texts' readers now run side by side (import::read_files), one thread per
// core. The 60 MB/s figure above is one thread's parse (BM_ImportMixedText);
// this case's figures are wall clock, single thread and parallel apart. Load
// 6 on the 2 shared cores, back to back: 1 thread 94 ms median (6.8 MB/s),
// 2 threads 112 ms (5.8 MB/s, cv 20%): with no core idle, no gain here; the
// gain needs idle cores, and is not measured on this machine.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "import/pipeline.h"

namespace {
// `speedlab import a b c ...` as a user gives it many files: every file of
// the corpus once, each read, parsed, made final and named (a dry run). The
// argument is the threads reading texts side by side (import::read_files):
// 1 is the single-thread figure, 0 one thread per core.
void BM_ImportManyFiles(benchmark::State& state) {
    std::vector<std::string> paths;
    size_t bytes = 0;
    const auto fuzz = std::filesystem::path(SPEEDLAB_TEST_DATA) / "fuzz";
    for (const auto& entry : std::filesystem::recursive_directory_iterator(SPEEDLAB_TEST_DATA)) {
        if (!entry.is_regular_file() || entry.path().parent_path() == fuzz) continue;
        paths.push_back(entry.path().string());
        bytes += entry.file_size();
    }
    std::sort(paths.begin(), paths.end());
    speedlab::import::Options options;
    options.dry_run = true;
    options.threads = static_cast<size_t>(state.range(0));
    auto open = [](const std::string& path, std::ifstream& file) -> std::istream* {
        file.open(path, std::ios::binary);
        return &file;
    };
    size_t runs = 0;
    for (auto _ : state) {
        speedlab::import::Found found;
        speedlab::import::read_files(paths, options, found, open);
        runs = 0;
        for (const auto& f : found.files) runs += f.runs.size();
        benchmark::DoNotOptimize(found);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
    state.counters["files"] = static_cast<double>(paths.size());
    state.counters["runs"] = static_cast<double>(runs);
    state.counters["threads"] = static_cast<double>(
        options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency()));
}
BENCHMARK(BM_ImportManyFiles)
    ->Arg(1)
    ->Arg(0)
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true)
    ->UseRealTime();  // wall clock: the threads' CPU time is not the user's wait
}  // namespace

BENCHMARK_MAIN();
