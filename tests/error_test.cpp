// speedlab::Error's kinds: each one exit code (docs/cli.md) and one HTTP status.
#include "core/error.h"

#include <gtest/gtest.h>

namespace speedlab {
namespace {

TEST(ErrorKinds, EachHasItsExitCodeAndStatus) {
    struct Case {
        ErrorKind kind;
        int exit, status;
    };
    const Case cases[] = {
        {ErrorKind::usage, 2, 400},
        {ErrorKind::input, 65, 400},
        {ErrorKind::io, 1, 500},
        {ErrorKind::busy, 1, 503},
        {ErrorKind::not_found, 2, 404},
        {ErrorKind::failed, 1, 422},
        {ErrorKind::interrupted, 130, 503},
        {ErrorKind::internal, 1, 500},
    };
    for (const auto& c : cases) {
        Error e(c.kind, "why");
        EXPECT_EQ(exit_code(e.kind()), c.exit) << static_cast<int>(c.kind);
        EXPECT_EQ(http_status(e.kind()), c.status) << static_cast<int>(c.kind);
        EXPECT_STREQ(e.what(), "why");
    }
}

}  // namespace
}  // namespace speedlab
