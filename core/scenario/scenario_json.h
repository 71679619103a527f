#pragma once
#include <filesystem>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/common/diagnostics.h"
#include "core/scenario/field_json.h"
#include "core/scenario/scenario.h"

namespace shardscope {

// Scenario files: JSON with the CLI's flag names (dashes as underscores) grouped as model,
// training, parallel, cluster, overhead and perf; every field is a row of the field table
// (core/scenario/field_table.cpp; docs/architecture.md, "The command-line contract").
//
// The model group chooses a base shape, then overrides its fields:
//   "model": preset id | "hf_config": path to a config.json (relative to `baseDirectory`) |
//   "params": N (the --params family of shapes) | nothing (the default 7e9 family shape);
// any shape fields present ("layers", "hidden", ...) then override the base, and "params"
// makes the ledger use exactly N parameters. Errors name the field ("training.seq_len").
// Returns nullopt when an error was reported; the caller's scenario is left untouched.
// `given`, when not null, receives the paths of the fields the document set.
std::optional<Scenario> scenarioFromJson(const nlohmann::json& document, const std::filesystem::path& baseDirectory,
                                         Diagnostics& out, FieldPaths* given = nullptr);

// Writes every input, so a file reproduces the scenario without depending on defaults.
nlohmann::json scenarioToJson(const Scenario& scenario);

// File helpers. saveScenarioFile writes atomically (a temporary file renamed over the target),
// so a failed save never destroys the previous file.
std::optional<Scenario> loadScenarioFile(const std::filesystem::path& path, Diagnostics& out);
bool saveScenarioFile(const Scenario& scenario, const std::filesystem::path& path, std::string& error);

} // namespace shardscope
