#pragma once
// What makes runs less comparable, said only where it is true: a fact is
// compared only between runs that state it, and each caveat names the runs by
// short labels, grouped by what they have.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/run.h"

namespace speedlab::compare {

// "2 engine": the run's id and its label (or its machine's name), cut to 32
// columns for a caveat or a legend.
std::string short_label(const Run& run);

// The block sizes of a run's throughput figures.
std::set<int64_t> block_sizes(const Run& run);

// Whether a run's CPU had a feature, from what libcrypto saw (CPUINFO), the
// capability mask in effect, or the machine's cpuinfo flags; nullopt: unknown.
// feature: "aesni", "sha" or "avx2". `with_mask` false: what the hardware has.
std::optional<bool> has_cpu_feature(const Run& run, const std::string& feature,
                                    bool with_mask = true);

// Benchmark version, assembler use, compiler flags, timing, processes,
// platform, CPU mask, CPU features (AES-NI, SHA, AVX2), block-size ladders,
// partial runs.
std::vector<std::string> comparability_caveats(const std::vector<const Run*>& runs);

}  // namespace speedlab::compare
