// One build of the portable kernels (compiled once per CPU level by CMake).
// Prints, per kernel: its known-answer check, a checksum of a fixed buffer's
// output (must be equal at every level), and its speed in bytes per second.
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "isa/kernels.h"

namespace {
double user_seconds() {
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return double(ru.ru_utime.tv_sec) + double(ru.ru_utime.tv_usec) * 1e-6;
}
uint64_t fnv1a(const std::vector<uint8_t>& v) {
    uint64_t h = 1469598103934665603ull;
    for (uint8_t b : v) h = (h ^ b) * 1099511628211ull;
    return h;
}
}  // namespace

int main(int argc, char** argv) {
    double seconds = argc > 1 ? std::atof(argv[1]) : 0.5;
    size_t size = argc > 2 ? size_t(std::atol(argv[2])) : 8192;
    if (seconds <= 0 || size == 0 || size > (64u << 20)) {
        std::fprintf(stderr, "usage: %s SECONDS BYTES\n", argv[0]);
        return 2;
    }
    int failures = 0;
    for (const auto& k : speedlab::isa::kernels()) {
        std::string got = k.check();
        bool ok = got == k.known_answer;
        failures += !ok;
        std::vector<uint8_t> buf(size);
        for (size_t i = 0; i < size; ++i) buf[i] = uint8_t(i * 31 + 7);
        void* state = k.make_state();
        k.process(buf.data(), buf.size(), state);
        uint64_t checksum = fnv1a(buf);
        long count = 0;
        double start = user_seconds(), now = start;
        while (ok && (now = user_seconds()) - start < seconds) {
            k.process(buf.data(), buf.size(), state);
            ++count;
        }
        k.free_state(state);
        double rate = ok && now > start ? double(count) * double(size) / (now - start) : 0;
        std::printf("%s kat=%s check=%016llx count=%ld seconds=%.6f bytes_per_second=%.2f\n",
                    k.name.c_str(), ok ? "ok" : ("FAIL:" + got).c_str(),
                    static_cast<unsigned long long>(checksum), count, now - start, rate);
    }
    return failures ? 1 : 0;
}
