#pragma once
// A figure named in one word, as harnesses name their metrics: the algorithm,
// then a block size or an operation, then perhaps a unit, joined by `_` or `-`
// (`aes_256_gcm_1k_kbs`, `rsa_2048_sign_per_sec`, `rsa2048-sign`, `md5-16`).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/measurement.h"

namespace speedlab::import {

struct FigureName {
    std::string algorithm;  // canonical id: "aes-256-gcm", "rsa2048", "ecdsa-p256"
    int64_t size = 0;       // bytes, for a throughput figure
    Operation operation = Operation::throughput;
    double factor = 0;  // to bytes/s or ops/s, when the name gives its unit; else 0
};

// Empty when NAME does not end in a size or an operation after an algorithm
// openssl speed measures (`handshakes_new_per_sec`, `fft_bogos`), or when its
// unit is one openssl never prints (`kbps`: kilobits or kilobytes?).
std::optional<FigureName> figure_name(std::string_view name);

// The figure F names, of VALUE in base units printed to STEP, its source as
// the file printed its name: one measurement per result line or bar.
Measurement named_figure(const FigureName& f, double value, double step, std::string printed);

}  // namespace speedlab::import
