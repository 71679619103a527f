#pragma once
#include <filesystem>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/common/diagnostics.h"
#include "core/scenario/scenario.h"

namespace shardscope {

// Scenario files: JSON with the CLI's flag names (dashes as underscores) grouped as model,
// training, parallel, cluster and overhead (DESIGN.md, "The command-line contract").
//
// The model group chooses a base shape, then overrides its fields:
//   "model": preset id | "hf_config": path to a config.json (relative to `baseDirectory`) |
//   "params": N (the --params family of shapes) | nothing (the default 7e9 family shape);
// any shape fields present ("layers", "hidden", ...) then override the base, and "params"
// makes the ledger use exactly N parameters. Errors name the field ("training.seq_len").
// Returns nullopt when an error was reported; the caller's scenario is left untouched.
std::optional<Scenario> scenarioFromJson(const nlohmann::json& document, const std::filesystem::path& baseDirectory,
                                         Diagnostics& out);

// Writes every input, so a file reproduces the scenario without depending on defaults.
nlohmann::json scenarioToJson(const Scenario& scenario);

// File helpers. saveScenarioFile writes atomically (a temporary file renamed over the target),
// so a failed save never destroys the previous file.
std::optional<Scenario> loadScenarioFile(const std::filesystem::path& path, Diagnostics& out);
bool saveScenarioFile(const Scenario& scenario, const std::filesystem::path& path, std::string& error);

// Parses a LoRA target list such as "q,k,v,o" or "all" into ProjectionBit flags; 0 on error.
unsigned parseLoraTargets(const std::string& text);
std::string loraTargetsText(unsigned targets);

} // namespace shardscope
