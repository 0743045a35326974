#include "core/measurement.h"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <utility>

#include "core/enum_names.h"

namespace speedlab {

namespace {
constexpr std::array<std::pair<Operation, std::string_view>, 10> kOperationNames{{
    {Operation::throughput, "throughput"},
    {Operation::sign, "sign"},
    {Operation::verify, "verify"},
    {Operation::derive, "derive"},
    {Operation::keygen, "keygen"},
    {Operation::encaps, "encaps"},
    {Operation::decaps, "decaps"},
    {Operation::encrypt, "encrypt"},
    {Operation::decrypt, "decrypt"},
    {Operation::score, "score"},
}};
}  // namespace

std::string_view to_string(Operation op) {
    return name_in(kOperationNames, op).value_or("unknown");
}

std::optional<Operation> parse_operation(std::string_view text) {
    return value_in(kOperationNames, text);
}

namespace {
std::string key_text(std::string_view algorithm, Operation op, int64_t parameter) {
    if (op == Operation::throughput) return fmt::format("{}@{}", algorithm, parameter);
    return fmt::format("{}.{}", algorithm, to_string(op));
}
}  // namespace

std::string metric_key(const Measurement& m) {
    return key_text(m.algorithm.view(), m.operation, m.parameter);
}

std::string metric_key(const MetricKey& k) {
    return key_text(k.algorithm, k.operation, k.parameter);
}

std::optional<MetricKey> parse_metric_key(std::string_view text) {
    MetricKey key;
    if (auto at = text.rfind('@'); at != std::string_view::npos) {
        auto digits = text.substr(at + 1);
        auto [ptr, ec] =
            std::from_chars(digits.data(), digits.data() + digits.size(), key.parameter);
        if (ec != std::errc{} || ptr != digits.data() + digits.size() || key.parameter <= 0)
            return std::nullopt;
        key.algorithm = std::string(text.substr(0, at));
        return key.algorithm.empty() ? std::nullopt : std::optional(key);
    }
    auto dot = text.rfind('.');
    if (dot == std::string_view::npos) return std::nullopt;
    auto op = parse_operation(text.substr(dot + 1));
    if (!op || *op == Operation::throughput) return std::nullopt;
    key.algorithm = std::string(text.substr(0, dot));
    key.operation = *op;
    return key.algorithm.empty() ? std::nullopt : std::optional(key);
}

std::string implausible_note(const Measurement& m) {
    return fmt::format("not stored: {} is {:g}/s, not a figure a machine gives ({:g} to {:g}/s)",
                       metric_key(m), m.value, kLeastFigure, kGreatestFigure);
}

std::vector<std::string> drop_implausible(std::vector<Measurement>& figures) {
    std::vector<std::string> notes;
    auto bad = [](const Measurement& m) { return !plausible_figure(m.value); };
    for (const auto& m : figures)
        if (bad(m)) notes.push_back(implausible_note(m));
    if (!notes.empty()) std::erase_if(figures, bad);
    for (auto& m : figures) std::erase_if(m.samples, [](double x) { return !plausible_figure(x); });
    return notes;
}

void lines_in_raw_text(std::vector<Measurement>& figures, size_t first, size_t last) {
    for (auto& m : figures)
        m.line = m.line >= first && m.line <= last ? static_cast<uint32_t>(m.line - first + 1) : 0;
}

}  // namespace speedlab
