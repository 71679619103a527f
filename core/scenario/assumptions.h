#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/scenario/field_json.h"
#include "core/scenario/field_table.h"
#include "core/scenario/scenario.h"

// Where each resolved input came from, so every output can say what it assumed (issue 17): the
// fields the user gave (a file or a flag), those a recipe, a model preset or a derivation rule
// set, and the defaults. Computed from the scenario and the paths the reader recorded.
namespace shardscope {

enum class FieldOrigin { Given, Recipe, Preset, Derived, Default };
const char* originId(FieldOrigin origin);  // "given", "recipe", "preset", "derived", "default"

FieldOrigin fieldOrigin(const Scenario& scenario, const FieldPaths& given, const FieldSpec& spec);

// The fields of the resolved scenario (those scenarioToJson writes) that the user did not give.
FieldPaths defaultsUsed(const Scenario& scenario, const FieldPaths& given);

// Adds "inputs" (the resolved scenario in the scenario-file format: --scenario reads it back),
// "defaults_used" (field paths) and "assumed" ({path: "default|preset|recipe|derived"}) to a
// command's JSON object.
void addResolvedInputs(nlohmann::json& document, const Scenario& scenario, const FieldPaths& given);

// The resolved scenario in a few lines for the head of a table: model shape, training, layout,
// cluster and efficiency assumptions, each assumed value marked (* default, ^ preset, + recipe,
// ~ derived; a legend line says so).
std::string resolvedInputsText(const Scenario& scenario, const FieldPaths& given);

// One line for an exported chart: model, layout, GPU and recipe ("Llama 2 7B, 64 x h100-sxm:
// dp 64, tp 1, pp 1, ZeRO-3, micro-batch 1, seq 4096, bf16-mixed; recipe none").
std::string chartCaption(const Scenario& scenario);

} // namespace shardscope
