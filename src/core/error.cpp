#include "core/error.h"

namespace speedlab {

int exit_code(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::usage:
        case ErrorKind::not_found:
            return 2;
        case ErrorKind::input:
            return 65;  // EX_DATAERR
        case ErrorKind::interrupted:
            return 130;  // 128 + SIGINT, as a shell reports Ctrl-C
        case ErrorKind::io:
        case ErrorKind::busy:
        case ErrorKind::failed:
        case ErrorKind::internal:
            return 1;
    }
    return 1;
}

int http_status(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::usage:
        case ErrorKind::input:
            return 400;
        case ErrorKind::not_found:
            return 404;
        case ErrorKind::failed:
            return 422;
        case ErrorKind::busy:
        case ErrorKind::interrupted:
            return 503;
        case ErrorKind::io:
        case ErrorKind::internal:
            return 500;
    }
    return 500;
}

}  // namespace speedlab
