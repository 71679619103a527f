#pragma once
#include "core/engines/engine_export.h"

// One writer per engine (megatron_writer.cpp, deepspeed_writer.cpp, torchtitan_writer.cpp,
// accelerate_writer.cpp, torchrun_writer.cpp). Each checks its engine's rules into
// config.diagnostics and, when none is broken, fills the text, the file name and the launch line.
namespace shardscope::engines {

void writeMegatron(const Scenario& scenario, EngineConfig& config);
void writeDeepSpeed(const Scenario& scenario, EngineConfig& config);
void writeTorchtitan(const Scenario& scenario, EngineConfig& config);
void writeAccelerate(const Scenario& scenario, EngineConfig& config);
void writeTorchrun(const Scenario& scenario, EngineConfig& config);

// The torchrun target's Python script (torchrun_script.cpp): a template with {{NAME}} fields.
const char* torchrunScriptTemplate();

} // namespace shardscope::engines
