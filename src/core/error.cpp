#include "core/error.h"

namespace speedlab {

int exit_code(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::usage:
        case ErrorKind::not_found:
            return 2;
        case ErrorKind::input:
            return 65;  // EX_DATAERR
        case ErrorKind::io:
        case ErrorKind::busy:
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
        case ErrorKind::busy:
            return 503;
        case ErrorKind::io:
        case ErrorKind::internal:
            return 500;
    }
    return 500;
}

}  // namespace speedlab
