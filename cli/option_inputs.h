#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "cli/command.h"

// The resolved inputs of the commands that take options rather than a scenario (drift, reduce,
// data), said as the scenario commands say theirs (issue 17): "inputs" (every option's value as
// used, defaults included, keyed by the flag's name) and "defaults_used" (the options not given).
namespace shardscope::cli {

nlohmann::json withOptionInputs(nlohmann::json document, const Invocation& invocation, const nlohmann::json& inputs);

// "Resolved inputs (* default): dtype bf16*, steps 10000*, ..." and a blank line, for a table's head.
std::string optionInputsText(const Invocation& invocation, const nlohmann::json& inputs);

} // namespace shardscope::cli
