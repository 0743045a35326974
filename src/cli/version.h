#pragma once
// What `speedlab --version` says: this build and the libraries it runs with.
#include <string>

namespace speedlab::cli {

// Version, git revision, libcrypto, and the database back ends compiled in
// (lines, without a final newline).
std::string version_text();

}  // namespace speedlab::cli
