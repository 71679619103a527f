#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/common/diagnostics.h"
#include "core/presets/preset_registry.h"

namespace shardscope {

// One accelerator. Every value cites its datasheet in the preset file.
struct GpuSpec {
    std::string id;
    std::string name;
    double memoryBytes = 0;      // memory a framework can allocate from (nvidia-smi memory.total)
    std::string memorySource;
    std::string origin;          // which preset file defined it
    const std::string& presetId() const { return id; }
};

using GpuPresets = PresetRegistry<GpuSpec>;

void parseGpuPreset(const nlohmann::json& object, GpuSpec& gpu, Diagnostics& out);

// Built-in (resources/presets/gpus) plus the user's presets, loaded once on first use.
const GpuPresets& standardGpuPresets();

} // namespace shardscope
