#pragma once
// Turns `openssl speed` algorithm names from the command line into the
// canonical ids of the benchmarks to run.
#include <string>
#include <vector>

namespace speedlab::bench {

// The canonical ids NAMES select, in run order, no duplicates. Names are those
// of openssl speed (md5 des rsa rsa2048 ecdsap256 ...), EVP cipher or digest
// names (aes-128-gcm, sha3-256), "classic" for the suite of the seed texts,
// or "all". No names means the classic suite. A name selecting nothing throws
// Error(usage) listing the valid names.
std::vector<std::string> select_algorithms(const std::vector<std::string>& names);

// Whether select_algorithms takes NAME, for completion.
bool algorithm_name_known(const std::string& name);

// The names select_algorithms understands, for help and error messages.
std::vector<std::string> known_algorithm_names();

// The classic suite: md5 sha1 rc4 des blowfish aes-128-cbc rsa512..4096 dsa512..2048.
std::vector<std::string> classic_suite();

}  // namespace speedlab::bench
