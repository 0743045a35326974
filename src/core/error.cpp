#include "core/error.h"

#include <iterator>

namespace speedlab {

namespace {
// Each kind's exit code and HTTP status, in one table so the two cannot drift.
struct KindCodes {
    ErrorKind kind;
    int exit, http;
};
constexpr KindCodes kCodes[] = {
    {ErrorKind::usage, 2, 400},
    {ErrorKind::not_found, 2, 404},
    {ErrorKind::input, 65, 400},         // EX_DATAERR
    {ErrorKind::interrupted, 130, 503},  // 128 + SIGINT, as a shell reports Ctrl-C
    {ErrorKind::io, 1, 500},
    {ErrorKind::busy, 1, 503},
    {ErrorKind::failed, 1, 422},
    {ErrorKind::internal, 1, 500}};

const KindCodes& codes_of(ErrorKind kind) {
    for (const auto& c : kCodes)
        if (c.kind == kind) return c;
    return kCodes[std::size(kCodes) - 1];  // internal
}
}  // namespace

int exit_code(ErrorKind kind) {
    return codes_of(kind).exit;
}

int http_status(ErrorKind kind) {
    return codes_of(kind).http;
}

}  // namespace speedlab
