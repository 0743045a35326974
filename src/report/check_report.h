#pragma once
// The regression gate's verdict, for people (text) and for machines (JSON).
#include <string>

#include "compare/check.h"
#include "core/run.h"

namespace speedlab::report {

std::string check_text(const compare::CheckResult& result, const Run& baseline,
                       const Run& candidate);
std::string check_json(const compare::CheckResult& result, const Run& baseline,
                       const Run& candidate);

}  // namespace speedlab::report
