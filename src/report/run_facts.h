#pragma once
// A run's and its machine's facts, listed once: every page and table that shows
// them (the run page, the compare page, the HTML report) picks from this list,
// so a fact reads the same everywhere.
#include <string>
#include <string_view>
#include <vector>

#include "core/run.h"

namespace speedlab::report {

enum class FactId {
    source,
    measured,
    stored,
    benchmark,
    machine,
    cpu,
    mhz,
    cores,
    memory,
    distribution,
    kernel,
    kind,
    platform,
    processes,
    build,
    conditions,
    bogomips,
    read_from
};

struct Fact {
    FactId id;
    std::string_view name;  // as a table header shows it: "CPU", "MHz"
    std::string value;      // never empty: unknown facts are left out
};

// Every known fact of a run, in the order pages show them; a fact that can occur
// several times (read_from) is listed once per value.
std::vector<Fact> run_facts(const Run& run);
// Only the facts asked for, in the order asked, each with its value or "".
std::vector<Fact> pick_facts(const Run& run, const std::vector<FactId>& ids);

// A machine's fact (machine, cpu, mhz, cores, memory, distribution, kernel,
// kind, bogomips) as every page and sysinfo word it; "" unknown or a run's fact.
std::string machine_fact(const Machine& machine, FactId id);
// "emulated (PCem)", "physical": a machine's kind with its emulator.
std::string kind_text(const std::string& kind, const std::string& emulator);
// "72 MiB", "1.5 GiB": what a person says of a size in kB.
std::string mebibytes(long long kb);
// A clock in MHz with at most 3 decimals and no trailing zeros: "75", "866.412".
std::string mhz_text(double mhz);

}  // namespace speedlab::report
