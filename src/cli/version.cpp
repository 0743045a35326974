#include "cli/version.h"

#include <fmt/format.h>
#include <libpq-fe.h>
#include <openssl/crypto.h>
#include <sqlite3.h>

#include "cli/git_revision.h"
#include "core/build_info.h"

namespace speedlab::cli {

std::string version_text() {
    int pq = PQlibVersion();  // 150013 for 15.13 (10 and later: major * 10000 + minor)
    return fmt::format(
        "speedlab {}\n"
        "git revision: {}\n"
        "libcrypto: {}\n"
        "database back ends: sqlite {} (files), postgresql through libpq {}.{} (URLs)\n"
        "built with: {}, {}",
        SPEEDLAB_VERSION, SPEEDLAB_GIT_REVISION, OpenSSL_version(OPENSSL_VERSION),
        sqlite3_libversion(), pq / 10000, pq % 10000, SPEEDLAB_COMPILER, SPEEDLAB_BUILD_TYPE);
}

}  // namespace speedlab::cli
