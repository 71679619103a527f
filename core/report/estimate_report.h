#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/estimate/estimate.h"

namespace shardscope {

// The contract's JSON (docs/architecture.md, "The command-line contract"): bytes are plain numbers of bytes.
nlohmann::json estimateToJson(const Scenario& scenario, const Estimate& estimate);

// An aligned table for people: every memory part in GB (1e9) and GiB (2^30), single GPU beside
// the layout's most loaded GPU.
std::string estimateTable(const Scenario& scenario, const Estimate& estimate);

// One row per quantity: quantity,unit,single_gpu,per_gpu.
std::string estimateCsv(const Scenario& scenario, const Estimate& estimate);

} // namespace shardscope
