#pragma once
// A benchmark kernel: one operation of `openssl speed`, ready to be timed.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/measurement.h"

namespace speedlab::bench {

// One symmetric operation on a buffer of `len` bytes (a digest of it, or its
// encryption in place, continuing the cipher's chain as openssl speed does).
using BlockOp = std::function<void(uint8_t* buf, size_t len)>;

struct SymmetricKernel {
    std::string id;       // canonical id
    std::string backend;  // "libcrypto default", "libcrypto legacy", "speedlab"
    BlockOp op;
};

// One public-key operation; returns false when the library reports a failure.
struct PublicKeyOp {
    Operation operation;
    std::function<bool()> op;
};

struct PublicKeyKernel {
    std::string id;  // "rsa2048", "ecdsa-p256", "ecdh-x25519", "ed25519"
    int bits = 0;
    std::vector<PublicKeyOp> ops;  // in openssl's order: sign then verify
    std::shared_ptr<void> state;   // keeps keys and contexts alive
};

// The result of a known-answer check, run before anything is timed.
struct KnownAnswer {
    bool passed = false;
    std::string detail;  // what was checked, or what came out instead
};

}  // namespace speedlab::bench
