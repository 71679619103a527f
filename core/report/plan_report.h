#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/plan/plan_types.h"

// The planner's result as the command line prints it (the `plan` JSON contract in
// docs/architecture.md), as a table and as CSV (one row per ranked plan).
namespace shardscope {

nlohmann::json planToJson(const Scenario& base, const PlanResult& result);
std::string planTable(const Scenario& base, const PlanResult& result);
std::string planCsv(const PlanResult& result);

} // namespace shardscope
