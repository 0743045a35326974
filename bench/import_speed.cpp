// How fast `speedlab import` reads text: the goal is 20 MB/s or more.
// Build with -DSPEEDLAB_BENCHMARKS=ON; run build/bench_import_speed.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "parse/speed_parser.h"

namespace {
std::string corpus(size_t target_bytes) {
    std::string one;
    for (const auto& entry : std::filesystem::directory_iterator(SPEEDLAB_TEST_DATA)) {
        std::ifstream in(entry.path());
        std::stringstream ss;
        ss << in.rdbuf();
        one += ss.str() + "\n";
    }
    std::string text;
    while (text.size() < target_bytes) text += one;
    return text;
}

void BM_ImportMixedText(benchmark::State& state) {
    static const std::string text = corpus(20u << 20);
    size_t runs = 0;
    for (auto _ : state) {
        auto parsed = speedlab::parse::parse_speed_text(text, "bench");
        runs = parsed.runs.size();
        benchmark::DoNotOptimize(parsed);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
    state.counters["runs"] = static_cast<double>(runs);
    state.counters["x 20MB/s goal"] =
        benchmark::Counter(static_cast<double>(state.iterations() * text.size()) / 1e6 / 20,
                           benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ImportMixedText)->Unit(benchmark::kMillisecond)->MinTime(2);
}  // namespace

BENCHMARK_MAIN();
