#pragma once
// The words a per-second column or figure is counted in ("sign/s",
// "Verifies/s", "keygens/s", "encaps/s", "encs/s"), as openssl prints them and
// people type them: one table that the typed-table rules and the data-file
// readers ask, so no reader keeps a list of its own.
#include <optional>
#include <string_view>

#include "core/measurement.h"

namespace speedlab {

// The operation WORD counts (case and surrounding spaces aside); nullopt for
// any other word ("ops/s", "kB/s", "sign").
std::optional<Operation> rate_operation(std::string_view word);
// The first such word LOWER_TEXT holds ("rsa2048_sign/s"): a data file's column name.
std::optional<Operation> rate_operation_in(std::string_view lower_text);

}  // namespace speedlab
