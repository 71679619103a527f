#pragma once
#include <nlohmann/json.hpp>

#include "core/precision/drift.h"

namespace shardscope {

// The drift command's JSON (docs/architecture.md, "The command-line contract"): inputs, final value, exact value, errors, lost updates,
// the swamping threshold and the curve as [step, value, exact] triples.
nlohmann::json driftToJson(const DriftSpec& spec, const DriftResult& result);

} // namespace shardscope
