#pragma once
// What the import pipeline's choice of reader makes of a text: shared by the
// tests of the readers and of the corpus's typed tables.
#include <algorithm>
#include <memory>
#include <sstream>
#include <string>

#include "import/pipeline.h"
#include "import/reader.h"
#include "test_support.h"

namespace speedlab::testing {

struct Found {
    std::string reader;
    import::Read read;
};

// The reader the first bytes of TEXT (named FILE) choose, and what it reads.
inline Found read_text(const std::string& file, const std::string& text) {
    static const import::Options options;
    const import::Reader& reader =
        import::reader_for(std::string_view(text).substr(0, import::kSniffBytes));
    std::istringstream rest(text.substr(std::min(text.size(), import::kSniffBytes)));
    import::Input input{.name = file,
                        .head = text.substr(0, import::kSniffBytes),
                        .rest = &rest,
                        .text = std::make_shared<std::string>(text),
                        .options = &options};
    return {std::string(reader.name), reader.read(input)};
}

// Run RUN's figure at (ALGORITHM, OP, SIZE), checked against VALUE: null, with
// the failure recorded, when the text gives no such run or figure.
inline const Measurement* expect_figure(const import::Read& read, size_t run,
                                        const std::string& algorithm, Operation op, int64_t size,
                                        double value) {
    EXPECT_TRUE(read.refused.empty()) << read.refused;
    if (run >= read.runs.size()) {
        ADD_FAILURE() << "no run " << run << " (" << read.runs.size() << " read)";
        return nullptr;
    }
    const Measurement* m = read.runs[run].find(algorithm, op, size);
    if (m == nullptr) {
        ADD_FAILURE() << algorithm << "@" << size << " not read";
        return nullptr;
    }
    EXPECT_NEAR(m->value, value, std::max(value * 1e-9, 0.01));
    return m;
}

// The same for a file of tests/data/corpus.
inline Found read_corpus(const std::string& file) {
    return read_text(file, read_fixture("corpus/" + file));
}

// A figure a typed-table test wants: INPUT is a text, or a file of
// tests/data/corpus (a name ending in .txt or .md).
struct InputWant {
    const char* name;
    const char* input;
    size_t run;
    const char* algorithm;
    Operation op;
    int64_t size;
    double value;  // bytes/s or operations/s
};

inline import::Read read_input(const char* input) {
    std::string_view name(input);
    bool file = name.ends_with(".txt") || name.ends_with(".md");
    return file ? read_corpus(input).read : read_text("typed.txt", input).read;
}

// Each of WANTS's figures, checked by expect_figure.
template <size_t N>
void expect_inputs(const InputWant (&wants)[N]) {
    for (const auto& w : wants) {
        SCOPED_TRACE(w.name);
        expect_figure(read_input(w.input), w.run, w.algorithm, w.op, w.size, w.value);
    }
}

}  // namespace speedlab::testing
