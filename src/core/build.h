#pragma once
// A run's build: the library and its version, its options and compiler flags,
// assembly or not, and the program that ran it. Runs of one build on one
// machine form a history; a new build starts a new one, so a step between
// NO_ASM and asm, or between 0.9.5a and 0.9.6b, is never taken for a change.
#include <string>
#include <vector>

#include "core/run.h"

namespace speedlab {

// Equal for runs of the same build, whatever their labels or dates.
std::string build_key(const Run& run);

// What people call it: "OpenSSL 0.9.6b engine", "OpenSSL 0.9.6b no-asm",
// "libcrypto 3.0.19": the library, its version number and bracketed tags,
// without the release date; "no-asm" where the flags say so.
std::string build_name(const Run& run);

// Whether the build was compiled without assembly (-DNO_ASM, -DOPENSSL_NO_ASM, no-asm).
bool built_without_asm(const Run& run);

// Names for KEYS (in order) unique among them: a name two builds share is
// told apart by " (build 2)", " (build 3)" after its first.
std::vector<std::string> unique_build_names(const std::vector<std::string>& keys,
                                            const std::vector<std::string>& names);

}  // namespace speedlab
