// Output of programs other than `openssl speed` (cryptsetup, s_time, bssl,
// hashcat, Go and Rust benchmarks, wolfSSL, mbedTLS, the kernel's tcrypt...)
// gives no run, whatever reader its head chooses. Every NEGATIVE text of
// tests/data/corpus is read here, so a new one is covered when it is added.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "import_support.h"

namespace speedlab::testing {
namespace {

std::vector<std::string> negative_texts() {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(fixture_path("corpus"))) {
        std::string name = e.path().filename().string();
        if (name.find("-NEGATIVE-") != std::string::npos) names.push_back(name);
    }
    return names;
}

TEST(ImportNegatives, NoTextOfAnotherProgramGivesARun) {
    const auto names = negative_texts();
    ASSERT_GE(names.size(), 30u) << "the corpus's negatives were not found";
    for (const auto& name : names) {
        SCOPED_TRACE(name);
        Found found = read_corpus(name);
        EXPECT_TRUE(found.read.runs.empty())
            << found.reader << " read " << found.read.runs.size() << " run(s)";
    }
}

}  // namespace
}  // namespace speedlab::testing
