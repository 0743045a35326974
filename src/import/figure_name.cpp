#include "import/figure_name.h"

#include <charconv>
#include <vector>

#include "core/algorithm.h"
#include "core/algorithm_registry.h"
#include "core/metric_pattern.h"
#include "core/text.h"

namespace speedlab::import {

namespace {

// Unit words at a name's end (lower case), longest first; `kbs` is openssl's
// k (KB/s = 1000 bytes/s, as harnesses copy it). Bits per second are left out.
struct UnitTail {
    std::vector<std::string_view> words;
    double factor;
    bool ops;
};
const UnitTail kUnitTails[] = {
    {{"bytes", "per", "sec"}, 1, false},
    {{"bytes", "per", "s"}, 1, false},
    {{"kb", "per", "sec"}, 1000, false},
    {{"per", "sec"}, 1, true},
    {{"per", "s"}, 1, true},
    {{"ops", "sec"}, 1, true},
    {{"kb", "s"}, 1000, false},
    {{"kbs"}, 1000, false},
    {{"ops"}, 1, true},
    {{"bps"}, 1, false},
};

std::vector<std::string_view> tokens_of(std::string_view name) {
    std::vector<std::string_view> out;
    size_t start = 0;
    for (size_t k = 0; k <= name.size(); ++k)
        if (k == name.size() || name[k] == '_' || name[k] == '-') {
            if (k > start) out.push_back(name.substr(start, k - start));
            start = k + 1;
        }
    return out;
}

// "16", "16b", "1k" (1024 bytes, as `-bytes 1024`), "8192bytes"; 0 for no size.
int64_t size_token(std::string_view t) {
    int64_t n = 0;
    auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
    if (ec != std::errc{} || end == t.data() || n <= 0 || n > (int64_t{1} << 30)) return 0;
    std::string_view rest(end, static_cast<size_t>(t.data() + t.size() - end));
    if (rest.empty() || rest == "b" || rest == "bytes") return n;
    if (rest == "k" || rest == "kb" || rest == "kib") return n <= (1 << 20) ? n * 1024 : 0;
    return 0;
}

// The unit the last tokens of TOKS give, taken off them; nullptr for none.
const UnitTail* take_unit(std::vector<std::string_view>& toks) {
    for (const auto& tail : kUnitTails) {
        if (toks.size() <= tail.words.size()) continue;
        bool all = true;
        for (size_t k = 0; k < tail.words.size() && all; ++k)
            all = toks[toks.size() - tail.words.size() + k] == tail.words[k];
        if (!all) continue;
        toks.resize(toks.size() - tail.words.size());
        return &tail;
    }
    return nullptr;
}

std::string joined(const std::vector<std::string_view>& toks, std::string_view sep) {
    std::string out;
    for (auto t : toks) {
        if (!out.empty()) out += sep;
        out += t;
    }
    return out;
}

}  // namespace

std::optional<FigureName> figure_name(std::string_view name) {
    std::string lower = lower_ascii(trimmed_view(name));
    if (lower.empty() || lower.find_first_of(" \t/") != std::string::npos) return std::nullopt;
    auto toks = tokens_of(lower);
    const UnitTail* unit = take_unit(toks);
    if (toks.size() < 2) return std::nullopt;
    FigureName out;
    auto op = parse_operation(toks.back());
    if (op && *op != Operation::throughput && *op != Operation::score) {
        if (unit && !unit->ops) return std::nullopt;  // "sign_kbs": no such figure
        toks.pop_back();
        // "rsa 2048", "ecdsa p256": the key as people type it, whatever joined it.
        out.algorithm = canonical_algorithm_name(joined(toks, " "));
        if (!looks_like_algorithm(out.algorithm) ||
            kind_of(out.algorithm) != AlgorithmKind::public_key)
            out.algorithm = canonical_algorithm_name(joined(toks, ""));
        if (kind_of(out.algorithm) != AlgorithmKind::public_key) return std::nullopt;
        out.operation = *op;
    } else {
        if (unit && unit->ops) return std::nullopt;  // "md5_16_per_sec": counts, not bytes
        // "sha-256", "sha_512": the last two words one known algorithm's name, no size.
        std::string last_two = std::string(toks[toks.size() - 2]) + std::string(toks.back());
        if (algorithm_info(canonical_symmetric_id(last_two))) return std::nullopt;
        out.size = size_token(toks.back());
        if (out.size == 0) return std::nullopt;
        toks.pop_back();
        out.algorithm = canonical_symmetric_id(joined(toks, "-"));
        if (kind_of(out.algorithm) == AlgorithmKind::public_key) return std::nullopt;
    }
    if (!looks_like_algorithm(out.algorithm)) return std::nullopt;
    out.factor = unit ? unit->factor : 0;
    return out;
}

Measurement named_figure(const FigureName& f, double value, double step, std::string printed) {
    Measurement m;
    m.algorithm = f.algorithm;
    m.operation = f.operation;
    m.parameter = f.size;
    m.value = value;
    m.printed_step = step;
    m.source_name = std::move(printed);
    return m;
}

}  // namespace speedlab::import
