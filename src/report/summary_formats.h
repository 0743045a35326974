#pragma once
// The run list and the machine list as JSON and CSV: what `speedlab list`,
// `speedlab machines` and the served pages' ?format=json|csv print alike.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "store/database.h"

namespace speedlab::report {

// "emulated (PCem)", "physical": a machine's kind with its emulator.
std::string kind_text(const store::MachineSummary& machine);

nlohmann::json runs_json(const std::vector<store::RunSummary>& runs);
std::string runs_csv(const std::vector<store::RunSummary>& runs);
nlohmann::json machines_json(const std::vector<store::MachineSummary>& machines);
std::string machines_csv(const std::vector<store::MachineSummary>& machines);

}  // namespace speedlab::report
