#pragma once
// The figures a user names on the command line (--metrics): a printed name of
// any era ("blowfish@8192", "hmac(md5)", "des cbc"), a canonical id
// ("bf-cbc@8192"), a bare algorithm ("md5": every size), a key without an
// operation ("rsa4096": sign and verify), a family ("rsa") or a glob
// ("aes-*@8192"), resolved through the algorithm registry.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/measurement.h"

namespace speedlab {

struct MetricPattern {
    std::string algorithm;  // canonical id, family or glob (lowercase)
    bool glob = false;
    std::optional<int64_t> parameter;    // "@8192"
    std::optional<Operation> operation;  // ".sign"
};

// Empty when TEXT names no algorithm at all ("", "@8192", "md5@x").
std::optional<MetricPattern> parse_metric_pattern(std::string_view text);

// The canonical id of an algorithm name as typed or printed: "Blowfish" ->
// "bf-cbc", "rsa 2048" -> "rsa2048", "ecdsap256" -> "ecdsa-p256".
std::string canonical_algorithm_name(std::string_view typed);

bool matches(const MetricPattern& pattern, const MetricKey& key);

// Resolves a comma-separated list against the figures AVAILABLE (those of the
// runs at hand): the keys meant, in the order of AVAILABLE, each once. An item
// that matches none of them throws Error(usage, "OPTION: ...") naming the
// three closest figures, never silently dropped. OPTION: where LIST was given
// ("--metrics", serve's "metrics"), so no caller rewraps the message.
std::vector<MetricKey> select_metrics(std::string_view list,
                                      const std::vector<MetricKey>& available,
                                      std::string_view option);

// The (at most) N names of CANDIDATES closest to WANTED by edit distance.
std::vector<std::string> closest_names(std::string_view wanted,
                                       const std::vector<std::string>& candidates, size_t n);

}  // namespace speedlab
