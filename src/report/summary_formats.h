#pragma once
// The run list and the machine list in every format: what `speedlab list`,
// `speedlab machines` and the served pages' ?format=json|csv print alike.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "report/formats.h"
#include "store/database.h"

namespace speedlab::report {

using RunList = std::vector<store::RunSummary>;
using MachineList = std::vector<store::MachineSummary>;

// text, json, csv, markdown.
const Formats<RunList>& run_list_formats();
const Formats<MachineList>& machine_list_formats();

// A time stamp to the minute ("2026-12-06 03:50"), a date alone as stated,
// "-" unknown: tables stay narrow.
std::string minute(const std::string& when);
// "emulated (PCem)", "physical": a machine's kind with its emulator.
std::string kind_text(const store::MachineSummary& machine);

// The objects of `list --format json` (the machine page adds them to its history).
nlohmann::json runs_json(const RunList& runs);

}  // namespace speedlab::report
