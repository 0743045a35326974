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

// The same for a file of tests/data/corpus.
inline Found read_corpus(const std::string& file) {
    return read_text(file, read_fixture("corpus/" + file));
}

}  // namespace speedlab::testing
