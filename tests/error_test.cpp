// speedlab::Error's kinds: each one exit code (docs/cli.md) and one HTTP status.
#include "core/error.h"

#include <gtest/gtest.h>

#include "reference/select.h"

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

// A reference run nothing names is not found (exit 2, HTTP 404), for `ref:` and reference show.
TEST(ErrorKinds, AReferenceRunNothingNamesIsNotFound) {
    reference::ReferenceSet set;
    set.runs.push_back({.id = 1, .run = {}, .facts = {}});
    set.runs[0].run.label = "openssl-times/586-1002.lnx";
    EXPECT_EQ(reference::one_named(set, "586-1002").run, &set.runs[0]);
    try {
        reference::one_named(set, "nosuch");
        ADD_FAILURE() << "nosuch named a run";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::not_found);
        EXPECT_EQ(std::string(e.what()).substr(0, 25), "no reference run 'nosuch'");
    }
}

}  // namespace
}  // namespace speedlab
