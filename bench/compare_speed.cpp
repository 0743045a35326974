// Comparing 200 stored runs side by side must render in under a second: load
// from SQLite, build the table, render text and HTML.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "compare/ratio.h"
#include "parse/speed_parser.h"
#include "report/comparison.h"
#include "store/database.h"

namespace {
const std::string& database() {
    static const std::string path = [] {
        std::string p = (std::filesystem::temp_directory_path() / "speedlab-bench-200.db").string();
        std::filesystem::remove(p);
        std::ifstream in(std::string(SPEEDLAB_TEST_DATA) + "/seed000-redhat73-pcem.txt");
        std::stringstream ss;
        ss << in.rdbuf();
        auto base = speedlab::parse::parse_speed_text(ss.str(), "seed000").runs.at(2);
        std::vector<speedlab::Run> runs;
        for (int i = 0; i < 200; ++i) {
            auto r = base;
            r.label = "machine-" + std::to_string(i);
            for (auto& m : r.measurements) m.value *= 1 + i * 0.01;
            runs.push_back(std::move(r));
        }
        speedlab::store::Database db(p);
        db.insert(runs);
        return p;
    }();
    return path;
}

void BM_Compare200(benchmark::State& state, const char* format) {
    const std::string& path = database();
    size_t bytes = 0;
    for (auto _ : state) {
        speedlab::store::Database db(path);
        std::vector<speedlab::Run> runs;
        for (int id = 1; id <= 200; ++id) runs.push_back(*db.load(id));
        auto table = speedlab::compare::side_by_side(runs, 0, {});
        auto text = speedlab::report::render(table, format, runs);
        bytes = text.size();
        benchmark::DoNotOptimize(text);
    }
    state.counters["output bytes"] = static_cast<double>(bytes);
}
BENCHMARK_CAPTURE(BM_Compare200, text, "text")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Compare200, html, "html")->Unit(benchmark::kMillisecond);
}  // namespace

BENCHMARK_MAIN();
