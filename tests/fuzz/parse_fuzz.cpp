// libFuzzer target: the importer must never crash, hang or read out of bounds,
// whatever bytes it is given: openssl's text, every reader of the import
// pipeline's table (src/import/reader.h) that takes the bytes, and the
// pipeline itself (src/import/pipeline.h) as a dry run.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>

#include "import/pipeline.h"
#include "import/reader.h"
#include "parse/classify.h"
#include "parse/speed_parser.h"

namespace {
// The whole of `import --dry-run` on the bytes as one file: the reader its
// head chooses (a bundle too), the runs made final, named and keyed.
void import_dry_run(std::string_view text) {
    speedlab::import::Options options;
    options.dry_run = true;
    speedlab::import::Found found;
    std::istringstream in{std::string(text)};
    speedlab::import::read_file(in, "fuzz", options, found);
    for (const auto& run : speedlab::import::store_found(found, options, nullptr))
        for (const auto& m : run.measurements)
            if (!(m.value > 0)) __builtin_trap();
    speedlab::import::summary_lines(found, options);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    // Stage 2 alone, on the first line: classify must take any line, and a
    // token's views stay inside it.
    std::string_view first = text.substr(0, text.find('\n'));
    auto token = speedlab::parse::classify(first);
    auto row = std::get_if<speedlab::parse::ThroughputRow>(&token.line);
    for (auto cell : row ? row->cells : std::vector<std::string_view>{})
        if (cell.data() < first.data() || cell.data() + cell.size() > first.data() + first.size())
            __builtin_trap();
    try {
        auto parsed = speedlab::parse::parse_speed_text(text, "fuzz");
        for (const auto& run : parsed.runs)
            for (const auto& m : run.measurements)
                if (!(m.value > 0)) __builtin_trap();  // a stored figure is always positive
    } catch (const speedlab::parse::InputError&) {
    }
    // A file longer than the bytes sniffed is read whole by the reader its
    // head chose: the first half of a longer input stands for such a head.
    std::string_view head = text.substr(0, speedlab::import::kSniffBytes);
    std::string_view half = text.substr(0, text.size() > 1024 ? text.size() / 2 : 0);
    speedlab::import::Options options;
    for (const auto& reader : speedlab::import::readers()) {
        if (reader.carries_runs || !(reader.sniff(head) || (!half.empty() && reader.sniff(half))))
            continue;
        speedlab::import::Input input{
            .name = "fuzz", .text = std::make_shared<std::string>(text), .options = &options};
        for (const auto& run : reader.read(input).runs)
            for (const auto& m : run.measurements)
                if (!(m.value > 0)) __builtin_trap();
    }
    import_dry_run(text);
    return 0;
}
