#pragma once
// Portable reference kernels in plain C++ (no intrinsics, no libraries), so
// that the compiler's -march is the only thing that differs between the
// builds `speedlab experiment isa` compares. Not used for real benchmarks.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace speedlab::isa {

struct Kernel {
    std::string name;  // "md5", "sha1", "rc4", "des-cbc", "bf-cbc", "aes-128-cbc"
    void (*process)(uint8_t* buf, size_t len, void* state);
    void* (*make_state)();  // fresh state with a fixed key
    void (*free_state)(void*);
    std::string known_answer;  // hex of the published vector's output
    std::string (*check)();    // hex computed for that vector
};

const std::vector<Kernel>& kernels();

std::string hex(const uint8_t* p, size_t n);

}  // namespace speedlab::isa
