#pragma once
#include <string>

#include "core/common/diagnostics.h"
#include "core/common/enum_table.h"
#include "core/scenario/scenario.h"

// From plan to a real engine: the scenario as a training engine's own launch arguments, JSON,
// TOML or YAML (docs/model.md, "Engine configurations"). Each writer targets one named version of
// its engine, stamps it in the file, and checks that engine's consistency rules before writing;
// a scenario the engine cannot express gets an error naming the rule, and no text.
namespace shardscope {

enum class Engine { Megatron, DeepSpeed, Torchtitan, Accelerate, Torchrun };
template <> const EnumTable& enumTable<Engine>();

// The version of an engine a writer targets, and where its key names were read.
struct EngineTarget {
    const char* name;     // "Megatron-LM"
    const char* version;  // "core_v0.15.0"
    const char* source;   // "NVIDIA/Megatron-LM 0d7e02bd, megatron/training/arguments.py"
};
const EngineTarget& engineTarget(Engine engine);

struct EngineConfig {
    Engine engine = Engine::Megatron;
    std::string fileName;     // what to call the file: "train_megatron.sh", "ds_config.json", ...
    std::string format;       // "bash", "json", "toml", "yaml", "python"
    std::string text;         // the file; empty when a rule is broken
    std::string launch;       // the command that starts the training with it
    Diagnostics diagnostics;  // errors: rules the scenario breaks; warnings: what the engine does differently
    bool ok() const { return !hasErrors(diagnostics); }
};

// The scenario as `engine`'s configuration. The scenario is assumed valid (checkScenario); the
// engine's own rules are checked here, each reported with the field at fault.
EngineConfig exportConfig(const Scenario& scenario, Engine engine);

} // namespace shardscope
