#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/estimate/estimate.h"

namespace shardscope {

// The ops command's JSON (docs/architecture.md, "The command-line contract"): checkpoint, failures,
// interval and goodput of the scenario's layout, and the same for one GPU under "single_gpu" when
// `single` is given. Bytes are plain numbers of bytes.
nlohmann::json opsToJson(const Scenario& scenario, const Estimate& estimate, const Estimate* single);

// An aligned table for people.
std::string opsTable(const Scenario& scenario, const Estimate& estimate, const Estimate* single);

// One row per quantity: quantity,unit,single_gpu,cluster.
std::string opsCsv(const Scenario& scenario, const Estimate& estimate, const Estimate* single);

} // namespace shardscope
