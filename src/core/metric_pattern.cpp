#include "core/metric_pattern.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>
#include <charconv>

#include "core/algorithm.h"
#include "core/algorithm_registry.h"
#include "core/error.h"
#include "core/text.h"

namespace speedlab {

namespace {
// "rsa-2048" and "rsa 2048" (canonical_symmetric_id made the space a hyphen)
// are "rsa2048": public-key ids join family and key size.
std::string join_key_size(std::string id) {
    static const auto joined = families_with(kBitsJoined), curves = families_with(kCurveKeys);
    for (std::string_view family : joined) {
        if (id.size() > family.size() + 1 && id.compare(0, family.size(), family) == 0 &&
            id[family.size()] == '-' && ascii_digit(id[family.size() + 1]))
            return std::string(family) + id.substr(family.size() + 1);
    }
    // openssl speed's own argument names: "ecdsap256", "ecdhx25519".
    for (std::string_view family : curves) {
        if (id.size() > family.size() && id.compare(0, family.size(), family) == 0 &&
            id[family.size()] != '-')
            return canonical_curve_id(family, id.substr(family.size()));
    }
    return id;
}

// A family ("rsa", "aes", "sha") names the ids it starts, cut at a digit or a
// hyphen; a name ending in a digit ("rsa4") is no family of "rsa4096".
bool family_of(std::string_view family, std::string_view id) {
    if (family.empty() || ascii_digit(family.back()) || id.size() <= family.size()) return false;
    if (id.substr(0, family.size()) != family) return false;
    char next = id[family.size()];
    return ascii_digit(next) || next == '-';
}

size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min(
                {prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}
}  // namespace

std::string canonical_algorithm_name(std::string_view typed) {
    return join_key_size(canonical_symmetric_id(trimmed_view(typed)));
}

std::optional<MetricPattern> parse_metric_pattern(std::string_view text) {
    MetricPattern p;
    std::string_view name = trimmed_view(text);
    if (auto at = name.rfind('@'); at != std::string_view::npos) {
        auto digits = name.substr(at + 1);
        int64_t bytes = 0;
        auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), bytes);
        if (ec != std::errc{} || ptr != digits.data() + digits.size() || bytes <= 0)
            return std::nullopt;
        p.parameter = bytes;
        name = name.substr(0, at);
    } else if (auto dot = name.rfind('.'); dot != std::string_view::npos) {
        auto op = parse_operation(lower_ascii(name.substr(dot + 1)));
        if (op && *op != Operation::throughput) {
            p.operation = op;
            name = name.substr(0, dot);
        }
    }
    if (trimmed_view(name).empty()) return std::nullopt;
    p.glob = name.find_first_of("*?[") != std::string_view::npos;
    p.algorithm = p.glob ? lower_ascii(trimmed_view(name)) : canonical_algorithm_name(name);
    return p;
}

bool matches(const MetricPattern& p, const MetricKey& key) {
    if (p.parameter && (key.operation != Operation::throughput || key.parameter != *p.parameter))
        return false;
    if (p.operation && key.operation != *p.operation) return false;
    if (p.glob) return fnmatch(p.algorithm.c_str(), key.algorithm.c_str(), 0) == 0;
    return key.algorithm == p.algorithm || family_of(p.algorithm, key.algorithm);
}

std::vector<std::string> closest_names(std::string_view wanted,
                                       const std::vector<std::string>& candidates, size_t n) {
    constexpr size_t kLimit = 64;  // each distance on at most 64 characters: stays fast
    std::string w = lower_ascii(wanted.substr(0, kLimit));
    std::vector<std::pair<size_t, size_t>> order;  // distance, index
    for (size_t i = 0; i < candidates.size(); ++i)
        order.emplace_back(edit_distance(w, lower_ascii(candidates[i].substr(0, kLimit))), i);
    std::stable_sort(order.begin(), order.end());
    std::vector<std::string> out;
    for (size_t i = 0; i < order.size() && out.size() < n; ++i)
        out.push_back(candidates[order[i].second]);
    return out;
}

namespace {
// What a user could have meant: each figure by its id and by its printed name.
std::vector<std::string> typeable_names(const std::vector<MetricKey>& available) {
    std::vector<std::string> names;
    for (const auto& k : available) {
        names.push_back(metric_key(k));
        std::string printed = openssl3_row_name(k.algorithm);
        if (printed != k.algorithm)
            names.push_back(metric_key(MetricKey{printed, k.operation, k.parameter}));
    }
    return names;
}

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out.empty() ? "none" : out;
}
}  // namespace

std::vector<MetricKey> select_metrics(std::string_view list,
                                      const std::vector<MetricKey>& available,
                                      std::string_view option) {
    std::vector<MetricKey> out;
    std::vector<bool> chosen(available.size());
    for (size_t start = 0; start <= list.size();) {
        size_t end = std::min(list.find(',', start), list.size());
        std::string_view item = list.substr(start, end - start);
        start = end + 1;
        auto pattern = parse_metric_pattern(item);
        if (!pattern) {
            throw Error(ErrorKind::usage,
                        fmt::format("{}: '{}' is not a figure; expected ALGORITHM, "
                                    "ALGORITHM@BYTES (md5@8192), ALGORITHM.OPERATION "
                                    "(rsa4096.sign) or a glob (aes-*@8192)",
                                    option, item));
        }
        bool any = false;
        for (size_t i = 0; i < available.size(); ++i)
            if (matches(*pattern, available[i])) chosen[i] = any = true;
        if (!any) {
            throw Error(
                ErrorKind::usage,
                fmt::format("{}: '{}' names no figure of these runs; closest: {}", option, item,
                            joined(closest_names(item, typeable_names(available), 3))));
        }
    }
    for (size_t i = 0; i < available.size(); ++i)
        if (chosen[i]) out.push_back(available[i]);
    return out;
}

}  // namespace speedlab
