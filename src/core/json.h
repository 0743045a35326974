#pragma once
// The stable JSON form of runs (documented in docs/json.md).
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

#include "core/run.h"

namespace speedlab {

nlohmann::json to_json(const Measurement& m);
// {"per_second": 20.6, "seconds_per_op": 0.0485}, each key only where printed.
nlohmann::json to_json(const PrintedForms& printed);
PrintedForms printed_forms_from_json(const nlohmann::json& j);
nlohmann::json to_json(const Machine& machine);
nlohmann::json to_json(const Conditions& conditions);
// Each measurement of a run also gets the 95% interval of its median
// (`low`, `high`, `precision_reached`), null where there is none.
nlohmann::json to_json(const Run& run, bool with_raw_text = false);

// The measurement fields derived from the samples after content hashes were
// first stored: a run's content hash leaves them out, so it stays the same.
inline constexpr const char* kIntervalKeys[] = {"low", "high", "precision_reached"};

Measurement measurement_from_json(const nlohmann::json& j);
Machine machine_from_json(const nlohmann::json& j);
Conditions conditions_from_json(const nlohmann::json& j);
Run run_from_json(const nlohmann::json& j);

// A value, or null where there is none.
nlohmann::json or_null(const std::optional<double>& v);
nlohmann::json or_null(const std::optional<int>& v);

// Indented JSON text with a final newline; bytes that are not UTF-8 become
// U+FFFD, so a run imported from any text can always be printed.
std::string json_text(const nlohmann::json& j);
// The same on one line without spaces or newline, as stored and hashed.
std::string compact_json_text(const nlohmann::json& j);

}  // namespace speedlab
