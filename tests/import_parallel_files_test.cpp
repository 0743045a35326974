// `speedlab import a b c ...` reads its texts side by side (import::read_files,
// issue 34): what it finds is what reading the files one after another finds,
// file by file, run by run and diagnostic by diagnostic, on the real texts of
// tests/data (a text given twice, a file not there, a bundle between texts).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/json.h"
#include "import/pipeline.h"

using namespace speedlab;

namespace {

const std::string kData = SPEEDLAB_TEST_DATA;

std::istream* open_file(const std::string& path, std::ifstream& file) {
    file.open(path, std::ios::binary);
    if (!file) throw Error(ErrorKind::input, path + ": cannot open");
    return &file;
}

// The files one after another, as `import` read them before read_files.
import::Found one_by_one(const std::vector<std::string>& paths,
                         const import::Options& options){import::Found found;
for (const auto& path : paths) {
    std::ifstream file;
    std::istream* in = nullptr;
    try {
        in = open_file(path, file);
    } catch (const Error& e) {
        import::refuse_file(path, e.what(), found);
        continue;
    }
    import::read_file(*in, path, options, found);
}
return found;
}  // namespace

// Everything a Found holds that import prints or stores, as one JSON value.
nlohmann::json as_json(const import::Found& found) {
    nlohmann::json files = nlohmann::json::array();
    for (const auto& f : found.files) {
        nlohmann::json runs = nlohmann::json::array();
        for (const auto& r : f.runs) {
            runs.push_back(to_json(r, true));
            runs.back().erase("when");  // the clock's when each was read
        }
        files.push_back({{"name", f.name},
                         {"reader", f.reader},
                         {"bundle", f.bundle},
                         {"refused", f.refused},
                         {"skipped", f.skipped},
                         {"runs", runs}});
    }
    return {{"files", files},
            {"unused_lines", found.unused_lines},
            {"diagnostics", found.diagnostics},
            {"texts", found.texts},
            {"most_runs", found.most_runs}};
}

std::vector<std::string> corpus_texts() {
    std::vector<std::string> paths;
    for (const auto& e : std::filesystem::directory_iterator(kData + "/corpus"))
        if (e.is_regular_file()) paths.push_back(e.path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

struct Case {
    const char* name;
    std::vector<std::string> files;  // under tests/data; "*": every text of tests/data/corpus
    size_t threads;
};

TEST(ImportParallelFiles, SameAsOneByOne) {
    const std::string text = "corpus/023-riscv-vector-sha256-handmade-md-table-k.txt";
    const std::string other = "corpus/004-openwrt-oldwiki-moinmoin-table.txt";
    const std::vector<Case> cases = {
        {"every text of the corpus, two threads", {"*"}, 2},
        {"every text of the corpus, one thread", {"*"}, 1},
        {"a text twice, a file not there, a bundle between texts",
         {text, "no-such-file.txt", other, "bundles/seed000-four-runs.json", text, other,
          "corpus/002-ssleay-083v-pentium100-linux-no-rate-columns.txt"},
         4},
    };
    for (const auto& c : cases) {
        std::vector<std::string> paths;
        for (const auto& f : c.files)
            if (f == "*") {
                auto all = corpus_texts();
                paths.insert(paths.end(), all.begin(), all.end());
            } else {
                paths.push_back(kData + "/" + f);
            }
        import::Options options;
        options.dry_run = true;
        options.threads = c.threads;
        import::Found side_by_side;
        import::read_files(paths, options, side_by_side, open_file);
        ASSERT_EQ(side_by_side.files.size(), paths.size()) << c.name;
        EXPECT_EQ(as_json(side_by_side), as_json(one_by_one(paths, options))) << c.name;
    }
}

}  // namespace
