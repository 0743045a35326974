// The one table of per-second words (core/rate_words.h) that the typed-table
// rules and the data-file readers ask: openssl's words and their plurals.
#include "core/rate_words.h"

#include <gtest/gtest.h>

#include <optional>

namespace speedlab {
namespace {

struct Case {
    const char* name;
    const char* input;
    std::optional<Operation> want;
};

TEST(RateWords, AWordNamesItsOperation) {
    const Case cases[] = {
        {"openssl's sign column", "sign/s", Operation::sign},
        {"a report's capital", "Sign/s", Operation::sign},
        {"plural", "signs/s", Operation::sign},
        {"verify", "verify/s", Operation::verify},
        {"verifies, spaced", " Verifies/s ", Operation::verify},
        {"keygen", "keygen/s", Operation::keygen},
        {"openssl 3.5's keygens", "keygens/s", Operation::keygen},
        {"encaps", "encaps/s", Operation::encaps},
        {"decaps", "DECAPS/s", Operation::decaps},
        {"rsa encrypt", "encs/s", Operation::encrypt},
        {"rsa decrypt", "decs/s", Operation::decrypt},
        {"no operation", "ops/s", std::nullopt},
        {"a unit", "kB/s", std::nullopt},
        {"no rate", "sign", std::nullopt},
        {"within a name is no word", "rsa_sign/s", std::nullopt},
    };
    for (const auto& c : cases) EXPECT_EQ(rate_operation(c.input), c.want) << c.name;
}

TEST(RateWords, AColumnNameHoldsOne) {
    const Case cases[] = {
        {"a data file's column", "rsa2048_sign/s", Operation::sign},
        {"plural keygens", "ml-kem keygens/s", Operation::keygen},
        {"ops only", "ops/s", std::nullopt},
        {"bytes", "throughput_bps", std::nullopt},
    };
    for (const auto& c : cases) EXPECT_EQ(rate_operation_in(c.input), c.want) << c.name;
}

}  // namespace
}  // namespace speedlab
