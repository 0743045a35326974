// The rate words as data (rate_words.h).
#include "core/rate_words.h"

#include <string>
#include <utility>

#include "core/text.h"

namespace speedlab {

namespace {

// Lower case; no word holds another, so a search for each finds the one meant.
constexpr std::pair<std::string_view, Operation> kRateWords[] = {
    {"sign/s", Operation::sign},     {"signs/s", Operation::sign},
    {"verify/s", Operation::verify}, {"verifies/s", Operation::verify},
    {"keygen/s", Operation::keygen}, {"keygens/s", Operation::keygen},
    {"encaps/s", Operation::encaps}, {"decaps/s", Operation::decaps},
    {"encs/s", Operation::encrypt},  {"decs/s", Operation::decrypt},
};

}  // namespace

std::optional<Operation> rate_operation(std::string_view word) {
    std::string w = lower_ascii(trimmed_view(word));
    for (const auto& [name, op] : kRateWords)
        if (w == name) return op;
    return std::nullopt;
}

std::optional<Operation> rate_operation_in(std::string_view lower_text) {
    for (const auto& [name, op] : kRateWords)
        if (lower_text.find(name) != std::string_view::npos) return op;
    return std::nullopt;
}

}  // namespace speedlab
